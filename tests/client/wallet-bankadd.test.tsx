import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode, MessageKey } from '../../src/shared/errors';
import type { BankCard } from '../../src/shared/api/types';
import BankAddPage from '../../src/client/features/wallet/BankAddPage';
import { startSession } from '../../src/client/api/session';
import { getQueryData } from '../../src/client/data/sync';
import { useQuery } from '../../src/client/data/query';
import { bankCardsQuery } from '../../src/client/features/wallet/walletApi';
import { online } from '../../src/client/api/stores';
import { activateLocale, textOfCode } from '../../src/client/i18n';
import { Providers, fakeFetch, ok, refused, resetClientState, submitForm } from './helpers';
import { BANK_CARD, deferred, ERC20_ADDRESS, renderScreen, TRC20_ADDRESS, USDT_CARD, USER } from './wallet-fixtures';
import { queryKey } from '../../src/client/data/key';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/bankadd');
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
/** The form's button: it checks the account and shows it back; nothing is sent yet. */
const submit = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
/** The confirmation's button, under the account shown back: it sends. */
const confirm = () => screen.getByTestId('bank-add-confirm') as HTMLButtonElement;
/** Continue, then confirm the account shown back. */
async function submitAndConfirm() {
  await submitForm(submit());
  await screen.findByTestId('bank-add-review');
  fireEvent.click(confirm());
}
/** The text the field is described by: its hint and, when refused, the refusal. */
const describedText = (name: string) =>
  (field(name).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('add a withdrawal account: refusals before any call, nothing typed lost', () => {
  it('Bank without a branch: said under Branch, no request, the fields keep their values', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(BANK_CARD) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);

    expect((screen.getByRole('radio', { name: 'Bank account' }) as HTMLInputElement).checked).toBe(true);
    type('Bank', 'Vietcombank');
    type('Account number', '0123456789');
    type('Real name', 'Nguyen Van A');
    await submitForm(submit());

    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      textOfCode(MessageKey.Required),
    ]);
    expect(field('Branch').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Branch')).toContain(textOfCode(MessageKey.Required));
    expect(field('Bank').getAttribute('aria-invalid')).toBeNull();
    expect(field('Bank').value).toBe('Vietcombank');
    expect(field('Account number').value).toBe('0123456789');
    expect(field('Real name').value).toBe('Nguyen Van A');
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);

    // Typing in the refused field takes its message away.
    type('Branch', 'Ha Noi');
    expect(field('Branch').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('a control character in a bank field is said under that field', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(BANK_CARD) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    type('Bank', 'Vietcombank');
    type('Account number', '0123456789');
    type('Real name', 'Nguyen\u001b[31m Van A');
    type('Branch', 'Ha Noi');
    await submitForm(submit());
    expect(field('Real name').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Real name')).toContain(textOfCode(MessageKey.PlainText));
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);
  });

  it('USDT with an empty or malformed address: 1065, no request; switching types keeps every field', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(USDT_CARD) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    type('Bank', 'ACB');

    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    expect(screen.queryByLabelText('Bank')).toBeNull();
    await submitForm(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(ErrorCode.EnterAddress));

    // An Ethereum address is not a TRON one.
    type('Wallet address', ERC20_ADDRESS);
    await submitForm(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(ErrorCode.EnterAddress));
    expect(field('Wallet address').value).toBe(ERC20_ADDRESS);
    expect(field('Wallet address').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Wallet address')).toContain(textOfCode(ErrorCode.EnterAddress));

    fireEvent.click(screen.getByRole('radio', { name: 'USDT-ERC20' }));
    type('Wallet address', 'T-not-an-address');
    await submitForm(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode(ErrorCode.EnterAddress));
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Bank account' }));
    expect(field('Bank').value).toBe('ACB');
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-ERC20' }));
    expect(field('Wallet address').value).toBe('T-not-an-address');
  });

  it('in Vietnamese, the refusals read in Vietnamese', async () => {
    await act(async () => activateLocale('vi', { persist: false }));
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập địa chỉ ví hợp lệ');
  });

  it('a server refusal keeps the form as typed (the API client toasts its text)', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => refused(1046, 'Can be added once only') });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    type('Wallet address', TRC20_ADDRESS);
    type('Withdrawal password', '246810');
    await submitAndConfirm();
    expect((await screen.findByRole('alert')).textContent).toContain('Can be added once only');
    // Back in the form, as typed, for another try.
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(field('Wallet address').value).toBe(TRC20_ADDRESS);
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(1);
  });

  it('offline: the offline message, nothing sent', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(USDT_CARD) });
    vi.stubGlobal('fetch', fake.fetch);
    online.browserChanged(false);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    type('Wallet address', TRC20_ADDRESS);
    type('Withdrawal password', '246810');
    await submitAndConfirm();
    expect((await screen.findByRole('alert')).textContent).toBe(textOfCode('offline'));
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);
  });

  it('submit is locked (disabled, spinner) while the request runs; success refreshes the list behind and goes back to it', async () => {
    const answer = deferred<unknown>();
    const saved: BankCard[] = [];
    const fake = fakeFetch({
      [ApiPath.addBankCard]: () => answer.promise,
      [ApiPath.bankCardList]: () => ok(saved),
    });
    vi.stubGlobal('fetch', fake.fetch);
    // The list the member came from, kept alive behind the form.
    const list = renderHook(() => useQuery(bankCardsQuery), { wrapper: Providers });
    await waitFor(() => expect(list.result.current.status).toBe('fresh'));
    const before = fake.to(ApiPath.bankCardList).length;
    renderScreen(BankAddPage);
    type('Bank', ' Vietcombank ');
    type('Account number', '0123456789');
    type('Real name', 'Nguyen Van A');
    type('Branch', 'Ha Noi');
    type('Withdrawal password', '246810');
    await submitAndConfirm();

    await waitFor(() => expect(fake.to(ApiPath.addBankCard)).toHaveLength(1));
    expect(confirm().disabled).toBe(true);
    expect(confirm().getAttribute('aria-busy')).toBe('true');
    expect(confirm().querySelector('.spinner')).not.toBeNull();
    fireEvent.click(confirm());
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(1);
    expect(fake.to(ApiPath.addBankCard)[0].body).toMatchObject({
      type: 'Bank',
      bank: 'Vietcombank',
      account: '0123456789',
      username: 'Nguyen Van A',
      branch: 'Ha Noi',
      pwd: '246810',
    });
    expect(fake.to(ApiPath.addBankCard)[0].body.address).toBeUndefined();

    saved.push(BANK_CARD);
    await act(async () => answer.resolve(ok(BANK_CARD)));
    await waitFor(() => expect(window.location.pathname).toBe('/banklist'));
    expect(fake.to(ApiPath.bankCardList).length).toBe(before + 1);
    expect((await getQueryData<BankCard[]>(queryKey(ApiPath.bankCardList, {})))?.data).toEqual([BANK_CARD]);
    expect(list.result.current.data).toEqual([BANK_CARD]);
    expect(screen.getByRole('status').textContent).toContain('Account added');
    // The typed password is not kept for the next account.
    expect(field('Withdrawal password').value).toBe('');
  });
});

describe('add a withdrawal account: the withdrawal password', () => {
  it('is asked for: empty is said under its field and nothing is sent; typed, it is sent with the account', async () => {
    const fake = fakeFetch({
      [ApiPath.userInfo]: () => ok(USER),
      [ApiPath.addBankCard]: () => ok(USDT_CARD),
      [ApiPath.bankCardList]: () => ok([USDT_CARD]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    type('Wallet address', TRC20_ADDRESS);
    await submitForm(submit());
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      textOfCode(ErrorCode.WithdrawPasswordEmpty),
    ]);
    expect(field('Withdrawal password').getAttribute('aria-invalid')).toBe('true');
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);

    type('Withdrawal password', '246810');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await submitAndConfirm();
    await waitFor(() => expect(fake.to(ApiPath.addBankCard)).toHaveLength(1));
    expect(fake.to(ApiPath.addBankCard)[0].body).toMatchObject({
      type: 'USDT-TRC20',
      address: TRC20_ADDRESS,
      pwd: '246810',
    });
    await waitFor(() => expect(window.location.pathname).toBe('/banklist'));
    expect(screen.getByRole('status').textContent).toBe('Account added. Withdrawals to it are possible in 24 hours.');
  });

  it('a member without one is sent to set it first, and no form is shown', async () => {
    const fake = fakeFetch({ [ApiPath.userInfo]: () => ok({ ...USER, noPassword2: 1 }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    const link = await screen.findByRole('link', { name: 'Set withdrawal password' });
    expect(link.getAttribute('href')).toBe('/usercipherpassword');
    expect(screen.getByTestId('bank-add-needs-password').textContent).toContain(
      'Adding a withdrawal account asks for your withdrawal password.',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('add a withdrawal account: an address that cannot exist', () => {
  it('a TRON address failing its checksum is refused under the address (3011), nothing sent', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(USDT_CARD) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    type('Wallet address', 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    type('Withdrawal password', '246810');
    await submitForm(submit());
    const text = textOfCode(ErrorCode.AddressChecksum, { network: 'USDT-TRC20' });
    expect(text).toMatch(/^This USDT-TRC20 address fails its checksum/);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(describedText('Wallet address')).toContain(text);
    expect(screen.queryByTestId('bank-add-review')).toBeNull();
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);
  });

  it('a mixed-case Ethereum address failing EIP-55 is refused; the same address in lower case is taken', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(USDT_CARD), [ApiPath.bankCardList]: () => ok([]) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-ERC20' }));
    type('Wallet address', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    type('Withdrawal password', '246810');
    await submitForm(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      textOfCode(ErrorCode.AddressChecksum, { network: 'USDT-ERC20' }),
    );
    type('Wallet address', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    await submitAndConfirm();
    await waitFor(() => expect(fake.to(ApiPath.addBankCard)).toHaveLength(1));
    expect(fake.to(ApiPath.addBankCard)[0].body.address).toBe('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
  });
});

describe('add a withdrawal account: shown back before it is saved', () => {
  it('shows the type and every field in full; nothing is sent until it is confirmed; Edit keeps every field', async () => {
    const fake = fakeFetch({ [ApiPath.addBankCard]: () => ok(BANK_CARD), [ApiPath.bankCardList]: () => ok([]) });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(BankAddPage);
    type('Bank', 'Vietcombank');
    type('Account number', '0071 0012 3456');
    type('Real name', 'Nguyen Van A');
    type('Branch', 'Ha Noi');
    type('Withdrawal password', '246810');
    await submitForm(submit());

    const review = await screen.findByTestId('bank-add-review');
    expect(review.textContent).toContain('Check the account before saving it');
    expect(screen.getByTestId('review-type').textContent).toBe('Bank account');
    expect(screen.getByTestId('review-bank').textContent).toBe('Vietcombank');
    // In full, the one page that shows it so.
    expect(screen.getByTestId('review-account').textContent).toBe('0071 0012 3456');
    expect(screen.getByTestId('review-username').textContent).toBe('Nguyen Van A');
    expect(screen.getByTestId('review-branch').textContent).toBe('Ha Noi');
    expect(review.textContent).not.toContain('246810');
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Account number').value).toBe('0071 0012 3456');
    expect(field('Withdrawal password').value).toBe('246810');
    expect(fake.to(ApiPath.addBankCard)).toHaveLength(0);

    await submitAndConfirm();
    await waitFor(() => expect(fake.to(ApiPath.addBankCard)).toHaveLength(1));
    expect(fake.to(ApiPath.addBankCard)[0].body).toMatchObject({ account: '0071 0012 3456', pwd: '246810' });
  });

  it('a USDT address is shown back whole', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    renderScreen(BankAddPage);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    type('Wallet address', ` ${TRC20_ADDRESS} `);
    type('Withdrawal password', '246810');
    await submitForm(submit());
    await screen.findByTestId('bank-add-review');
    expect(screen.getByTestId('review-type').textContent).toBe('USDT-TRC20');
    expect(screen.getByTestId('review-address').textContent).toBe(TRC20_ADDRESS);
  });
});
