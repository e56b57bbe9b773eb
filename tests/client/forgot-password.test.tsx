/** Forgot password: refusals of the form's rules under their fields, the code asked for a reset, the reset sent once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ForgotPasswordPage from '../../src/client/features/auth/ForgotPasswordPage';
import { Toaster } from '../../src/client/ui';
import { setQueryData } from '../../src/client/data/sync';
import { queryKey } from '../../src/client/data/key';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode } from '../../src/shared/errors';
import type { AppConfig } from '../../src/shared/api/types';
import { textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, Providers, refused, resetClientState } from './helpers';

const CONFIG: AppConfig = {
  siteName: 'RoundPlay',
  serviceUrl: 'https://example.com/support',
  depositInstructions: '',
  agreement: 1,
  defaultQuhao: '+84',
  priceFeedUrl: '',
  versions: { android: { version: '1.0.0', url: '' }, ios: { version: '1.0.0', url: '' } },
  serverTime: 0,
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const describedText = (label: string) =>
  (input(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

function renderPage() {
  return render(
    <Providers>
      <ForgotPasswordPage />
      <Toaster />
    </Providers>,
  );
}

beforeEach(async () => {
  await resetClientState();
  await setQueryData(queryKey(ApiPath.getConfig, {}), CONFIG);
  window.history.replaceState(null, '', '/forgot_password');
});

afterEach(() => vi.unstubAllGlobals());

describe('forgot password', () => {
  it('says each refusal under its field and sends nothing', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    renderPage();
    const submit = screen.getByRole('button', { name: 'Reset password' });

    fill('Phone number', '12ab');
    fireEvent.click(submit);
    await waitFor(() => expect(describedText('Phone number')).toContain(textOfCode(ErrorCode.EnterPhoneCorrectly)));

    fill('Phone number', '912345678');
    fill('Verification code', '123456');
    fill('New password', 'fresh789');
    fill('Repeat new password', 'fresh788');
    fireEvent.click(submit);
    await waitFor(() =>
      expect(describedText('Repeat new password')).toContain(textOfCode(ErrorCode.PasswordsInconsistent)),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(fake.to(ApiPath.resetPassword)).toHaveLength(0);
    expect(fake.to(ApiPath.smsSend)).toHaveLength(0);
  });

  it('asks for a reset code, then resets once and goes to log in', async () => {
    const fake = fakeFetch({
      [ApiPath.smsSend]: () => ok({ lockSeconds: 60 }),
      [ApiPath.resetPassword]: () => ok(null),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderPage();
    fill('Phone number', '912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(fake.to(ApiPath.smsSend)).toHaveLength(1));
    expect(fake.to(ApiPath.smsSend)[0].body).toMatchObject({ quhao: '+84', mobile: '912345678', purpose: 'reset' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Send code \(\d+ s\)/ })).toBeTruthy());

    fill('Verification code', '123456');
    fill('New password', 'fresh789');
    fill('Repeat new password', 'fresh789');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(fake.to(ApiPath.resetPassword)).toHaveLength(1);
    expect(fake.to(ApiPath.resetPassword)[0].body).toMatchObject({
      quhao: '+84',
      mobile: '912345678',
      captcha: '123456',
      password: 'fresh789',
      repassword: 'fresh789',
    });
  });

  it('a number no member has: the server says so and what was typed stays', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [ApiPath.smsSend]: () => refused(ErrorCode.PhoneNotRegistered, 'No member has this phone number') })
        .fetch,
    );
    renderPage();
    fill('Phone number', '912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        textOfCode(ErrorCode.PhoneNotRegistered),
      ),
    );
    expect(input('Phone number').value).toBe('912345678');
  });
});
