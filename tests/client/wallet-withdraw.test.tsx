import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode } from '../../src/shared/errors';
import type { BankCard, LeftMoneyAnswer, UserInfo, WithdrawalItem } from '../../src/shared/api/types';
import { ScreenActiveContext } from '../../src/client/ui/screen';
import { appQueries } from '../../src/client/data/stores';
import WithdrawPage from '../../src/client/features/wallet/WithdrawPage';
import { startSession } from '../../src/client/api/session';
import { online } from '../../src/client/api/stores';
import { activateLocale, formatDateTime, formatUsd, textOfCode } from '../../src/client/i18n';
import { fakeFetch, ok, Providers, refused, resetClientState, submitForm, type FakeCall } from './helpers';
import { BANK_CARD, LEFT, renderScreen, USDT_CARD, USER } from './wallet-fixtures';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/withdraw');
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

function walletServer(
  options: {
    cards?: BankCard[];
    left?: LeftMoneyAnswer;
    user?: UserInfo;
    withdraw?: (call: FakeCall) => unknown;
    withdrawals?: WithdrawalItem[];
  } = {},
) {
  return fakeFetch({
    [ApiPath.bankCardList]: () => ok(options.cards ?? [BANK_CARD, USDT_CARD]),
    [ApiPath.leftMoney]: () => ok(options.left ?? LEFT),
    [ApiPath.userInfo]: () => ok(options.user ?? USER),
    [ApiPath.withdraw]: options.withdraw ?? (() => ok(1)),
    [ApiPath.withdrawals]: () => ok(options.withdrawals ?? []),
  });
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement;
const formError = () => screen.getByTestId('withdraw-form').querySelector('[role="alert"]')?.textContent ?? null;

async function openReady(fake: ReturnType<typeof walletServer>) {
  vi.stubGlobal('fetch', fake.fetch);
  renderScreen(WithdrawPage);
  await waitFor(() => expect(screen.getAllByTestId('withdraw-account').length).toBeGreaterThan(0));
  await waitFor(() => expect(screen.getByTestId('withdrawable').textContent).toBe('100.00'));
}

describe('withdraw page entry', () => {
  it('no saved account: a confirm dialog that leads to the bank list', async () => {
    const fake = walletServer({ cards: [] });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(WithdrawPage);
    const dialog = await screen.findByRole('dialog', { name: 'No withdrawal account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/banklist'));
  });

  it('no withdrawal password (hasPayPassword false): a dialog that leads to setting it', async () => {
    const fake = walletServer({ cards: [BANK_CARD], left: { ...LEFT, hasPayPassword: false } });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(WithdrawPage);
    const dialog = await screen.findByRole('dialog', { name: 'No withdrawal password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(window.location.pathname).toBe('/usercipherpassword'));
  });

  it('no withdrawal password (profile noPassword2 = 1) after declining the bank list: the password dialog', async () => {
    const fake = walletServer({ cards: [], user: { ...USER, noPassword2: 1 } });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(WithdrawPage);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'No withdrawal account' })).getByRole('button', {
        name: 'Not now',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'No withdrawal password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/withdraw');
  });

  it('with an account and a password: no dialog; the withdrawable amount and remaining turnover are shown', async () => {
    const fake = walletServer({
      left: { leftmoney: 0, turnoverRemaining: 300, pendingWithdrawals: 0, hasPayPassword: true },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(WithdrawPage);
    await waitFor(() => expect(screen.getByTestId('withdrawable').textContent).toBe('0.00'));
    expect(screen.getByTestId('hold-turnover').textContent).toMatch(/^Turnover still to play: 300\.00 USD/);
    // What turnover is and how it goes down, where it is shown.
    expect(screen.getByTestId('turnover-explained').textContent).toBe(
      'Money deposited is played in rounds before it can be withdrawn: this is what is still to be staked since your last deposit. It goes down by the stake of each of your orders once its round is settled (a cancelled order does not count); at 0, your whole balance can be withdrawn.',
    );
    // Masked to the ends: only the add page shows an account whole.
    expect(screen.getByRole('radio', { name: /Vietcombank ···6789/ })).toBeTruthy();
    expect(screen.getByTestId('withdraw-form').textContent).not.toContain('0123456789');
    expect(screen.getByRole('radio', { name: /USDT-TRC20/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('withdraw form rules, before any call', () => {
  it('the amount keeps digits and one decimal point; commas are stripped as the member types', async () => {
    await openReady(walletServer());
    type('Amount (USD)', '1,2a34.5.6');
    expect(field('Amount (USD)').value).toBe('1234.56');
    type('Amount (USD)', '-7 USD');
    expect(field('Amount (USD)').value).toBe('7');
  });

  it('1050 wrong amount, 1025 above leftmoney, 2058 no account chosen, 2057 no password; nothing sent', async () => {
    const fake = walletServer();
    await openReady(fake);

    type('Amount (USD)', '0');
    await submitForm(submit());
    await waitFor(() => expect(formError()).toBe(textOfCode(ErrorCode.WrongAmount)));
    // Said under the amount field, which is marked invalid; one message, not a stack.
    const amountField = field('Amount (USD)');
    expect(amountField.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amountField.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe(
      textOfCode(ErrorCode.WrongAmount),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    type('Amount (USD)', '100.01');
    await submitForm(submit());
    await waitFor(() => expect(formError()).toBe(textOfCode(ErrorCode.WithdrawOverLimit)));

    type('Amount (USD)', '100');
    await submitForm(submit());
    await waitFor(() => expect(formError()).toBe(textOfCode(ErrorCode.SelectWithdrawMethod)));

    fireEvent.click(screen.getByRole('radio', { name: /Vietcombank/ }));
    await submitForm(submit());
    await waitFor(() => expect(formError()).toBe(textOfCode(ErrorCode.WithdrawPasswordEmpty)));
    expect(field('Withdrawal password').getAttribute('aria-invalid')).toBe('true');
    // Typing the password takes its message away.
    type('Withdrawal password', '1');
    expect(formError()).toBeNull();

    expect(fake.to(ApiPath.withdraw)).toHaveLength(0);
    expect(field('Amount (USD)').value).toBe('100');
  });

  it('in Vietnamese: 1025, 2058 and 2057 read in Vietnamese', async () => {
    await act(async () => activateLocale('vi', { persist: false }));
    const fake = walletServer();
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(WithdrawPage);
    await waitFor(() => expect(screen.getByTestId('withdrawable').textContent).toBe('100,00'));
    const amount = screen.getByLabelText('Số tiền (USD)');
    const send = screen.getByRole('button', { name: 'Rút tiền' });
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(send);
    await waitFor(() => expect(formError()).toBe('Số dư không đủ: số tiền vượt quá mức được rút'));
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(send);
    await waitFor(() => expect(formError()).toBe('Vui lòng chọn tài khoản rút tiền'));
    fireEvent.click(screen.getByRole('radio', { name: /Vietcombank/ }));
    fireEvent.click(send);
    await waitFor(() => expect(formError()).toBe('Vui lòng nhập mật khẩu rút tiền'));
    expect(fake.to(ApiPath.withdraw)).toHaveLength(0);
  });

  it('turnover still owed: 1064 before any call', async () => {
    const fake = walletServer({
      left: { leftmoney: 100, turnoverRemaining: 20, pendingWithdrawals: 0, hasPayPassword: true },
    });
    await openReady(fake);
    fireEvent.click(screen.getByRole('radio', { name: /Vietcombank/ }));
    type('Amount (USD)', '10');
    type('Withdrawal password', '123456');
    await submitForm(submit());
    await waitFor(() => expect(formError()).toBe(textOfCode(ErrorCode.InsufficientTurnover)));
    expect(fake.to(ApiPath.withdraw)).toHaveLength(0);
  });

  it('a new account still held says until when; a withdrawal to it is refused under the accounts (3007), nothing sent', async () => {
    const availableAt = Date.now() + 5 * 3600_000;
    const held: BankCard = { ...USDT_CARD, addedAt: availableAt - 24 * 3600_000, availableAt };
    const fake = walletServer({ cards: [BANK_CARD, held] });
    await openReady(fake);
    const [bank, usdt] = screen.getAllByTestId('withdraw-account');
    expect(within(bank).queryByTestId('withdraw-account-hold')).toBeNull();
    expect(within(usdt).getByTestId('withdraw-account-hold').textContent).toBe(
      `New account: withdrawals to it are possible from ${formatDateTime(availableAt)}`,
    );

    fireEvent.click(within(usdt).getByRole('radio'));
    type('Amount (USD)', '10');
    type('Withdrawal password', '123456');
    await submitForm(submit());
    const said = textOfCode(ErrorCode.AccountOnHold, { time: { epochMs: availableAt } });
    expect(said).toContain('a newly added account waits 24 hours');
    await waitFor(() => expect(formError()).toBe(said));
    expect(fake.to(ApiPath.withdraw)).toHaveLength(0);

    // The account past its hold is taken.
    fireEvent.click(within(bank).getByRole('radio'));
    await submitForm(submit());
    await waitFor(() => expect(fake.to(ApiPath.withdraw)).toHaveLength(1));
    expect(fake.to(ApiPath.withdraw)[0].body).toMatchObject({ bank_id: BANK_CARD.id });
  });

  it('offline: refused with the offline message, nothing sent', async () => {
    const fake = walletServer();
    await openReady(fake);
    fireEvent.click(screen.getByRole('radio', { name: /Vietcombank/ }));
    type('Amount (USD)', '10');
    type('Withdrawal password', '123456');
    online.browserChanged(false);
    await submitForm(submit());
    await waitFor(() => expect(formError()).toBe(textOfCode('offline')));
    expect(fake.to(ApiPath.withdraw)).toHaveLength(0);
  });
});

describe('withdraw submit', () => {
  it('sends cents/100 with one idempotency key per attempt, kept across a retry; success says 24 hours', async () => {
    let answers = 0;
    const fake = walletServer({
      withdraw: () => {
        answers += 1;
        // The first try gets no answer at all.
        if (answers === 1) throw new TypeError('Failed to fetch');
        return ok(1);
      },
    });
    await openReady(fake);
    fireEvent.click(screen.getByRole('radio', { name: /USDT-TRC20/ }));
    type('Amount (USD)', '12.3');
    type('Withdrawal password', '123456');
    await submitForm(submit());
    await waitFor(() => expect(formError()).toContain('No answer from the server'));
    expect(field('Amount (USD)').value).toBe('12.3');

    const profileCalls = fake.to(ApiPath.userInfo).length;
    const leftCalls = fake.to(ApiPath.leftMoney).length;
    await submitForm(submit());
    const success = await screen.findByTestId('withdraw-success');
    expect(success.textContent).toBe('Withdrawal of 12.30 USD requested. It arrives within 24 hours.');

    const [first, retry] = fake.to(ApiPath.withdraw);
    expect(first.body).toMatchObject({ bank_id: USDT_CARD.id, money: 12.3, pwd: '123456' });
    expect(typeof first.body.idempotencyKey).toBe('string');
    expect((first.body.idempotencyKey as string).length).toBeGreaterThanOrEqual(16);
    expect(retry.body).toMatchObject({ bank_id: USDT_CARD.id, money: 12.3, pwd: '123456' });
    expect(retry.body.idempotencyKey).toBe(first.body.idempotencyKey);

    // The form is cleared; profile and leftmoney are fetched again.
    expect(field('Amount (USD)').value).toBe('');
    expect(field('Withdrawal password').value).toBe('');
    await waitFor(() => expect(fake.to(ApiPath.userInfo).length).toBeGreaterThan(profileCalls));
    await waitFor(() => expect(fake.to(ApiPath.leftMoney).length).toBeGreaterThan(leftCalls));

    // The next withdrawal is a new attempt with a new key.
    type('Amount (USD)', '1');
    type('Withdrawal password', '123456');
    await submitForm(submit());
    await waitFor(() => expect(fake.to(ApiPath.withdraw)).toHaveLength(3));
    expect(fake.to(ApiPath.withdraw)[2].body.idempotencyKey).not.toBe(first.body.idempotencyKey);
    expect(fake.to(ApiPath.withdraw)[2].body.money).toBe(1);
  });

  it.each([
    [1033, 'Wrong withdrawal password'],
    [1064, 'Betting turnover is not enough to withdraw yet'],
    [1048, 'The daily maximum of withdrawals is reached'],
  ])(
    'a refusal (%i) shows the server text, keeps the amount, and the next submit is a new attempt',
    async (code, info) => {
      const fake = walletServer({ withdraw: () => refused(code, info) });
      await openReady(fake);
      fireEvent.click(screen.getByRole('radio', { name: /Vietcombank/ }));
      type('Amount (USD)', '50');
      type('Withdrawal password', '654321');
      await submitForm(submit());
      await waitFor(() => expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(info));
      expect(screen.queryByTestId('withdraw-success')).toBeNull();
      expect(field('Amount (USD)').value).toBe('50');
      await waitFor(() => expect(submit().disabled).toBe(false));
      await submitForm(submit());
      await waitFor(() => expect(fake.to(ApiPath.withdraw)).toHaveLength(2));
      const [a, b] = fake.to(ApiPath.withdraw);
      expect(b.body.idempotencyKey).not.toBe(a.body.idempotencyKey);
    },
  );
});

describe('a typed withdrawal password and a double tap', () => {
  it('the password is forgotten when the page is hidden (back/forward cache, leaving it)', async () => {
    await openReady(walletServer());
    type('Withdrawal password', '246810');
    expect(field('Withdrawal password').value).toBe('246810');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(field('Withdrawal password').value).toBe('');
  });

  it('a double tap on Withdraw sends one request and shows one result, with no error after it', async () => {
    let release: () => void = () => undefined;
    const fake = walletServer({
      withdraw: () =>
        new Promise((resolve) => {
          release = () => resolve(ok(1));
        }),
    });
    await openReady(fake);
    fireEvent.click(screen.getByRole('radio', { name: /USDT-TRC20/ }));
    type('Amount (USD)', '10');
    type('Withdrawal password', '246810');
    await submitForm(submit());
    await submitForm(submit());
    await waitFor(() => expect(fake.to(ApiPath.withdraw)).toHaveLength(1));
    release();
    await screen.findByTestId('withdraw-success');
    expect(fake.to(ApiPath.withdraw)).toHaveLength(1);
    expect(screen.getAllByRole('status').filter((el) => el.textContent === 'Withdrawal requested')).toHaveLength(1);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});

describe("the member's withdrawals", () => {
  const at = (iso: string) => Date.parse(iso);
  const WITHDRAWALS: WithdrawalItem[] = [
    {
      id: 3,
      money: 250,
      type: 'Bank',
      account: 'Vietcombank ···6789',
      status: 'pending',
      note: '',
      time: at('2026-11-20T09:15:00Z'),
      decidedAt: null,
    },
    {
      id: 2,
      money: 40.5,
      type: 'USDT-TRC20',
      account: 'TXyz12…9f3a',
      status: 'paid',
      note: '',
      time: at('2026-11-18T02:00:00Z'),
      decidedAt: at('2026-11-18T05:00:00Z'),
    },
    {
      id: 1,
      money: 1000,
      type: 'Bank',
      account: 'Vietcombank ···6789',
      status: 'rejected',
      note: 'Name does not match the account',
      time: at('2026-11-16T12:30:00Z'),
      decidedAt: at('2026-11-16T13:00:00Z'),
    },
  ];
  const rowsShown = () =>
    screen.getAllByTestId('withdrawal').map((row) => ({
      status: row.dataset.status,
      text: row.textContent,
    }));

  it('each with amount, masked account, time and status, the note of a rejected one; offline, from the cache, marked stale', async () => {
    const fake = walletServer({ withdrawals: WITHDRAWALS });
    await openReady(fake);
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')).toHaveLength(3));
    const rows = rowsShown();
    expect(rows.map((row) => row.status)).toEqual(['pending', 'paid', 'rejected']);
    expect(rows[0].text).toContain('250.00 USD · Vietcombank ···6789');
    expect(rows[0].text).toContain('Waiting for review');
    expect(rows[1].text).toContain('40.50 USD · TXyz12…9f3a');
    expect(rows[1].text).toContain('Paid');
    expect(rows[2].text).toContain('Rejected');
    expect(screen.getByTestId('withdrawal-note').textContent).toBe("Operator's note: Name does not match the account");
    // When it was asked for, in the member's language, to the minute.
    const shown = screen.getAllByTestId('withdrawal')[0].querySelector('.order-meta')!.textContent!;
    expect(shown).toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
    cleanup();

    await appQueries.forgetVisit();
    act(() => online.browserChanged(false));
    const offline = walletServer({ withdrawals: [] });
    vi.stubGlobal('fetch', offline.fetch);
    renderScreen(WithdrawPage);
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')).toHaveLength(3));
    expect(rowsShown().map((row) => row.status)).toEqual(['pending', 'paid', 'rejected']);
    const section = screen.getByRole('region', { name: 'Your withdrawals' });
    expect(within(section).getByTestId('stale-badge')).toBeTruthy();
    expect(offline.to(ApiPath.withdrawals)).toHaveLength(0);
  });
});

describe("the member's withdrawals: a paid one's reference, cancelling one still waiting", () => {
  const PENDING: WithdrawalItem = {
    id: 8,
    money: 30,
    type: 'USDT-TRC20',
    account: 'TXYZop…AeBf',
    status: 'pending',
    note: '',
    time: Date.parse('2026-11-20T09:15:00Z'),
    decidedAt: null,
  };
  const PAID: WithdrawalItem = {
    ...PENDING,
    id: 7,
    status: 'paid',
    note: 'Paid by bank transfer, ref VCB-7781',
    decidedAt: Date.parse('2026-11-20T10:00:00Z'),
  };

  it("a paid withdrawal shows the operator's note (its payment reference)", async () => {
    await openReady(walletServer({ withdrawals: [PAID] }));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')).toHaveLength(1));
    expect(screen.getByTestId('withdrawal-note').textContent).toBe(
      "Operator's note: Paid by bank transfer, ref VCB-7781",
    );
    expect(screen.queryByTestId('withdrawal-cancel')).toBeNull();
  });

  it('a pending one is cancelled after a confirmation: "Keep it" sends nothing; then the list, the amount and the balance are read again', async () => {
    let list: WithdrawalItem[] = [PENDING, PAID];
    const fake = fakeFetch({
      [ApiPath.bankCardList]: () => ok([BANK_CARD]),
      [ApiPath.leftMoney]: () => ok(LEFT),
      [ApiPath.userInfo]: () => ok(USER),
      [ApiPath.withdrawals]: () => ok(list),
      [ApiPath.cancelWithdrawal]: (call) => {
        list = list.map((item) => (item.id === call.body.id ? { ...item, status: 'cancelled' as const } : item));
        return ok(null);
      },
    });
    await openReady(fake);
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-cancel')).toHaveLength(1));
    const cancelButton = screen.getByRole('button', { name: 'Cancel the withdrawal of 30.00 USD' });

    fireEvent.click(cancelButton);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(dialog.textContent).toContain('30.00 USD to TXYZop…AeBf comes back to your balance');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.to(ApiPath.cancelWithdrawal)).toHaveLength(0);

    const reads = {
      left: fake.to(ApiPath.leftMoney).length,
      profile: fake.to(ApiPath.userInfo).length,
    };
    fireEvent.click(screen.getByTestId('withdrawal-cancel'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' })).getByRole('button', {
        name: 'Cancel withdrawal',
      }),
    );
    await waitFor(() => expect(fake.to(ApiPath.cancelWithdrawal)).toHaveLength(1));
    expect(fake.to(ApiPath.cancelWithdrawal)[0].body).toMatchObject({ id: 8 });
    await waitFor(() =>
      expect(screen.getAllByTestId('withdrawal').map((row) => row.dataset.status)).toEqual(['cancelled', 'paid']),
    );
    expect(screen.getAllByTestId('withdrawal')[0].textContent).toContain('Cancelled');
    expect(screen.queryByTestId('withdrawal-cancel')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(
      'Withdrawal cancelled: 30.00 USD is back in your balance.',
    );
    expect(fake.to(ApiPath.leftMoney).length).toBeGreaterThan(reads.left);
    expect(fake.to(ApiPath.userInfo).length).toBeGreaterThan(reads.profile);
  });

  it("the server's refusal (paid meanwhile, 3012) is toasted and the list read again", async () => {
    let list: WithdrawalItem[] = [PENDING];
    const fake = fakeFetch({
      [ApiPath.bankCardList]: () => ok([BANK_CARD]),
      [ApiPath.leftMoney]: () => ok(LEFT),
      [ApiPath.userInfo]: () => ok(USER),
      [ApiPath.withdrawals]: () => ok(list),
      [ApiPath.cancelWithdrawal]: () => {
        list = [{ ...PENDING, status: 'paid' }];
        return refused(3012, 'This withdrawal cannot be cancelled: only one of yours still waiting for review can be.');
      },
    });
    await openReady(fake);
    fireEvent.click(await screen.findByTestId('withdrawal-cancel'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel withdrawal' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This withdrawal cannot be cancelled');
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')[0].dataset.status).toBe('paid'));
    // And says what became of it, as the list now does.
    await waitFor(() =>
      expect([...document.querySelectorAll('.toast')].map((toast) => toast.textContent)).toContainEqual(
        expect.stringContaining(`It was already paid: ${formatUsd(PENDING.money)} USD to ${PENDING.account}.`),
      ),
    );
  });
});

describe('an address that fails its checksum, saved before it was checked', () => {
  it('is listed with why, cannot be chosen, and a lone good account is chosen instead', async () => {
    const broken: BankCard = { ...USDT_CARD, id: 12, address: 'TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    const fake = walletServer({ cards: [broken, BANK_CARD] });
    await openReady(fake);
    const [bad, good] = screen.getAllByTestId('withdraw-account');
    expect(within(bad).getByTestId('account-defect').textContent).toContain(
      "This address does not pass its network's checksum",
    );
    expect((within(bad).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
    expect((within(good).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(bad).getByRole('radio'));
    expect((within(bad).getByRole('radio') as HTMLInputElement).checked).toBe(false);
    type('Amount (USD)', '10');
    type('Withdrawal password', '123456');
    await submitForm(submit());
    await waitFor(() => expect(fake.to(ApiPath.withdraw)).toHaveLength(1));
    expect(fake.to(ApiPath.withdraw)[0].body).toMatchObject({ bank_id: BANK_CARD.id });
  });
});

describe('a typed withdrawal password, when the kept-alive page is left and opened again', () => {
  it('is gone when the member comes back', async () => {
    const fake = walletServer();
    vi.stubGlobal('fetch', fake.fetch);
    const page = (active: boolean) => (
      <Providers>
        <ScreenActiveContext.Provider value={active}>
          <WithdrawPage />
        </ScreenActiveContext.Provider>
      </Providers>
    );
    const view = render(page(true));
    await waitFor(() => expect(screen.getAllByTestId('withdraw-account').length).toBeGreaterThan(0));
    type('Amount (USD)', '10');
    type('Withdrawal password', '246810');
    // The member goes to another screen (the page stays mounted, hidden), then comes back.
    view.rerender(page(false));
    view.rerender(page(true));
    expect(field('Withdrawal password').value).toBe('');
    // What is not secret stays.
    expect(field('Amount (USD)').value).toBe('10');
  });
});
