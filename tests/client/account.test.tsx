import { ownerOf } from '../../src/client/api/owner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import AccountPage from '../../src/client/features/account/AccountPage';
import { DialogHost, Toaster } from '../../src/client/ui';
import { getQueryData, setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { getSession, startSession } from '../../src/client/api/session';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode } from '../../src/shared/errors';
import type { UserInfo } from '../../src/shared/api/types';
import { textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { queryKey } from '../../src/client/data/key';

const USER: UserInfo = {
  name: 'demo01',
  nickname: 'Demo',
  level: 3,
  money: 1234.5,
  totalWin: -12,
  noPassword2: 1,
  lang: 'en',
};

function renderAccount() {
  return render(
    <Providers>
      <AccountPage />
      <Toaster />
      <DialogHost />
    </Providers>,
  );
}

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/user');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account page', () => {
  it('offline, shows the cached profile with a stale badge', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER, Date.now() - 60_000);
    await setQueryData(
      queryKey(ApiPath.leftMoney, {}),
      { leftmoney: 0, turnoverRemaining: 40, pendingWithdrawals: 0, hasPayPassword: true },
      Date.now() - 60_000,
    );
    online.browserChanged(false);
    renderAccount();
    expect((await screen.findByTestId('nickname')).textContent).toBe('Demo');
    expect(screen.getByTestId('level').textContent).toBe('VIP 3');
    expect(screen.getByTestId('balance').textContent).toBe('1,234.50');
    await waitFor(() => expect(screen.getByTestId('withdrawable').textContent).toBe('0.00'));
    expect(screen.getByTestId('hold-turnover').textContent).toMatch(/^Turnover still to play: 40\.00 USD/);
    // What turnover is and how it goes down, where it is shown.
    expect(screen.getByTestId('turnover-explained').textContent).toBe(
      'Money deposited is played in rounds before it can be withdrawn: this is what is still to be staked since your last deposit. It goes down by the stake of each of your orders once its round is settled (a cancelled order does not count); at 0, your whole balance can be withdrawn.',
    );
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
  });

  it('online, revalidates the profile and shows no stale badge', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER, 1_000);
    const fake = fakeFetch({ [ApiPath.userInfo]: () => ok({ ...USER, money: 2000 }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderAccount();
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('2,000.00'));
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });

  it('recharge only warns that deposits go through customer service (2056)', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    online.browserChanged(false);
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Recharge' }));
    expect((await screen.findByRole('alert')).textContent).toContain(textOfCode(ErrorCode.ContactServiceForDeposit));
  });

  it('logs out after confirmation: token and private rows gone, then /login', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    await setQueryData(queryKey(ApiPath.getConfig, {}), { siteName: 'kept' });
    const fake = fakeFetch({ [ApiPath.userInfo]: () => ok(USER), [ApiPath.logout]: () => ok(null) });
    vi.stubGlobal('fetch', fake.fetch);
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getSession().member).toBe(ownerOf('token'));

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(getSession()).toEqual({ member: null, isLogin: false });
    expect(await getQueryData(queryKey(ApiPath.userInfo, {}))).toBeUndefined();
    expect(await getQueryData(queryKey(ApiPath.getConfig, {}))).toBeDefined();
    expect(fake.to(ApiPath.logout)).toHaveLength(1);
  });
});
