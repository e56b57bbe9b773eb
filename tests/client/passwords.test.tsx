/**
 * The login- and withdrawal-password pages: each refusal of their rules under the field it is
 * about; a good change is sent once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode, MessageKey } from '../../src/shared/errors';
import LoginPasswordPage from '../../src/client/features/passwords/LoginPasswordPage';
import PayPasswordPage from '../../src/client/features/passwords/PayPasswordPage';
import { startSession } from '../../src/client/api/session';
import { textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState, submitForm } from './helpers';
import { renderScreen } from './wallet-fixtures';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/userloginpassword');
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const describedText = (label: string) =>
  (input(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('login password page', () => {
  it('says each refusal under its field, one at a time, and sends nothing', async () => {
    const fake = fakeFetch({ [ApiPath.changeLoginPassword]: () => ok(null) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(LoginPasswordPage);
    const save = screen.getByRole('button', { name: 'Save' });

    await submitForm(save);
    expect(input('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Current password')).toContain(textOfCode(MessageKey.OriginalInputNull));

    type('Current password', 'old12345');
    expect(input('Current password').getAttribute('aria-invalid')).toBeNull();
    type('New password', 'new12345');
    type('Repeat new password', 'new12346');
    await submitForm(save);
    expect(input('Repeat new password').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Repeat new password')).toContain(textOfCode(MessageKey.ConfirmError));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(fake.to(ApiPath.changeLoginPassword)).toHaveLength(0);

    type('Repeat new password', 'new12345');
    await submitForm(save);
    await waitFor(() => expect(fake.to(ApiPath.changeLoginPassword)).toHaveLength(1));
    expect(fake.to(ApiPath.changeLoginPassword)[0].body).toMatchObject({ passwd: 'old12345', npasswd: 'new12345' });
  });
});

describe('withdrawal password page', () => {
  const profile = { name: 'm1', nickname: 'm1', level: 1, money: 0, totalWin: 0, noPassword2: 0, lang: 'en' };

  it('says each refusal under its field, one at a time, and sends nothing until they pass', async () => {
    const fake = fakeFetch({
      [ApiPath.userInfo]: () => ok(profile),
      [ApiPath.changePayPassword]: () => ok(null),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PayPasswordPage);
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));

    await submitForm(save);
    expect(input('Current withdrawal password').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Current withdrawal password')).toContain(textOfCode(MessageKey.OriginalInputNull));

    type('Current withdrawal password', '123456');
    expect(input('Current withdrawal password').getAttribute('aria-invalid')).toBeNull();
    type('New withdrawal password', '12ab');
    type('Repeat withdrawal password', '12ab');
    await submitForm(save);
    expect(describedText('New withdrawal password')).toContain(textOfCode(ErrorCode.PaymentPasswordLength));

    type('New withdrawal password', '654321');
    type('Repeat withdrawal password', '654320');
    await submitForm(save);
    expect(describedText('Repeat withdrawal password')).toContain(textOfCode(MessageKey.ConfirmError));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(fake.to(ApiPath.changePayPassword)).toHaveLength(0);

    type('Repeat withdrawal password', '654321');
    await submitForm(save);
    await waitFor(() => expect(fake.to(ApiPath.changePayPassword)).toHaveLength(1));
    expect(fake.to(ApiPath.changePayPassword)[0].body).toMatchObject({
      srcpwd: '123456',
      newpwd: '654321',
      newpwd2: '654321',
    });
  });

  it('the first time asks for the login password, not a current withdrawal password, and sends it', async () => {
    const fake = fakeFetch({
      [ApiPath.userInfo]: () => ok({ ...profile, noPassword2: 1 }),
      [ApiPath.changePayPassword]: () => ok(null),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PayPasswordPage);
    await screen.findByText(/^You have no withdrawal password yet\./);
    expect(screen.queryByLabelText('Current withdrawal password')).toBeNull();
    const save = screen.getByRole('button', { name: 'Save' });
    type('New withdrawal password', '654321');
    type('Repeat withdrawal password', '654321');
    await submitForm(save);
    expect(input('Login password').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Login password')).toContain(textOfCode(MessageKey.OriginalInputNull));
    expect(fake.to(ApiPath.changePayPassword)).toHaveLength(0);

    type('Login password', 'secret123');
    await submitForm(save);
    await waitFor(() => expect(fake.to(ApiPath.changePayPassword)).toHaveLength(1));
    expect(fake.to(ApiPath.changePayPassword)[0].body).toMatchObject({
      loginpwd: 'secret123',
      newpwd: '654321',
      newpwd2: '654321',
    });
    expect(fake.to(ApiPath.changePayPassword)[0].body).not.toHaveProperty('srcpwd');
  });

  it('or a code sent to the registered phone: sms_send with purpose paypwd, then the code is sent', async () => {
    const fake = fakeFetch({
      [ApiPath.userInfo]: () => ok({ ...profile, noPassword2: 1 }),
      [ApiPath.smsSend]: () => ok({ lockSeconds: 60 }),
      [ApiPath.changePayPassword]: () => ok(null),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(PayPasswordPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Use an SMS code instead' }));
    expect(screen.queryByLabelText('Login password')).toBeNull();
    type('New withdrawal password', '654321');
    type('Repeat withdrawal password', '654321');
    await submitForm(screen.getByRole('button', { name: 'Save' }));
    expect(describedText('Verification code')).toContain(textOfCode(ErrorCode.CaptchaWrong));
    expect(fake.to(ApiPath.changePayPassword)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(fake.to(ApiPath.smsSend)).toHaveLength(1));
    expect(fake.to(ApiPath.smsSend)[0].body).toMatchObject({ purpose: 'paypwd' });
    expect(fake.to(ApiPath.smsSend)[0].body).not.toHaveProperty('mobile');
    await screen.findByRole('button', { name: /^Send code \(\d+ s\)$/ });

    type('Verification code', ' 123456 ');
    await submitForm(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.to(ApiPath.changePayPassword)).toHaveLength(1));
    expect(fake.to(ApiPath.changePayPassword)[0].body).toMatchObject({
      captcha: '123456',
      newpwd: '654321',
      newpwd2: '654321',
    });
    expect(fake.to(ApiPath.changePayPassword)[0].body).not.toHaveProperty('loginpwd');
  });
});
