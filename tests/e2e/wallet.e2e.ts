import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeftMoneyAnswer } from '../../src/shared/api/types';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, snapshot } from './support/browser';
import { admin, ageAccounts, api, englishContext, logIn, newMember } from './support/members';

/**
 * The wallet end to end: the operator credits a member, the member adds a USDT account (with the
 * withdrawal password), is told of it and waits its 24 hours, then withdraws; the fund log shows each change with its sign and balance before, the operator rejects
 * the withdrawal and the refund row appears; offline, the last fund log still reads.
 */
const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

async function fundLogRows(page: Page): Promise<{ amount: string; before: string; reason: string }[]> {
  return page.getByTestId('fund-log-row').evaluateAll((rows) =>
    rows.map((row) => ({
      amount: row.querySelector('[data-testid="fund-log-amount"]')?.textContent?.trim() ?? '',
      before: row.querySelector('[data-testid="fund-log-before"]')?.textContent?.trim() ?? '',
      reason: row.querySelector('[data-testid="fund-log-reason"]')?.textContent?.trim() ?? '',
    })),
  );
}

describe('wallet end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A deposit asks for turnover before a withdrawal by default; this journey withdraws at once.
    admin('settings:set', 'turnoverMultiple', '0');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('credit, add a USDT account, withdraw, read the fund log; reject and see the refund; read it offline', async () => {
    const member = newMember('wl', '500');
    const { token } = await api<{ token: string }>('/api/Index/login', { ...member });
    // The first withdrawal password is confirmed with the login password.
    await api('/api/Index/resetpaypwd', { token, loginpwd: member.password, newpwd: '246810', newpwd2: '246810' });

    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);

    await page.goto('/bankadd');
    await page.getByRole('radio', { name: 'USDT-TRC20' }).check();
    await page.getByLabel('Wallet address').fill(TRC20_ADDRESS);
    await page.getByLabel('Withdrawal password').fill('246810');
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.waitForURL('**/banklist');
    await expect.poll(() => page.getByTestId('bank-card-address').first().textContent()).toContain(TRC20_ADDRESS);

    // A new account waits 24 hours: the withdraw page says until when, and a withdrawal to it is refused.
    await page.goto('/withdraw');
    await expect
      .poll(() => page.getByTestId('withdraw-account-hold').textContent())
      .toMatch(/^New account: withdrawals to it are possible from /);
    await page.getByTestId('withdraw-account').getByRole('radio').first().check();
    await page.getByLabel('Amount (USD)').fill('10');
    await page.getByLabel('Withdrawal password').fill('246810');
    await page.getByTestId('withdraw-form').getByRole('button', { name: 'Withdraw' }).click();
    await expect
      .poll(() => page.getByTestId('withdraw-form').getByRole('alert').textContent())
      .toContain('a newly added account waits 24 hours');
    await snapshot(page, 'wallet-withdraw-account-held');
    // The member is told of the account in /message.
    await page.goto('/message');
    await page.getByRole('tab', { name: 'Personal' }).click();
    await expect
      .poll(() => page.getByTestId('messages-mine').getByTestId('message-text').first().textContent())
      .toMatch(/^An account ending bLSE was added; withdrawals to it are possible from /);

    // A day later (the harness dates the account back), the withdrawal goes through.
    ageAccounts(member.username);
    await page.goto('/withdraw');
    await expect.poll(() => page.getByTestId('withdraw-account-hold').count()).toBe(0);
    await expect.poll(() => page.getByTestId('withdrawable').textContent()).toContain('500.00');
    await page.getByTestId('withdraw-account').getByRole('radio').first().check();
    await page.getByLabel('Amount (USD)').fill('1,20.x50');
    // Commas and letters are dropped as the member types.
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('120.50');
    await page.getByLabel('Withdrawal password').fill('246810');
    await page.getByTestId('withdraw-form').getByRole('button', { name: 'Withdraw' }).click();
    await expect
      .poll(() => page.getByTestId('withdraw-success').textContent(), { timeout: 10_000 })
      .toContain('24 hours');

    await page.goto('/my_income');
    await expect.poll(async () => (await fundLogRows(page)).length).toBe(2);
    expect(await fundLogRows(page)).toEqual([
      { amount: '-120.50', before: expect.stringContaining('500.00'), reason: 'Withdrawal' },
      { amount: '+500.00', before: expect.stringContaining('0.00'), reason: 'Deposit' },
    ]);
    await snapshot(page, 'wallet-fund-log');

    const pending = admin('withdraw:list', '--status', 'pending')
      .split('\n')
      .find((line) => line.includes(member.username));
    const id = /^#(\d+) pending 120\.50 USD/.exec(pending ?? '')?.[1];
    expect(id, pending).toBeDefined();
    expect(admin('withdraw:reject', id!, '--note', 'e2e')).toContain('379.50 -> 500.00');

    await page.reload();
    await expect.poll(async () => (await fundLogRows(page)).length).toBe(3);
    expect((await fundLogRows(page))[0]).toEqual({
      amount: '+120.50',
      before: expect.stringContaining('379.50'),
      reason: 'Withdrawal refunded',
    });
    expect(admin('audit')).toContain('Audit passed');

    // The member is told in /message, and the withdraw page lists it as rejected with the note.
    await page.goto('/message');
    await page.getByRole('tab', { name: 'Personal' }).click();
    await expect
      .poll(() => page.getByTestId('messages-mine').getByTestId('message-text').first().textContent())
      .toBe('Your withdrawal of 120.50 USD to TQn9Y2…bLSE was rejected: e2e. The amount is back in your balance.');
    await page.goto('/withdraw');
    await expect.poll(() => page.getByTestId('withdrawal').first().getAttribute('data-status')).toBe('rejected');
    expect(await page.getByTestId('withdrawal-note').first().textContent()).toBe("Operator's note: e2e");
    await page.goto('/my_income');
    await expect.poll(async () => (await fundLogRows(page)).length).toBe(3);

    // Offline: the service worker serves the shell, Dexie the last fund log, marked stale.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(async () => (await fundLogRows(page)).length).toBe(3);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(async () => (await fundLogRows(page)).length).toBe(3);
    await expect.poll(() => page.getByTestId('stale-badge').first().isVisible()).toBe(true);
    await snapshot(page, 'wallet-fund-log-offline');
    await context.close();
  });

  it('one withdrawable figure: /user and /withdraw show the same amount and what holds the rest', async () => {
    const member = newMember('wd', '300');
    const { token } = await api<{ token: string }>('/api/Index/login', { ...member });
    await api('/api/Index/resetpaypwd', { token, loginpwd: member.password, newpwd: '246810', newpwd2: '246810' });
    await api('/api/Game/addbankcard', { token, type: 'USDT-TRC20', address: TRC20_ADDRESS, pwd: '246810' });
    ageAccounts(member.username);
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);

    const holdsText = async () =>
      (await page.getByTestId('withdrawable-holds').count())
        ? await page.getByTestId('withdrawable-holds').textContent()
        : '';

    /**
     * Each page shows `expected` (the figure and what holds the rest), confirmed by the server (no
     * stale badge). A page kept alive may show its last figure for a moment before it refreshes,
     * so each waits for the figure rather than taking the first one it sees.
     */
    async function bothPagesShow(expected: { figure: string; holds: string }) {
      for (const path of ['/user', '/withdraw']) {
        await page.goto(path);
        await expect
          .poll(() => page.getByTestId('withdrawable').textContent(), { timeout: 10_000 })
          .toBe(expected.figure);
        await expect.poll(() => page.getByTestId('stale-badge').count()).toBe(0);
        await expect.poll(holdsText).toBe(expected.holds);
      }
    }

    // (The turnover hold: the next test, with the operator's turnover setting on.)
    await bothPagesShow({ figure: '300.00', holds: '' });

    // A withdrawal waiting for the operator is held out of it, and said so on both pages.
    await page.goto('/withdraw');
    await page.getByTestId('withdraw-account').getByRole('radio').first().check();
    await page.getByLabel('Amount (USD)').fill('50');
    await page.getByLabel('Withdrawal password').fill('246810');
    await page.getByTestId('withdraw-form').getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => page.getByTestId('withdraw-success').count(), { timeout: 10_000 }).toBe(1);
    await bothPagesShow({ figure: '250.00', holds: 'Withdrawals pending: 50.00 USD' });
    await snapshot(page, 'wallet-withdrawable');
    await context.close();
  });

  // Last in the file: it turns the operator's turnover setting on for a while, and off again.
  it('turnover still owed: /user and /withdraw show nothing withdrawable, and the turnover still to play', async () => {
    admin('settings:set', 'turnoverMultiple', '1');
    try {
      const member = newMember('wt', '200');
      const { token } = await api<{ token: string }>('/api/Index/login', { ...member });
      // Running servers read settings through a cache of a few seconds: wait until it holds.
      await expect
        .poll(async () => (await api<LeftMoneyAnswer>('/api/Game/getLeftmoney', { token })).turnoverRemaining, {
          timeout: 15_000,
        })
        .toBe(200);
      const context = await englishContext(browser);
      const page = await context.newPage();
      await logIn(page, member);
      for (const path of ['/user', '/withdraw']) {
        await page.goto(path);
        await expect.poll(() => page.getByTestId('withdrawable').textContent(), { timeout: 10_000 }).toBe('0.00');
        await expect
          .poll(() => page.getByTestId('hold-turnover').textContent())
          .toBe('Turnover still to play: 200.00 USD');
        expect(await page.getByTestId('hold-pending').count()).toBe(0);
      }
      await context.close();
    } finally {
      admin('settings:set', 'turnoverMultiple', '0');
    }
  });
});
