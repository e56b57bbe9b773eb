import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LeftMoneyAnswer, WithdrawalItem } from '../../src/shared/api/types';
import { LOCALES, type Locale } from '../../src/shared/locale';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, phoneContext, snapshot } from './support/browser';
import { recordToasts, toastsSeen } from './support/toasts';
import { admin, ageAccounts, api, englishContext, logIn, newMember, type Member } from './support/members';

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

/**
 * The fund log read online with its rows, the service worker in control, then the network off and
 * the page opened again: the same rows, from the device, marked stale.
 */
async function readFundLogOffline(page: Page, context: BrowserContext, rows: number): Promise<void> {
  await page.goto('/my_income');
  await expect.poll(async () => (await fundLogRows(page)).length).toBe(rows);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(async () => (await fundLogRows(page)).length).toBe(rows);
  await context.setOffline(true);
  await page.reload();
  await expect.poll(async () => (await fundLogRows(page)).length).toBe(rows);
  await expect.poll(() => page.getByTestId('stale-badge').first().isVisible()).toBe(true);
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
    await page.getByRole('button', { name: 'Continue' }).click();
    // Shown back in full before it is saved; saved only once confirmed.
    await expect.poll(() => page.getByTestId('review-address').textContent()).toBe(TRC20_ADDRESS);
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.waitForURL('**/banklist');
    // Listed masked to its ends.
    await expect.poll(() => page.getByTestId('bank-card-address').first().textContent()).toBe('TQn9Y2…bLSE');

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
    await expect.poll(() => page.getByTestId('withdraw-success').textContent()).toContain('24 hours');

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
    // Offline: the service worker serves the shell, Dexie the fund log's rows, marked stale.
    await readFundLogOffline(page, context, 3);
    await snapshot(page, 'wallet-fund-log-offline');
    await context.close();
  });

  it('the fund log filters by kind and by date with the network off (320 px)', async () => {
    // Three rows today: the operator's credit and two withdrawals.
    const { member } = await memberWithTwoWithdrawals('wk');
    const context = await englishContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 700 });
    await logIn(page, member);
    await readFundLogOffline(page, context, 3);

    async function filter(change: (sheet: Locator) => Promise<unknown>) {
      await page.getByRole('button', { name: 'Filter the fund log' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filter' });
      await change(sheet);
      await sheet.getByRole('button', { name: 'Apply' }).click();
      await sheet.waitFor({ state: 'hidden' });
    }
    const reasons = async () => (await fundLogRows(page)).map((row) => row.reason);

    await filter((sheet) => sheet.getByLabel('Kind of change').selectOption('withdrawals'));
    await expect.poll(reasons).toEqual(['Withdrawal', 'Withdrawal']);
    expect(await page.getByTestId('fund-log-kind').textContent()).toBe('Only: Withdrawals');

    await filter((sheet) => sheet.getByLabel('Kind of change').selectOption('credits'));
    await expect.poll(reasons).toEqual(['Deposit']);

    // Yesterday (the server's day) holds none of them.
    const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    await filter(async (sheet) => {
      await sheet.getByLabel('Start date').fill(yesterday);
      await sheet.getByLabel('End date').fill(yesterday);
    });
    await page.getByRole('heading', { name: 'No entries in this range' }).waitFor();
    expect(await page.getByTestId('fund-log-row').count()).toBe(0);
    await snapshot(page, 'wallet-fund-log-filtered-offline-320');
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
        await expect.poll(() => page.getByTestId('withdrawable').textContent()).toBe(expected.figure);
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
    await expect.poll(() => page.getByTestId('withdraw-success').count()).toBe(1);
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
        await expect.poll(() => page.getByTestId('withdrawable').textContent()).toBe('0.00');
        await expect
          .poll(() => page.getByTestId('hold-turnover').textContent())
          .toMatch(/^Turnover still to play: 200\.00 USD/);
        expect(await page.getByTestId('turnover-explained').textContent()).toContain(
          'It goes down by the stake of each of your orders once its round is settled',
        );
        expect(await page.getByTestId('hold-pending').count()).toBe(0);
      }
      await context.close();
    } finally {
      admin('settings:set', 'turnoverMultiple', '0');
    }
  });
});

/** The start of 3011's text (an address failing its checksum) in each language. */
const CHECKSUM_REFUSAL: Record<Locale, string> = {
  en: 'This USDT-TRC20 address fails its checksum',
  vi: 'Địa chỉ USDT-TRC20 này không khớp mã kiểm tra',
  'zh-CN': '此 USDT-TRC20 地址未通过校验',
  'zh-TW': '此 USDT-TRC20 地址未通過校驗',
};
/** "Operator's note: " in each language (Chinese puts no space after its colon). */
const OPERATOR_NOTE: Record<Locale, string> = {
  en: "Operator's note: ",
  vi: 'Ghi chú của nhà vận hành: ',
  'zh-CN': '运营方备注：',
  'zh-TW': '營運方備註：',
};
const WIDTHS = [320, 390];

/** How a refused cancel of a withdrawal paid meanwhile begins, in each language. */
const ALREADY_PAID: Record<Locale, string> = {
  en: 'It was already paid: ',
  vi: 'Lệnh này đã được chi trả: ',
  'zh-CN': '该笔提现已支付：',
  'zh-TW': '該筆提現已支付：',
};

/** Nothing on the page is wider than the screen (no sideways scrolling). */
function pageFits(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** An element's right edge is on the screen and its text does not overflow it. */
function fits(page: Page, testId: string): Promise<boolean> {
  return page
    .getByTestId(testId)
    .first()
    .evaluate(
      (el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth + 1,
    );
}

/**
 * A member credited 300 with a USDT account old enough to withdraw to and two withdrawals waiting
 * for the operator (40.00, then 25.00), newest first as the list gives them.
 */
async function memberWithTwoWithdrawals(
  prefix: string,
): Promise<{ member: Member; withdrawals: WithdrawalItem[]; token: string; cardId: number }> {
  const member = newMember(prefix, '300');
  const { token } = await api<{ token: string }>('/api/Index/login', { ...member });
  await api('/api/Index/resetpaypwd', { token, loginpwd: member.password, newpwd: '246810', newpwd2: '246810' });
  const card = await api<{ id: number }>('/api/Game/addbankcard', {
    token,
    type: 'USDT-TRC20',
    address: TRC20_ADDRESS,
    pwd: '246810',
  });
  ageAccounts(member.username);
  await api('/api/Game/withdraw', { token, bank_id: card.id, money: 40, pwd: '246810' });
  await api('/api/Game/withdraw', { token, bank_id: card.id, money: 25, pwd: '246810' });
  const withdrawals = await api<WithdrawalItem[]>('/api/Game/getWithdrawals', { token });
  return { member, withdrawals, token, cardId: card.id };
}

describe('accounts that can exist, withdrawals a member can follow: four languages at 320 and 390 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin('settings:set', 'turnoverMultiple', '0');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('withdrawals decided while the member reads /withdraw change there in place, with no room visited first (320 and 390 px)', async () => {
    const { member, withdrawals } = await memberWithTwoWithdrawals('wl');
    const [toReject, toPay] = withdrawals;

    const context = await englishContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 700 });
    // The member's own stream opens from the app's start, whatever the page.
    const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live/member');
    await logIn(page, member);
    await page.goto('/withdraw');
    const status = (id: number) =>
      page.locator(`[data-testid="withdrawal"][data-id="${id}"]`).getAttribute('data-status');
    await expect.poll(() => status(toPay.id)).toBe('pending');
    await stream;

    admin('withdraw:approve', String(toPay.id), '--note', 'Paid by bank transfer, ref VCB-9911');
    await expect.poll(() => status(toPay.id), { timeout: 30_000 }).toBe('paid');
    // Still the same page: no cancel offered for what is paid.
    expect(
      await page.locator(`[data-testid="withdrawal"][data-id="${toPay.id}"] [data-testid="withdrawal-cancel"]`).count(),
    ).toBe(0);
    await snapshot(page, 'withdrawal-paid-live-320');

    await page.setViewportSize({ width: 390, height: 800 });
    admin('withdraw:reject', String(toReject.id), '--note', 'e2e');
    await expect.poll(() => status(toReject.id), { timeout: 30_000 }).toBe('rejected');
    await context.close();
  });

  it.each(LOCALES)(
    'in %s: an address failing its checksum is refused under it, a good one shown back whole; accounts masked; withdrawals dated; a paid one shows its reference; one paid while its cancel is confirmed is said as paid; a pending one can be cancelled',
    async (locale) => {
      const { member, withdrawals, token, cardId } = await memberWithTwoWithdrawals(`wa${LOCALES.indexOf(locale)}`);
      const [pending, toPay] = withdrawals;
      admin('withdraw:approve', String(toPay.id), '--note', 'Paid by bank transfer, ref VCB-7781');

      const context = await phoneContext(browser, inject('baseUrl'));
      await context.addInitScript((lang) => localStorage.setItem('lang', lang), locale);
      const page = await context.newPage();
      await page.goto('/login');
      await page.locator('input[name="username"]').fill(member.username);
      await page.locator('input[name="password"]').fill(member.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL('**/user');

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/bankadd');
        await page.locator('input[name="type"][value="USDT-TRC20"]').check();
        await page.locator('input[name="address"]').fill('TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        await page.locator('input[name="pwd"]').fill('246810');
        await page.locator('[data-testid="bank-add-form"] button[type="submit"]').click();
        await expect.poll(() => page.locator('input[name="address"]').getAttribute('aria-invalid')).toBe('true');
        expect(await page.getByRole('alert').textContent()).toContain(CHECKSUM_REFUSAL[locale]);
        expect(await pageFits(page), `add page at ${width}px`).toBe(true);
        await snapshot(page, `bank-add-checksum-${locale}-${width}`);

        await page.locator('input[name="address"]').fill('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
        await page.locator('[data-testid="bank-add-form"] button[type="submit"]').click();
        await expect
          .poll(() => page.getByTestId('review-address').textContent())
          .toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
        expect(await fits(page, 'bank-add-review'), `review at ${width}px`).toBe(true);
        expect(await pageFits(page)).toBe(true);
        await snapshot(page, `bank-add-review-${locale}-${width}`);

        await page.goto('/banklist');
        await expect.poll(() => page.getByTestId('bank-card-address').first().textContent()).toBe('TQn9Y2…bLSE');
        expect(await pageFits(page), `bank list at ${width}px`).toBe(true);

        await page.goto('/withdraw');
        await expect.poll(() => page.getByTestId('withdrawal').count()).toBe(2);
        expect(await page.getByTestId('withdraw-form').textContent()).not.toContain(TRC20_ADDRESS);
        await expect
          .poll(() => page.getByTestId('withdrawal-note').first().textContent())
          .toBe(`${OPERATOR_NOTE[locale]}Paid by bank transfer, ref VCB-7781`);
        expect(await fits(page, 'withdrawal-note')).toBe(true);
        expect(await fits(page, 'withdrawal-cancel'), `cancel at ${width}px`).toBe(true);
        expect(await pageFits(page), `withdraw page at ${width}px`).toBe(true);
        // Each row's words sit inside the card, off its edges, and the masked account is one piece.
        const rows = await page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="withdrawal"]')].map((row) => {
            const card = row.parentElement!.getBoundingClientRect();
            const text = row.querySelector('.order-name')!.getBoundingClientRect();
            const side = row.querySelector('.withdrawal-side')!.getBoundingClientRect();
            const account = row.querySelector('.withdrawal-account')!;
            return {
              insetStart: text.left - card.left,
              insetEnd: card.right - side.right,
              accountLines: account.getClientRects().length,
            };
          }),
        );
        for (const row of rows) {
          expect(row.insetStart, `${locale} ${width}px`).toBeGreaterThanOrEqual(8);
          expect(row.insetEnd, `${locale} ${width}px`).toBeGreaterThanOrEqual(8);
          expect(row.accountLines, `${locale} ${width}px`).toBe(1);
        }
        await page.getByTestId('withdrawal').last().scrollIntoViewIfNeeded();
        await snapshot(page, `withdrawals-${locale}-${width}`);
      }

      // Every withdrawal says when it was asked for, with its date.
      const times = await page
        .locator('[data-testid="withdrawal"] .order-meta:not(.withdrawal-note)')
        .allTextContents();
      expect(times.length, locale).toBeGreaterThanOrEqual(2);
      for (const time of times) expect(time, locale).toContain(String(new Date().getFullYear()));

      // A third one, paid by the operator while the member confirms its cancel: refused, and the app
      // says it was paid.
      await api('/api/Game/withdraw', { token, bank_id: cardId, money: 10, pwd: '246810' });
      const third = (await api<WithdrawalItem[]>('/api/Game/getWithdrawals', { token })).find(
        (item) => item.money === 10,
      )!;
      await page.goto('/withdraw');
      await recordToasts(page);
      await page.locator(`[data-testid="withdrawal"][data-id="${third.id}"] [data-testid="withdrawal-cancel"]`).click();
      const confirmCancel = page.locator('dialog[open] .btn-danger');
      await confirmCancel.waitFor();
      admin('withdraw:approve', String(third.id), '--note', 'paid meanwhile');
      await confirmCancel.click();
      // Waited for as states: the refusal, then the list read again (a loaded phone takes seconds).
      // (Polled as the toasts' words, so a failure says what the member was told instead.)
      await expect
        .poll(async () => (await toastsSeen(page)).map((toast) => toast.text).join(' | '), { timeout: 15_000 })
        .toContain(ALREADY_PAID[locale]);
      await expect
        .poll(() => page.locator(`[data-testid="withdrawal"][data-id="${third.id}"]`).getAttribute('data-status'), {
          timeout: 15_000,
        })
        .toBe('paid');

      // The member cancels the withdrawal still waiting: it is given back, said in the fund log and /message.
      await page.getByTestId('withdrawal-cancel').click();
      await page.locator('dialog[open] .btn-danger').click();
      await expect.poll(() => page.locator('[data-testid="withdrawal"][data-status="cancelled"]').count()).toBe(1);
      expect(await page.getByTestId('withdrawal-cancel').count()).toBe(0);
      // The operator can no longer pay it.
      expect(() => admin('withdraw:approve', String(pending.id))).toThrow(/already cancelled/);
      expect(admin('audit')).toContain('Audit passed');
      // The fund log says where it went, never an internal tag; /message says both.
      await page.goto('/my_income');
      await expect.poll(() => page.getByTestId('fund-log-detail').first().textContent()).toContain('TQn9Y2…bLSE');
      expect(await page.locator('main').textContent()).not.toMatch(/\bcli\b|#\d/);
      await page.goto('/message');
      await page.getByRole('tab').last().click();
      await expect
        .poll(() => page.getByTestId('messages-mine').getByTestId('message-text').allTextContents())
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining('TQn9Y2…bLSE'),
            expect.stringContaining('Paid by bank transfer, ref VCB-7781'),
          ]),
        );
      expect(await pageFits(page)).toBe(true);
      await context.close();
    },
  );
});
