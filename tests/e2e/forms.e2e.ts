import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, snapshot } from './support/browser';
import { api, englishContext, logIn, newMember } from './support/members';
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
    await expect
      .poll(() => page.getByRole('alert').allTextContents(), { timeout: 10_000 })
      .toContain('Tài khoản này đã được lưu.');
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
      .poll(async () => (resetCode = await smsCodeFor(inject('serverLog'), '+84', phone)), { timeout: 10_000 })
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
