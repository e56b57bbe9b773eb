import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../src/shared/locale';
import { launchBrowser, snapshot } from './support/browser';
import { admin, ageAccounts, api, englishContext, logIn, newMember, sessionTokenOf } from './support/members';
import { smsCodeFor } from './support/server-log';

/** The refusal a field is described by (its hint and, when refused, the message under it). */
async function describedText(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

/**
 * Forms as a Vietnamese member meets them: the member agreement is readable from the register
 * page, a refusal is said under the field it is about, in Vietnamese, one at a time, and a
 * forgotten password is reset with a code sent to the member's phone.
 */
describe('forms in Vietnamese', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('register: the agreement opens from under its box and I agree ticks it; a refusal sits at its field', async () => {
    const context = await englishContext(browser);
    await context.addInitScript(() => localStorage.setItem('lang', 'vi'));
    const page = await context.newPage();
    await page.goto('/register');
    const box = page.getByLabel('Tôi đã đọc và đồng ý với thỏa thuận thành viên');
    expect(await box.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Đọc thỏa thuận thành viên' }).click();
    const sheet = page.getByRole('dialog', { name: 'Thỏa thuận thành viên' });
    await expect.poll(() => sheet.textContent()).toContain('bạn xác nhận mình đủ 18 tuổi');
    await snapshot(page, 'register-agreement-vi');
    await sheet.getByRole('button', { name: 'Tôi đồng ý' }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await box.isChecked()).toBe(true);

    await page.getByLabel('Tài khoản', { exact: true }).fill('onlyletters');
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await expect.poll(() => page.getByLabel('Tài khoản', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await describedText(page, 'Tài khoản')).toContain(await page.getByRole('alert').textContent());
    await context.close();
  });

  it('the withdrawal password, then an account: each refusal under its field, nothing sent', async () => {
    const member = newMember('fm', '10');
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    await page.evaluate(() => localStorage.setItem('lang', 'vi'));

    // The first withdrawal password is confirmed with the login password.
    await page.goto('/usercipherpassword');
    await expect.poll(() => page.getByLabel('Mật khẩu đăng nhập', { exact: true }).count()).toBe(1);
    await page.getByLabel('Mật khẩu đăng nhập', { exact: true }).fill(member.password);
    await page.getByLabel('Mật khẩu rút tiền mới', { exact: true }).fill('123456');
    await page.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).fill('123457');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByRole('alert').count()).toBe(1);
    await page.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.waitForURL('**/my_set');

    await page.goto('/bankadd');
    await page.getByLabel('Ngân hàng', { exact: true }).fill('Vietcombank');
    await page.getByLabel('Số tài khoản', { exact: true }).fill('0123456789');
    await page.getByLabel('Họ tên thật', { exact: true }).fill('Nguyen Van A');
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect.poll(() => describedText(page, 'Chi nhánh')).toContain('Vui lòng điền mục này');
    expect(await page.getByLabel('Chi nhánh', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(1);
    await snapshot(page, 'bank-add-refused-vi');
    await page.getByLabel('Chi nhánh', { exact: true }).fill('Ha Noi');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    // The hints speak Vietnamese terms (no Australian "BSB").
    expect(await page.locator('main').textContent()).not.toContain('BSB');
    // Without the withdrawal password, nothing is sent: said under its field.
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect
      .poll(() => page.getByLabel('Mật khẩu rút tiền', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByRole('alert').count()).toBe(1);
    await page.getByLabel('Mật khẩu rút tiền', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    // Shown back in full; saved once confirmed.
    await page.getByRole('button', { name: 'Lưu tài khoản' }).click();
    await page.waitForURL('**/banklist');
    // The list shows the account's branch.
    await expect.poll(() => page.getByTestId('bank-card-branch').first().textContent()).toBe('Ha Noi');

    // The same account again is refused, saying why, in Vietnamese.
    await page.goto('/bankadd');
    await page.getByLabel('Ngân hàng', { exact: true }).fill('Vietcombank');
    await page.getByLabel('Số tài khoản', { exact: true }).fill('0123456789');
    await page.getByLabel('Họ tên thật', { exact: true }).fill('Nguyen Van A');
    await page.getByLabel('Chi nhánh', { exact: true }).fill('Ha Noi');
    await page.getByLabel('Mật khẩu rút tiền', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    // Shown back in full; saved once confirmed.
    await page.getByRole('button', { name: 'Lưu tài khoản' }).click();
    // The server checks the withdrawal password first (scrypt at its production cost: about a second).
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain('Tài khoản này đã được lưu.');
    expect(new URL(page.url()).pathname).toBe('/bankadd');
    await context.close();
  });

  it('forgot password: a code to the registered phone, a new password, then log in with it', async () => {
    // A member who registered with a phone number (the reset code goes there).
    const phone = `9${Date.now().toString().slice(-8)}`;
    const username = `fp${Date.now().toString().slice(-6)}x`;
    await api('/api/index/sms_send', { quhao: '+84', mobile: phone });
    const registrationCode = await smsCodeFor(inject('serverLog'), '+84', phone);
    await api('/api/index/register', {
      quhao: '+84',
      username,
      phone,
      captcha: registrationCode,
      password: 'first123',
      spassword: 'first123',
      invitation: inject('invitationCode'),
    });

    const context = await englishContext(browser);
    await context.addInitScript(() => localStorage.setItem('lang', 'vi'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL('**/forgot_password');
    await page.getByLabel('Số điện thoại', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Gửi mã', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /Gửi mã/ }).isDisabled()).toBe(true);
    let resetCode = registrationCode;
    await expect
      .poll(async () => (resetCode = await smsCodeFor(inject('serverLog'), '+84', phone)))
      .not.toBe(registrationCode);
    await page.getByLabel('Mã xác minh', { exact: true }).fill(resetCode);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('second456');
    await page.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill('second456');
    await snapshot(page, 'forgot-password-vi');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Tài khoản', { exact: true }).fill(username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill('second456');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL('**/user');
    await context.close();
  });
});

/** The field that has focus: its name, and whether it sits between the sticky header and the screen's foot. */
function focusedField(page: Page): Promise<{ name: string | null; inView: boolean; messageInView: boolean }> {
  return page.evaluate(() => {
    const field = document.activeElement as HTMLInputElement | null;
    const header = document.querySelector('.page-header')?.getBoundingClientRect().bottom ?? 0;
    const within = (el: Element | null | undefined) => {
      const box = el?.getBoundingClientRect();
      return !!box && box.top >= header - 1 && box.bottom <= window.innerHeight + 1;
    };
    const message = field
      ?.getAttribute('aria-describedby')
      ?.split(' ')
      .map((id) => document.getElementById(id));
    return {
      name: field?.getAttribute('name') ?? null,
      inView: within(field),
      messageInView: within(message?.find((el) => el?.getAttribute('role') === 'alert')),
    };
  });
}

/** Warnings and successes on screen now (toasts). */
function toasts(page: Page): Promise<{ warnings: number; successes: number }> {
  return page.evaluate(() => ({
    warnings: document.querySelectorAll('.toast-warning').length,
    successes: document.querySelectorAll('.toast-success').length,
  }));
}

/**
 * What the first success found of the warning when it came: still standing, already on its way out
 * (dismissed: it fades out marked data-leaving), or gone.
 */
type WarningAtSuccess = 'standing' | 'leaving' | 'gone';

/** Watches the toasts from now on (read back by `warningAtSuccess`). */
function watchToasts(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen: { warned?: boolean; atSuccess?: WarningAtSuccess } = {};
    (window as unknown as { toastsSeen: typeof seen }).toastsSeen = seen;
    new MutationObserver(() => {
      const warning = document.querySelector('.toast-warning');
      if (warning) seen.warned = true;
      if (seen.warned && seen.atSuccess === undefined && document.querySelector('.toast-success')) {
        seen.atSuccess = !warning ? 'gone' : warning.hasAttribute('data-leaving') ? 'leaving' : 'standing';
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

function warningAtSuccess(page: Page): Promise<WarningAtSuccess | undefined> {
  return page.evaluate(
    () => (window as unknown as { toastsSeen: { atSuccess?: WarningAtSuccess } }).toastsSeen.atSuccess,
  );
}

/**
 * Withdrawal requests (refused for want of an account) until the member's limit of the minute is
 * reached: the next one, the member's own from the page, is refused as too frequent.
 */
async function useUpWithdrawalLimit(token: string): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${inject('baseUrl')}/api/Game/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en', token, bank_id: '', money: 1, pwd: '246810' }),
    });
    if (((await response.json()) as { code: number }).code === 2051) return;
  }
  throw new Error('the withdrawal limit was not reached');
}

/** How "too frequently" says the wait, per language (locales/errors: 2051). */
const WAIT_TEXT: Record<Locale, RegExp> = {
  en: /^Sending too frequently, please wait (\d+) s$/,
  vi: /^Gửi quá nhanh, vui lòng đợi (\d+) giây$/,
  'zh-CN': /^发送过于频繁，请等待 (\d+) 秒$/,
  'zh-TW': /^發送過於頻繁，請等待 (\d+) 秒$/,
};

/**
 * Forms a member can trust, at 320 and 390 px in the four languages: a refused form shows the
 * refused field with focus on it (not the submit button with the message off-screen), a success
 * takes the warnings of the attempts before it away, and "too frequently" says how long to wait.
 */
describe('forms at phone widths', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('register submitted empty, from the foot of the page: focus and view go to the account field and its message', async () => {
    const context = await englishContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    for (const locale of LOCALES) {
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 640 });
        await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
        await page.goto('/register');
        const submit = page.locator('form button[type="submit"]');
        await submit.scrollIntoViewIfNeeded();
        await submit.click();
        await expect
          .poll(() => focusedField(page))
          .toEqual({
            name: 'username',
            inView: true,
            messageInView: true,
          });
        expect(await page.getByRole('alert').count()).toBe(1);
        if (width === 320) await snapshot(page, `register-refused-focus-${locale}`);
      }
    }
    await context.close();
  });

  it('a success takes away the warning of the refused attempt before it (an account saved twice, then another: vi at 320 px, en at 390 px)', async () => {
    const member = newMember('fs', '1');
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    const token = await sessionTokenOf(context);
    await api('/api/Index/resetpaypwd', { token, loginpwd: member.password, newpwd: '246810', newpwd2: '246810' });
    await api('/api/Game/addbankcard', {
      token,
      pwd: '246810',
      type: 'Bank',
      bank: 'Vietcombank',
      account: '0123456789',
      username: 'Nguyen Van A',
      branch: 'Ha Noi',
    });
    let next = 0;
    for (const [locale, width] of [
      ['vi', 320],
      ['en', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 720 });
      await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
      // The save that succeeds is made through the API first, and its answer handed to the page's
      // own request for it: a warning leaves by itself after 4 s, and on a loaded machine a save
      // (a password check) can take longer than that, which would leave nothing to see.
      const account = `01234567${10 + next++}`;
      const saved = await fetch(`${inject('baseUrl')}/api/Game/addbankcard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lang: locale === 'vi' ? 'vi' : 'en',
          token,
          pwd: '246810',
          type: 'Bank',
          bank: 'Vietcombank',
          account,
          username: 'Nguyen Van A',
          branch: 'Ha Noi',
        }),
      });
      const answer = await saved.text();
      expect((JSON.parse(answer) as { code: number }).code).toBe(1);
      await page.route('**/api/Game/addbankcard', async (route) => {
        const body = route.request().postDataJSON() as { account?: string };
        if (body.account !== account) return route.continue();
        return route.fulfill({ status: 200, contentType: 'application/json', body: answer });
      });
      await page.goto('/bankadd');
      await watchToasts(page);
      await page.locator('input[name="bank"]').fill('Vietcombank');
      await page.locator('input[name="account"]').fill('0123456789');
      await page.locator('input[name="username"]').fill('Nguyen Van A');
      await page.locator('input[name="branch"]').fill('Ha Noi');
      await page.locator('input[name="pwd"]').fill('246810');
      // The account is shown back in full and saved once confirmed.
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('bank-add-confirm').click();
      // Refused: this account is saved already (3003); the form is back with what was typed.
      await expect.poll(() => toasts(page)).toEqual({ warnings: 1, successes: 0 });
      await page.locator('input[name="account"]').fill(account);
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('bank-add-confirm').click();
      await expect.poll(() => warningAtSuccess(page)).toBeDefined();
      const atSuccess = await warningAtSuccess(page);
      await page.unroute('**/api/Game/addbankcard');
      // The success took the warning away as it came (the two in one change of the page), rather
      // than leaving it standing beside it until its own timer.
      expect(atSuccess, `${locale} ${width}px`).toBe('leaving');
      await expect.poll(() => toasts(page)).toMatchObject({ warnings: 0 });
      await page.evaluate(() => document.querySelectorAll('.toast-close').forEach((b) => (b as HTMLElement).click()));
    }
    await context.close();
  });

  it('a code asked for again too soon (vi, 320 px): the wait in words, and the send button counts it down', async () => {
    const phone = `8${Date.now().toString().slice(-8)}`;
    await api('/api/index/sms_send', { quhao: '+84', mobile: phone });
    const context = await englishContext(browser);
    await context.addInitScript(() => localStorage.setItem('lang', 'vi'));
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/register');
    await page.locator('input[name="phone"]').fill(phone);
    await page.getByRole('button', { name: 'Gửi mã', exact: true }).click();
    const warning = page.locator('.toast-warning .toast-text');
    await expect.poll(() => warning.textContent()).toMatch(WAIT_TEXT.vi);
    const seconds = Number(WAIT_TEXT.vi.exec((await warning.textContent()) ?? '')![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const button = page.getByRole('button', { name: /^Gửi mã \((\d+) giây\)$/ });
    expect(await button.isDisabled()).toBe(true);
    const shown = Number(/\((\d+) giây\)/.exec((await button.textContent()) ?? '')![1]);
    expect(Math.abs(shown - seconds)).toBeLessThanOrEqual(2);
    await snapshot(page, 'sms-too-soon-vi');
    await context.close();
  });

  it('withdrawals asked for too often: the refusal says how many seconds to wait, in each language at 320 and 390 px', async () => {
    // A deposit may be withdrawn at once here (turnover is wallet.e2e.ts's subject).
    admin('settings:set', 'turnoverMultiple', '0');
    const member = newMember('fw', '100');
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    const token = await sessionTokenOf(context);
    await api('/api/Index/resetpaypwd', { token, loginpwd: member.password, newpwd: '246810', newpwd2: '246810' });
    await api('/api/Game/addbankcard', {
      token,
      pwd: '246810',
      type: 'USDT-TRC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    // A new account receives withdrawals a day later: the harness dates it back.
    ageAccounts(member.username);
    for (const [i, locale] of LOCALES.entries()) {
      await useUpWithdrawalLimit(token!);
      await page.setViewportSize({ width: i % 2 === 0 ? 320 : 390, height: 720 });
      await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
      await page.goto('/withdraw');
      await page.getByTestId('withdraw-account').first().locator('input[type="radio"]').check();
      await page.locator('[data-testid="withdraw-form"] input[name="money"]').fill('10');
      await page.locator('[data-testid="withdraw-form"] input[name="pwd"]').fill('246810');
      await page.locator('[data-testid="withdraw-form"] button[type="submit"]').click();
      const warning = page.locator('.toast-warning .toast-text');
      await expect.poll(() => warning.textContent()).toMatch(WAIT_TEXT[locale]);
      const seconds = Number(WAIT_TEXT[locale].exec((await warning.textContent()) ?? '')![1]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      await page.evaluate(() => document.querySelectorAll('.toast-close').forEach((b) => (b as HTMLElement).click()));
    }
    await context.close();
  });
});
