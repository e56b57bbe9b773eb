import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, snapshot } from './support/browser';
import { englishContext, logIn, newMember } from './support/members';

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
 * page, and a refusal is said under the field it is about, in Vietnamese, one at a time.
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

  it('add an account and the withdrawal password: each refusal under its field, nothing sent', async () => {
    const member = newMember('fm', '10');
    const context = await englishContext(browser);
    const page = await context.newPage();
    await logIn(page, member);
    await page.evaluate(() => localStorage.setItem('lang', 'vi'));

    await page.goto('/bankadd');
    await page.getByLabel('Ngân hàng', { exact: true }).fill('Vietcombank');
    await page.getByLabel('Số tài khoản', { exact: true }).fill('0123456789');
    await page.getByLabel('Họ tên thật', { exact: true }).fill('Nguyen Van A');
    await page.getByRole('button', { name: 'Lưu tài khoản' }).click();
    await expect.poll(() => describedText(page, 'Chi nhánh')).toContain('Vui lòng điền mục này');
    expect(await page.getByLabel('Chi nhánh', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(1);
    await snapshot(page, 'bank-add-refused-vi');
    await page.getByLabel('Chi nhánh', { exact: true }).fill('Ha Noi');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);

    await page.goto('/usercipherpassword');
    await page.getByLabel('Mật khẩu rút tiền mới', { exact: true }).fill('123456');
    await page.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).fill('123457');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByRole('alert').count()).toBe(1);
    await context.close();
  });
});
