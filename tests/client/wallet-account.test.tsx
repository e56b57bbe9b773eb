import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode } from '../../src/shared/errors';
import RechargePage from '../../src/client/features/recharge/RechargePage';
import AccountPage from '../../src/client/features/account/AccountPage';
import PasswordMenuPage from '../../src/client/features/account/PasswordMenuPage';
import SettingsPage from '../../src/client/features/account/SettingsPage';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { activateLocale, textOfCode } from '../../src/client/i18n';
import { appConfig, resetClientState } from './helpers';
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
  const instructions =
    'Bank transfer to Vietcombank 0071 0004 8812, 09:00-21:00 (UTC+8), 500 to 50,000 USD; put your account name in the transfer note.';

  it("says once how to add money: the 2056 line, the operator's instructions as written, the name to quote, the message to expect; no toast, no presets", async () => {
    await setQueryData(queryKey(ApiPath.getConfig, {}), appConfig({ depositInstructions: `  ${instructions} ` }));
    await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
    renderScreen(RechargePage);
    const notice = screen.getByTestId('recharge-notice');
    expect(notice.textContent).toBe(textOfCode(ErrorCode.ContactServiceForDeposit));
    expect(notice.textContent).toBe('Deposits are handled by customer service: please contact them');
    expect((await screen.findByTestId('deposit-instructions')).textContent).toBe(instructions);
    expect(screen.getByTestId('deposit-quote').textContent).toBe('Quote your account name: demo01');
    expect(screen.getByText(/you get a message with the amount and its reference/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/message');
    const link = screen.getByRole('link', { name: 'Contact customer service' });
    expect(link.getAttribute('href')).toBe('https://support.example/chat');
    // Said once: the page holds the 2056 line once, and no toast repeats it.
    expect(document.body.textContent!.split(textOfCode(ErrorCode.ContactServiceForDeposit)).length).toBe(2);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const preset of ['100', '500', '2000', '5000'])
      expect(screen.queryByRole('button', { name: preset })).toBeNull();
  });

  it('without instructions set, no empty box: the 2056 line and customer service', async () => {
    await setQueryData(queryKey(ApiPath.getConfig, {}), appConfig());
    renderScreen(RechargePage);
    await screen.findByRole('link', { name: 'Contact customer service' });
    expect(screen.queryByTestId('deposit-instructions')).toBeNull();
    expect(screen.queryByText("The operator's instructions")).toBeNull();
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
