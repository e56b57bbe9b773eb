import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ErrorCode } from '../../src/shared/errors';
import { CONFORMANCE } from '../support/errorConformance';
import { launchBrowser } from './support/browser';
import { admin, api, englishContext, logIn, newMember, type Member } from './support/members';

/**
 * The codes of SPEC.md section 8 only the app says (tests/support/errorConformance.ts), each on
 * its screen, in a real browser against the real server: the recharge page's 2056, a write that
 * gets no answer (1060), and a write whose answer does not match the contract (1004), which is
 * shown as a failure and never taken for a success.
 */
const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TEXT: Record<number, string> = {
  [ErrorCode.ContactServiceForDeposit]: 'Deposits are handled by customer service: please contact them',
  [ErrorCode.NetworkError]: 'Network error',
  [ErrorCode.NetworkErrorRefresh]: 'Network error, please refresh',
};
const SLOW = { timeout: 20_000 };
const LANGUAGES = ['en', 'vi', 'zh-CN', 'zh-TW'] as const;
const toasts = (page: Page) => page.locator('.toast-region [role="alert"], .toast-region [role="status"]');

async function fillAccount(page: Page): Promise<void> {
  await page.goto('/bankadd');
  await page.getByRole('radio', { name: 'USDT-TRC20' }).check();
  await page.getByLabel('Wallet address').fill(TRC20_ADDRESS);
  await page.getByLabel('Withdrawal password').fill('246810');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByTestId('review-address').textContent(), SLOW).toBe(TRC20_ADDRESS);
}

describe('codes only the app says', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: Member;

  beforeAll(async () => {
    browser = await launchBrowser();
    member = newMember('ec', '100');
    const { token } = await api<{ token: string }>('/api/Index/login', { ...member });
    await api('/api/Index/resetpaypwd', { token, loginpwd: member.password, newpwd: '246810', newpwd2: '246810' });
    context = await englishContext(browser);
    page = await context.newPage();
    // One login for every case (the server allows ten a minute from one address).
    await logIn(page, member);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the table names these codes as the app’s own', () => {
    for (const code of Object.keys(TEXT).map(Number)) expect(CONFORMANCE[code]?.by, `${code}`).toBe('client');
  });

  it("2056 and money in: the recharge page says once how to add money (the operator's instructions, the name to quote) with no toast; the operator's credit is a message with its amount and reference (each language, 320 and 390 px)", async () => {
    const instructions =
      'Bank transfer to Vietcombank 0071000488123456 from 09:00 to 21:00 (UTC+8), 500 to 50,000 USD: write your account name in the transfer note.';
    admin('settings:set', 'depositInstructions', instructions);
    // The server answers an operator's change within seconds; a phone that read the config keeps it
    // up to a minute, so a phone that has not read it yet shows the change.
    await expect
      .poll(
        async () => (await api<{ depositInstructions: string }>('/api/Index/getconfig', {})).depositInstructions,
        SLOW,
      )
      .toBe(instructions);
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    try {
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        for (const lang of LANGUAGES) {
          await page.evaluate((chosen) => localStorage.setItem('lang', chosen), lang);
          await page.goto('/recharge');
          await expect.poll(() => page.getByTestId('deposit-instructions').textContent(), SLOW).toBe(instructions);
          await expect.poll(() => page.getByTestId('deposit-quote').textContent(), SLOW).toContain(member.username);
          const notice = (await page.getByTestId('recharge-notice').textContent())!;
          if (lang === 'en') expect(notice).toBe(TEXT[ErrorCode.ContactServiceForDeposit]);
          // Said once: on the page once, and no toast says it again.
          expect((await page.locator('main').textContent())!.split(notice)).toHaveLength(2);
          await page.waitForTimeout(300);
          expect(await toasts(page).count()).toBe(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
      }
      admin('credit', member.username, '25', '--ref', 'VCB-4471');
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        for (const lang of LANGUAGES) {
          await page.evaluate((chosen) => localStorage.setItem('lang', chosen), lang);
          await page.goto('/message');
          const credit = page.locator('[data-testid="account-message"][data-status="deposit"]').first();
          await expect.poll(() => credit.getByTestId('message-text').textContent(), SLOW).toContain('VCB-4471');
          expect(await credit.getByTestId('message-text').textContent()).toContain(lang === 'vi' ? '25,00' : '25.00');
          // New on the first look (320 px, English, comes first); read from then on. The mark comes with
          // the server's read marker, which may answer after the credit itself is drawn.
          if (width === 320 && lang === 'en')
            await expect.poll(() => credit.getAttribute('data-unread'), SLOW).toBe('true');
          // The message fits the phone: its text wraps, the page does not scroll sideways.
          const box = (await credit.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
      }
    } finally {
      admin('settings:set', 'depositInstructions', '');
      await context.close();
    }
  });

  it('1060: a write that gets no answer says so', async () => {
    await page.route('**/api/Game/addbankcard', (route) => route.abort('connectionreset'));
    try {
      await fillAccount(page);
      await page.getByRole('button', { name: 'Save account' }).click();
      await expect
        .poll(() => page.getByText(TEXT[ErrorCode.NetworkError], { exact: true }).count(), SLOW)
        .toBeGreaterThan(0);
      expect(page.url()).toContain('/bankadd');
    } finally {
      await page.unroute('**/api/Game/addbankcard');
    }
  });

  it('1004: an answer that does not match the contract is a failure, not a saved account', async () => {
    await page.route('**/api/Game/addbankcard', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 1, data: { id: 'x' }, info: 'ok' }),
      }),
    );
    try {
      await fillAccount(page);
      await page.getByRole('button', { name: 'Save account' }).click();
      await expect
        .poll(() => page.getByText(TEXT[ErrorCode.NetworkErrorRefresh], { exact: true }).count(), SLOW)
        .toBeGreaterThan(0);
      expect(page.url()).toContain('/bankadd');
    } finally {
      await page.unroute('**/api/Game/addbankcard');
    }
  });
});
