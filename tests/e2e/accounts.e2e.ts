import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, snapshot } from './support/browser';
import { logIn, newMember } from './support/members';
import { smsCodeFor } from './support/server-log';

/**
 * A member's account journey in a phone-sized Chromium against the real server, in the default
 * language (Vietnamese) and then in English.
 */
describe('accounts end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const unique = Date.now().toString().slice(-7);
  const username = `mem${unique}x`;
  const password = 'pass1234';
  const phone = `9${unique}1`;

  async function submitLoginForm(
    page: Page,
    user: string,
    pass: string,
    labels = { account: 'Tài khoản', password: 'Mật khẩu', submit: 'Đăng nhập' },
  ) {
    await page.getByLabel(labels.account, { exact: true }).fill(user);
    await page.getByLabel(labels.password, { exact: true }).fill(pass);
    await page.getByRole('button', { name: labels.submit, exact: true }).click();
  }

  it('registers with the operator’s invitation code and the console code, logs out, logs in, changes language', async () => {
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();

    await page.goto('/register');
    await page.getByLabel('Tài khoản', { exact: true }).fill(username);
    await page.getByLabel('Số điện thoại', { exact: true }).fill(phone);
    await page.getByRole('button', { name: /Gửi mã/ }).click();
    // The send button locks for 60 s once a code is sent.
    await expect.poll(() => page.getByRole('button', { name: /Gửi mã/ }).isDisabled()).toBe(true);
    const code = await smsCodeFor(inject('serverLog'), '+84', phone);
    await page.getByLabel('Mã xác minh', { exact: true }).fill(code);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await page.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(password);
    await page.getByLabel('Mã mời', { exact: true }).fill(inject('invitationCode'));
    await page.getByLabel('Tôi đã đọc và đồng ý với thỏa thuận thành viên').check();
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();

    await page.waitForURL('**/user');
    await expect.poll(() => page.getByTestId('nickname').textContent()).toContain(username);
    // Vietnamese money: comma for decimals, dot between thousands.
    expect(await page.getByTestId('balance').textContent()).toContain('0,00');
    await snapshot(page, 'account-vi');

    await page.getByRole('button', { name: 'Đăng xuất', exact: true }).click();
    await page.getByRole('dialog', { name: 'Đăng xuất?' }).getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL('**/login');

    // A wrong password is refused with the catalogue's text in the member's language.
    await submitLoginForm(page, username, 'wrong1234');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Sai mật khẩu đăng nhập');

    await submitLoginForm(page, username, password);
    await page.waitForURL('**/user');
    await expect.poll(() => page.getByTestId('nickname').textContent()).toContain(username);

    await page.goto('/languageSet');
    await page.getByRole('radio', { name: 'English' }).check();
    // The choice is stored once its catalogue has loaded; the page says so by switching language.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto('/user');
    await expect.poll(() => page.getByRole('button', { name: 'Log out', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await snapshot(page, 'account-en');

    // The choice is kept on the device: a fresh load is still in English.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Log out', exact: true }).count()).toBe(1);
    await context.close();
  });

  it('after a first load, goes offline and reloads: the shell and the cached account page still render', async () => {
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    // A member the operator made and credited: a production start has no demo member.
    const member = newMember('off', '1000');
    await logIn(page, member);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('1.000,00');

    // The service worker takes control from the next load on.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('1.000,00');

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('1.000,00');
    await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('stale-badge').first().isVisible()).toBe(true);
    await snapshot(page, 'account-offline');
    await context.close();
  });
});
