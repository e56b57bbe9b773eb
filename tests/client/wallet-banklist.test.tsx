import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { BankCard } from '../../src/shared/api/types';
import BankListPage from '../../src/client/features/wallet/BankListPage';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { fakeFetch, ok, resetClientState } from './helpers';
import { BANK_CARD, renderScreen, TRC20_ADDRESS, USDT_CARD } from './wallet-fixtures';
import { queryKey } from '../../src/client/data/key';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/banklist');
});

const entries = () => screen.queryAllByTestId('bank-card');

describe('withdrawal accounts list', () => {
  it('shows each type; a bank with username, bank, account and branch, a USDT account with its address', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.bankCardList]: () => ok([BANK_CARD, USDT_CARD]) }).fetch);
    renderScreen(BankListPage);
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [bank, usdt] = entries();
    expect(within(bank).getByTestId('bank-card-type').textContent).toBe('Bank account');
    expect(within(bank).getByTestId('bank-card-username').textContent).toBe('Nguyen Van A');
    expect(within(bank).getByTestId('bank-card-bank').textContent).toBe('Vietcombank');
    // Masked to the last four: only the add page shows an account whole.
    expect(within(bank).getByTestId('bank-card-account').textContent).toBe('···6789');
    expect(bank.textContent).not.toContain('0123456789');
    expect(within(bank).getByTestId('bank-card-branch').textContent).toBe('Ha Noi');
    expect(within(bank).queryByTestId('bank-card-address')).toBeNull();
    expect(within(usdt).getByTestId('bank-card-type').textContent).toBe('USDT-TRC20');
    expect(within(usdt).getByTestId('bank-card-address').textContent).toBe('TXYZop…AeBf');
    expect(usdt.textContent).not.toContain(TRC20_ADDRESS);
    expect(screen.queryByTestId('account-defect')).toBeNull();
    expect(within(usdt).queryByTestId('bank-card-bank')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add account' }).getAttribute('href')).toBe('/bankadd');
  });

  it('delete asks to confirm: "Keep it" sends nothing; "Delete" sends delbankcard with the id, then refreshes', async () => {
    let saved: BankCard[] = [BANK_CARD, USDT_CARD];
    const fake = fakeFetch({
      [ApiPath.bankCardList]: () => ok(saved),
      [ApiPath.deleteBankCard]: (call) => {
        saved = saved.filter((card) => card.id !== call.body.id);
        return ok(null);
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankListPage);
    await waitFor(() => expect(entries()).toHaveLength(2));
    const lists = fake.to(ApiPath.bankCardList).length;

    fireEvent.click(within(entries()[1]).getByRole('button', { name: 'Delete USDT-TRC20 TXYZop…AeBf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(dialog.textContent).toContain('TXYZop…AeBf');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.to(ApiPath.deleteBankCard)).toHaveLength(0);

    fireEvent.click(within(entries()[1]).getByTestId('bank-card-delete'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(fake.to(ApiPath.deleteBankCard).map((call) => call.body.id)).toEqual([USDT_CARD.id]);
    expect(fake.to(ApiPath.bankCardList).length).toBeGreaterThan(lists);
    expect(within(entries()[0]).getByTestId('bank-card-bank').textContent).toBe('Vietcombank');
  });

  it('offline: the cached list with a stale marker; delete refused with the offline message, no dialog', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData(queryKey(ApiPath.bankCardList, {}), [BANK_CARD], Date.now() - 60_000);
    online.browserChanged(false);
    renderScreen(BankListPage);
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(screen.getByTestId('stale-badge')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bank-card-delete'));
    expect((await screen.findByRole('alert')).textContent).toContain('You are offline');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls).toHaveLength(0);
  });

  it('no accounts: an empty state leading to the add form', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.bankCardList]: () => ok([]) }).fetch);
    renderScreen(BankListPage);
    expect(await screen.findByRole('heading', { name: 'No accounts yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(window.location.pathname).toBe('/bankadd');
  });

  it('an address saved before the checksum was checked, failing it, stays listed and says that no withdrawal goes to it', async () => {
    const broken: BankCard = { ...USDT_CARD, id: 11, address: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    vi.stubGlobal('fetch', fakeFetch({ [ApiPath.bankCardList]: () => ok([USDT_CARD, broken]) }).fetch);
    renderScreen(BankListPage);
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(within(entries()[0]).queryByTestId('account-defect')).toBeNull();
    expect(within(entries()[1]).getByTestId('account-defect').textContent).toBe(
      "This address does not pass its network's checksum, so nobody can hold it: no withdrawal is sent to it. Delete it and add the address again, copied from your wallet.",
    );
    expect(within(entries()[1]).getByTestId('bank-card-delete')).toBeTruthy();
  });
});
