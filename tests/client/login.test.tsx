import { ownerOf } from '../../src/client/api/owner';
import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import LoginPage from '../../src/client/features/auth/LoginPage';
import { Toaster } from '../../src/client/ui';
import { getSession } from '../../src/client/api/session';
import { ApiPath } from '../../src/shared/api/paths';
import { textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, refused, Providers, resetClientState } from './helpers';

function renderLogin() {
  return render(
    <Providers>
      <LoginPage />
      <Toaster />
    </Providers>,
  );
}

function inputValue(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(async () => {
  await resetClientState();
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('refuses a password under 6 characters with the 1061 text, sends nothing and keeps what was typed', async () => {
    const fake = fakeFetch({ [ApiPath.login]: () => ok({ token: 't' }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderLogin();
    fill('Account', 'demo01');
    fill('Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(1061));
    expect(textOfCode(1061)).toMatch(/6/);
    // Under the password field, which is marked invalid.
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Account').getAttribute('aria-invalid')).toBeNull();
    expect(fake.calls).toHaveLength(0);
    expect(inputValue('Account')).toBe('demo01');
    expect(inputValue('Password')).toBe('12345');
  });

  it('refuses an empty form with the incomplete-parameters text', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(1001));
    expect(screen.getByLabelText('Account').getAttribute('aria-invalid')).toBe('true');
  });

  it('logs in: trims the name, stores the token and goes to the account page', async () => {
    const fake = fakeFetch({
      [ApiPath.login]: () => ok({ token: 'fresh-token' }),
      [ApiPath.userInfo]: () =>
        ok({ name: 'demo01', nickname: 'demo01', level: 1, money: 10, totalWin: 0, noPassword2: 1, lang: 'en' }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderLogin();
    fill('Account', '  demo01 ');
    fill('Password', 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(window.location.pathname).toBe('/user'));
    expect(getSession()).toEqual({ member: ownerOf('fresh-token'), isLogin: true });
    // Only its key is kept: the token itself is the cookie's.
    expect(Object.values({ ...localStorage }).join(' ')).not.toContain('fresh-token');
    expect(fake.calls[0].body).toMatchObject({ username: 'demo01', password: 'demo1234', lang: 'en' });
    expect(await screen.findByText('Logged in')).toBeTruthy();
  });

  it('shows the server’s refusal as a warning toast and keeps the form', async () => {
    const fake = fakeFetch({ [ApiPath.login]: () => refused(1003, 'Wrong login password', { errCode: 1003 }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderLogin();
    fill('Account', 'demo01');
    fill('Password', 'wrongpass1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong login password');
    expect(getSession().member).toBeNull();
    expect(inputValue('Password')).toBe('wrongpass1');
    expect(window.location.pathname).toBe('/login');
  });
});
