import { ownerOf } from '../../src/client/api/owner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import RegisterPage from '../../src/client/features/auth/RegisterPage';
import { Toaster } from '../../src/client/ui';
import { setQueryData } from '../../src/client/data/sync';
import { getSession } from '../../src/client/api/session';
import { ApiPath } from '../../src/shared/api/paths';
import { CAPTCHA_LOCK_SECONDS } from '../../src/shared/constants';
import { ErrorCode, MessageKey } from '../../src/shared/errors';
import type { AppConfig } from '../../src/shared/api/types';
import { textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, Providers, refused, resetClientState } from './helpers';
import { queryKey } from '../../src/client/data/key';
import { article } from './content-fixtures';
import { ARTICLE_CATEGORY } from '../../src/shared/content';

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

function renderRegister() {
  return render(
    <Providers>
      <RegisterPage />
      <Toaster />
    </Providers>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill('Account', 'newuser1');
  fill('Phone number', '912345678');
  fill('Verification code', '123456');
  fill('Password', 'abc12345');
  fill('Confirm password', 'abc12345');
  fill('Invitation code', 'INVITE01');
  fireEvent.click(screen.getByLabelText('I have read and agree to the member agreement'));
}

/**
 * The countdown's interval is set by an effect of the render that shows the lock, which React runs
 * in a task of its own: on a loaded machine that task may not have run yet when the test moves the
 * clock, and the moved time would pass no interval. An empty act runs it first.
 */
async function countdownStarted() {
  await act(async () => undefined);
}

async function submitAndReadError(): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  const alerts = await screen.findAllByRole('alert');
  // One message at a time, never a stack.
  expect(alerts).toHaveLength(1);
  return alerts[0].textContent ?? '';
}

/** The refusal is said under the field it concerns, which is marked invalid and described by it. */
function expectErrorAt(label: string, text: string) {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(text);
}

beforeEach(async () => {
  await resetClientState();
  await setQueryData(queryKey(ApiPath.getConfig, {}), CONFIG);
  window.history.replaceState(null, '', '/register');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('register form refusals', () => {
  it('offers the country list with +84 first and selected', () => {
    renderRegister();
    const select = screen.getByLabelText('Area code') as HTMLSelectElement;
    expect(select.value).toBe('+84');
    expect(select.options.length).toBeGreaterThan(10);
    expect(select.options[0].value).toBe('+84');
    // Text only: an emoji flag would read as two letters on Windows.
    expect(select.options[0].textContent).toBe('Việt Nam (+84)');
    for (const option of select.options) expect(option.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  });

  it('starts on the area code the config names', async () => {
    await setQueryData(queryKey(ApiPath.getConfig, {}), { ...CONFIG, defaultQuhao: '+86' });
    renderRegister();
    await waitFor(() => expect((screen.getByLabelText('Area code') as HTMLSelectElement).value).toBe('+86'));
  });

  it('an account without a digit gives 1010', async () => {
    renderRegister();
    fillValid();
    fill('Account', 'lettersonly');
    expect(await submitAndReadError()).toBe(textOfCode(ErrorCode.UsernameLettersDigits));
    expectErrorAt('Account', textOfCode(ErrorCode.UsernameLettersDigits));
    // Typing in the field takes its message away.
    fill('Account', 'letters1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Account').getAttribute('aria-invalid')).toBeNull();
  });

  it('a different confirmation gives 1012, and every typed value stays', async () => {
    renderRegister();
    fillValid();
    fill('Confirm password', 'abc12346');
    expect(await submitAndReadError()).toBe(textOfCode(ErrorCode.PasswordsInconsistent));
    expectErrorAt('Confirm password', textOfCode(ErrorCode.PasswordsInconsistent));
    expect((screen.getByLabelText('Account') as HTMLInputElement).value).toBe('newuser1');
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).value).toBe('abc12346');
  });

  it('the agreement must be accepted', async () => {
    renderRegister();
    fillValid();
    fireEvent.click(screen.getByLabelText('I have read and agree to the member agreement'));
    expect(await submitAndReadError()).toBe(textOfCode(MessageKey.Agreement));
    expectErrorAt('I have read and agree to the member agreement', textOfCode(MessageKey.Agreement));
  });

  it("shows the agreement the operator published, in the member's language; I agree ticks the box", async () => {
    const agreement = article(7, {
      category: ARTICLE_CATEGORY.Agreement,
      title_yw: 'Member agreement',
      content_yw: '<p>You are at least 18.</p><img src=x onerror="alert(1)">',
    });
    const fake = fakeFetch({ [ApiPath.oneClassArticle]: () => ok([agreement]) });
    vi.stubGlobal('fetch', fake.fetch);
    renderRegister();
    const box = screen.getByLabelText('I have read and agree to the member agreement') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Read the member agreement' }));
    const sheet = await screen.findByTestId('agreement');
    await waitFor(() => expect(sheet.textContent).toContain('You are at least 18.'));
    expect(fake.to(ApiPath.oneClassArticle)[0].body).toMatchObject({ type: ARTICLE_CATEGORY.Agreement });
    // Article HTML is data: the handler the row carried is gone.
    expect(sheet.querySelector('[onerror]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(screen.queryByTestId('agreement')).toBeNull());
    expect(box.checked).toBe(true);
  });

  it('says so when no agreement is published', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.oneClassArticle]: () => ok([]) }).fetch);
    renderRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Read the member agreement' }));
    expect(await screen.findByText('The agreement is not published yet')).toBeTruthy();
  });

  it('a bad phone gives 2050', async () => {
    renderRegister();
    fillValid();
    fill('Phone number', '12ab');
    expect(await submitAndReadError()).toBe(textOfCode(ErrorCode.EnterPhoneCorrectly));
    expectErrorAt('Phone number', textOfCode(ErrorCode.EnterPhoneCorrectly));
  });

  it('registers with the invitation code and goes to the account page', async () => {
    const fake = fakeFetch({
      [ApiPath.register]: () => ok({ token: 'new-member' }),
      [ApiPath.userInfo]: () =>
        ok({ name: 'newuser1', nickname: 'newuser1', level: 1, money: 0, totalWin: 0, noPassword2: 1, lang: 'en' }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRegister();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(window.location.pathname).toBe('/user'));
    expect(getSession().member).toBe(ownerOf('new-member'));
    expect(fake.to(ApiPath.register)[0].body).toMatchObject({
      quhao: '+84',
      username: 'newuser1',
      phone: '912345678',
      captcha: '123456',
      password: 'abc12345',
      spassword: 'abc12345',
      invitation: 'INVITE01',
    });
    expect(fake.to(ApiPath.register)[0].body).not.toHaveProperty('payPwd');
  });

  it('is blocked when the config agreement flag is 2', async () => {
    await setQueryData(queryKey(ApiPath.getConfig, {}), { ...CONFIG, agreement: 2 });
    renderRegister();
    expect(await screen.findByText(/Registration is closed/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});

describe('captcha', () => {
  it('refuses a bad phone before sending (2050)', async () => {
    const fake = fakeFetch({ [ApiPath.smsSend]: () => ok({ lockSeconds: 60 }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderRegister();
    fill('Phone number', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(ErrorCode.EnterPhoneCorrectly));
    expect(fake.to(ApiPath.smsSend)).toHaveLength(0);
  });

  it('locks the send button for 60 s with a countdown, then opens it again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fake = fakeFetch({ [ApiPath.smsSend]: () => ok({ lockSeconds: CAPTCHA_LOCK_SECONDS }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderRegister();
    fill('Phone number', '912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const locked = await screen.findByRole('button', { name: 'Send code (60 s)' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(fake.to(ApiPath.smsSend)[0].body).toMatchObject({ quhao: '+84', mobile: '912345678' });
    await countdownStarted();

    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByRole('button', { name: 'Send code (45 s)' })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    const open = screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement;
    expect(open.disabled).toBe(false);
  });

  it("a code asked for too soon (2051): the server's wait is said and counted down on the button", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const text = 'Sending too frequently, please wait 42 s';
    const fake = fakeFetch({
      [ApiPath.smsSend]: () => refused(ErrorCode.SendingTooFrequently, text, { errCode: 2051, retryAfter: 42 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderRegister();
    fill('Phone number', '912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    const locked = await screen.findByRole('button', { name: 'Send code (42 s)' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    await countdownStarted();
    await act(async () => {
      vi.advanceTimersByTime(42_000);
    });
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the lock survives leaving and re-opening the page', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fake = fakeFetch({ [ApiPath.smsSend]: () => ok({ lockSeconds: CAPTCHA_LOCK_SECONDS }) });
    vi.stubGlobal('fetch', fake.fetch);
    const first = renderRegister();
    fill('Phone number', '912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Send code (60 s)' });
    first.unmount();
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    renderRegister();
    expect(((await screen.findByRole('button', { name: 'Send code (50 s)' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
