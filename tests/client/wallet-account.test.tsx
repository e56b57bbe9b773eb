import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode } from '../../src/shared/errors';
import RechargePage from '../../src/client/features/recharge/RechargePage';
import AccountPage from '../../src/client/features/account/AccountPage';
import PasswordMenuPage from '../../src/client/features/account/PasswordMenuPage';
import SettingsPage from '../../src/client/features/account/SettingsPage';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/stores';
import { activateLocale, textOfCode } from '../../src/client/i18n';
import { resetClientState } from './helpers';
import { renderScreen, USER } from './wallet-fixtures';
import { queryKey } from '../../src/client/data/key';
import { ApiPath } from '../../src/shared/api/paths';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  online.browserChanged(false);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', { persist: false });
});

describe('recharge', () => {
  it('shows only the 2056 notice and the customer-service link; no presets', async () => {
    await setQueryData(queryKey(ApiPath.getConfig, {}), { serviceUrl: 'https://support.example/chat' });
    renderScreen(RechargePage);
    const notice = screen.getByTestId('recharge-notice');
    expect(notice.textContent).toBe(textOfCode(ErrorCode.ContactServiceForDeposit));
    expect(notice.textContent).toBe('Deposits are handled by customer service: please contact them');
    const link = await screen.findByRole('link', { name: 'Contact customer service' });
    expect(link.getAttribute('href')).toBe('https://support.example/chat');
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const preset of ['100', '500', '2000', '5000'])
      expect(screen.queryByRole('button', { name: preset })).toBeNull();
  });

  it('in Vietnamese', async () => {
    await act(async () => activateLocale('vi', { persist: false }));
    renderScreen(RechargePage);
    expect(screen.getByTestId('recharge-notice').textContent).toBe('Vui lòng liên hệ chăm sóc khách hàng để nạp tiền');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nạp tiền');
  });
});

describe('account page', () => {
  it('level icon with level number and name; withdrawable is the shared figure, never the total win', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), { ...USER, level: 3, totalWin: -40.5 });
    await setQueryData(queryKey(ApiPath.leftMoney, {}), {
      leftmoney: 876.5,
      turnoverRemaining: 0,
      pendingWithdrawals: 25,
      hasPayPassword: true,
    });
    renderScreen(AccountPage);
    expect((await screen.findByTestId('level')).textContent).toBe('VIP 3');
    expect(screen.getByTestId('level-name').textContent).toBe('Gold');
    expect(document.querySelector('.level-badge')?.getAttribute('data-level')).toBe('3');
    await waitFor(() => expect(screen.getByTestId('withdrawable').textContent).toBe('876.50'));
    expect(screen.getByTestId('hold-pending').textContent).toBe('Withdrawals pending: 25.00 USD');
    expect(screen.queryByTestId('hold-turnover')).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(menu).getByRole('link', { name: 'Fund log' }).getAttribute('href')).toBe('/my_income');
    expect(within(menu).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/message');
    expect(within(menu).getByRole('link', { name: 'Password' }).getAttribute('href')).toBe('/my_password');
    expect(
      within(menu)
        .getByRole('link', { name: /Language/ })
        .getAttribute('href'),
    ).toBe('/languageSet');
  });

  it('level names in Vietnamese', async () => {
    await act(async () => activateLocale('vi', { persist: false }));
    await setQueryData(queryKey(ApiPath.userInfo, {}), { ...USER, level: 8 });
    renderScreen(AccountPage);
    await waitFor(() => expect(screen.getByTestId('level-name').textContent).toBe('Kim cương'));
  });
});

describe('security page', () => {
  it('login password, withdrawal password (marked not set), withdrawal accounts', async () => {
    await setQueryData(queryKey(ApiPath.userInfo, {}), { ...USER, noPassword2: 1 });
    renderScreen(SettingsPage);
    const security = screen.getByRole('navigation', { name: 'Security' });
    const links = within(security).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/userloginpassword',
      '/usercipherpassword',
      '/banklist',
    ]);
    await waitFor(() => expect(links[1].textContent).toContain('Not set'));
    expect(links[2].textContent).toContain('Withdrawal accounts');
  });

  describe('passwords menu (/my_password)', () => {
    it('leads to both passwords and to the withdrawal accounts they guard', () => {
      renderScreen(PasswordMenuPage);
      const menu = screen.getByRole('navigation', { name: 'Passwords' });
      expect(within(menu).getByRole('link', { name: 'Login password' }).getAttribute('href')).toBe(
        '/userloginpassword',
      );
      expect(within(menu).getByRole('link', { name: 'Withdrawal password' }).getAttribute('href')).toBe(
        '/usercipherpassword',
      );
      expect(within(menu).getByRole('link', { name: 'Withdrawal accounts' }).getAttribute('href')).toBe('/banklist');
    });
  });
});
