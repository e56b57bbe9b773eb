import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { online } from '../../src/client/api/stores';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode, MessageKey, refuse } from '../../src/shared/errors';
import type { OrderRequest, OwnOrderItem } from '../../src/shared/api/types';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { appQueries } from '../../src/client/data/stores';
import { HISTORY_ROWS_SHOWN } from '../../src/client/data/useHistory';
import { ORDER_HISTORY } from '../../src/client/data/orderHistory';
import { activateLocale, formatDateTime, messageOf, textOfCode } from '../../src/client/i18n';
import { toast } from '../../src/client/ui/toast';
import { fakeFetch, ok, refused, resetClientState } from './helpers';
import { gameInfo, ownOrder, renderRoom, ROOM, USER } from './game-fixtures';
import { queryKey } from '../../src/client/data/key';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  await setQueryData(queryKey(ApiPath.userInfo, {}), USER);
});

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

function roomServer(options: { info?: ReturnType<typeof gameInfo>; user?: typeof USER; orders?: OwnOrderItem[] } = {}) {
  const info = options.info ?? gameInfo({});
  return fakeFetch({
    [ApiPath.gameInfo]: () => ok(info),
    [ApiPath.userInfo]: () => ok(options.user ?? USER),
    [ApiPath.vorder]: (call) =>
      call.body.isfirst === 1 ? ok({ list: [], order_id: 0 }) : ok({ list: options.orders ?? [] }),
    [ApiPath.order]: () => ok({ order_ids: [1], seqno: info.game.seqno, money: 940 }),
  });
}

async function openRoom() {
  renderRoom();
  await screen.findByTestId('round-seqno');
  await waitFor(() => expect(screen.getByTestId('room-balance').textContent).not.toBe('—'));
}

/** The room, then its order history sheet (the room may be the cached one when offline). */
async function openRoomAndRecords() {
  const { unmount } = renderRoom();
  // The room first, so the button clicked is the open room's, not the loading one's it replaces.
  await screen.findByTestId('round-seqno');
  fireEvent.click(screen.getByRole('button', { name: 'Order history' }));
  const sheet = await screen.findByRole('dialog', { name: 'Order history' });
  return { sheet, unmount };
}

const option = (value: number) => screen.getByTestId(`option-${value}`);
const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent ?? '');
const toastTexts = () => [...document.querySelectorAll('.toast')].map((el) => el.textContent ?? '');
const amountInput = () => screen.getByLabelText('Amount per option (USD)') as HTMLInputElement;

describe('option grid', () => {
  it('shows the 11 outcomes with the room odds; selects, deselects, refuses the 10th with overSelectedTip', async () => {
    vi.stubGlobal('fetch', roomServer().fetch);
    await openRoom();
    const grid = screen.getByRole('group', { name: 'Options' });
    expect(within(grid).getAllByRole('button')).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Big, odds 1.96' })).toBe(option(0));
    expect(screen.getByRole('button', { name: 'Triple, odds 150.00' })).toBe(option(10));
    expect(screen.getByRole('button', { name: 'Extreme Small, odds 15.00' })).toBe(option(9));

    fireEvent.click(option(0));
    expect(option(0).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(option(0));
    expect(option(0).getAttribute('aria-pressed')).toBe('false');

    for (let value = 0; value < 9; value++) fireEvent.click(option(value));
    expect(screen.getByTestId('buy-summary').textContent).toContain('Selected: 9');
    fireEvent.click(option(9));
    expect(option(9).getAttribute('aria-pressed')).toBe('false');
    expect(alerts()).toContain(messageOf(refuse(MessageKey.OverSelectedTip)));
    expect(screen.getByTestId('buy-summary').textContent).toContain('Selected: 9');
    // Deselecting one makes room for another.
    fireEvent.click(option(8));
    fireEvent.click(option(9));
    expect(option(9).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('buy rules: every refusal shows its message before any call', () => {
  for (const locale of ['en', 'vi'] as const) {
    it(`in ${locale}: pleaseSelect, inputCorrectTip, 1024, minBuy with the minimum, noEnoughMoney, offline`, async () => {
      const fake = roomServer({
        info: gameInfo({ room: { minbuy: 100 } }),
        user: { ...USER, money: 150 },
      });
      vi.stubGlobal('fetch', fake.fetch);
      await setQueryData(queryKey(ApiPath.userInfo, {}), { ...USER, money: 150 });
      await activateLocale(locale, { persist: false });
      renderRoom();
      await screen.findByTestId('round-seqno');
      // Vietnamese writes money with a decimal comma and grouping dots.
      const balance = locale === 'vi' ? '150,00' : '150.00';
      await waitFor(() => expect(screen.getByTestId('room-balance').textContent).toBe(balance));
      const buy = locale === 'en' ? 'Buy' : 'Mua';
      const tryIt = async (setup: { select?: number[]; amount?: string }) => {
        toast.clear();
        for (const value of setup.select ?? []) fireEvent.click(option(value));
        if (setup.amount !== undefined)
          fireEvent.change(screen.getByTestId('amount'), { target: { value: setup.amount } });
        fireEvent.click(screen.getByRole('button', { name: buy }));
        const shown = alerts();
        for (const value of setup.select ?? []) fireEvent.click(option(value));
        return shown;
      };
      /** A refusal of the rules is said under its field, marked invalid, and never toasted. */
      const saidAt = (field: 'amount' | 'options', text: string) => {
        const control =
          field === 'amount'
            ? screen.getByTestId('amount')
            : screen.getByRole('group', { name: locale === 'vi' ? 'Các mục chọn' : 'Options' });
        const id = control.getAttribute('aria-describedby');
        expect(id, `${text} at ${field}`).toBeTruthy();
        expect(document.getElementById(id!)?.textContent).toBe(text);
        expect(toastTexts()).not.toContain(text);
      };

      const pleaseSelect = messageOf(refuse(MessageKey.PleaseSelect));
      const inputCorrect = messageOf(refuse(MessageKey.InputCorrectTip));
      const minimum = messageOf(refuse(ErrorCode.MinimumOrder));
      const minBuy = messageOf(refuse(MessageKey.MinBuy, { num: { cents: 10_000 } }));
      const noMoney = messageOf(refuse(MessageKey.NoEnoughMoney));
      // Really translated: the texts differ between the two languages.
      if (locale === 'vi') {
        expect(pleaseSelect).toBe('Vui lòng chọn ít nhất một mục');
        expect(minBuy).toBe('Tổng số tiền lệnh tối thiểu là 100,00');
      } else {
        expect(pleaseSelect).toBe('Select at least one option');
        expect(minBuy).toBe('The order total must be at least 100.00');
      }

      expect(await tryIt({ amount: '50' })).toContain(pleaseSelect);
      saidAt('options', pleaseSelect);
      // Choosing an option takes the refusal away.
      fireEvent.click(option(0));
      expect(screen.queryByText(pleaseSelect)).toBeNull();
      fireEvent.click(option(0));
      fireEvent.change(screen.getByTestId('amount'), { target: { value: '' } });
      fireEvent.click(option(0));
      fireEvent.click(screen.getByRole('button', { name: buy }));
      saidAt('amount', inputCorrect);
      // Editing the amount takes it away.
      fireEvent.change(screen.getByTestId('amount'), { target: { value: '2' } });
      expect(screen.queryByText(inputCorrect)).toBeNull();
      expect(screen.getByTestId('amount').getAttribute('aria-invalid')).toBeNull();
      fireEvent.click(option(0));
      expect(await tryIt({ select: [0], amount: '' })).toContain(inputCorrect);
      expect(await tryIt({ select: [0], amount: '12.5' })).toContain(inputCorrect);
      expect(await tryIt({ select: [0], amount: '0' })).toContain(inputCorrect);
      expect(await tryIt({ select: [0], amount: 'abc' })).toContain(inputCorrect);
      // Only digits and one decimal point stay in the field as the member types.
      fireEvent.change(screen.getByTestId('amount'), { target: { value: '2a0.5.0x' } });
      expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('20.50');
      expect(await tryIt({ select: [0], amount: '10' })).toContain(minimum);
      expect(await tryIt({ select: [0, 1], amount: '20' })).toContain(minBuy);
      expect(await tryIt({ select: [0, 1, 2, 3], amount: '40' })).toContain(noMoney);
      saidAt('amount', noMoney);

      act(() => online.browserChanged(false));
      // Offline, Buy is off and the bar says why (the offline case has its own test).
      expect(screen.getByRole('button', { name: buy }).hasAttribute('disabled')).toBe(true);

      expect(fake.to(ApiPath.order)).toHaveLength(0);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }

  for (const [locale, buy, stoppedText, overText] of [
    ['en', 'Buy', 'This round is closed for orders', 'You can select at most 9 options'],
    ['vi', 'Mua', 'Kỳ này đã ngừng nhận lệnh', 'Chỉ được chọn tối đa 9 mục'],
  ] as const) {
    it(`in ${locale}: a closed round refuses selecting and buying (stopped); a 10th option is refused (overSelectedTip)`, async () => {
      await activateLocale(locale, { persist: false });
      const open = roomServer();
      vi.stubGlobal('fetch', open.fetch);
      const first = renderRoom();
      await screen.findByTestId('round-seqno');
      for (let value = 0; value < 10; value++) fireEvent.click(option(value));
      expect(messageOf(refuse(MessageKey.OverSelectedTip))).toBe(overText);
      expect(alerts()).toContain(overText);
      first.unmount();
      toast.clear();
      // A later visit: a room left a moment ago would show the answer it had (the server gave it just now).
      await appQueries.forgetVisit();

      const fake = roomServer({ info: gameInfo({ drawIn: 30_000, closeIn: -1_000 }) });
      vi.stubGlobal('fetch', fake.fetch);
      renderRoom();
      await screen.findByTestId('round-seqno');
      await waitFor(() => expect(screen.getByTestId('round-state').dataset.phase).toBe('closed'));
      fireEvent.change(screen.getByTestId('amount'), { target: { value: '50' } });
      expect(messageOf(refuse(MessageKey.Stopped))).toBe(stoppedText);
      fireEvent.click(option(0));
      expect(option(0).getAttribute('aria-pressed')).toBe('false');
      expect(alerts()).toContain(stoppedText);
      toast.clear();
      // Buy is disabled and says why, in the member's language.
      const buyButton = screen.getByRole('button', { name: buy });
      expect(buyButton.hasAttribute('disabled')).toBe(true);
      expect(screen.getByTestId('buy-closed').textContent).toBe(stoppedText);
      expect(buyButton.getAttribute('aria-describedby')).toBe(screen.getByTestId('buy-closed').id);
      fireEvent.click(buyButton);
      expect(fake.to(ApiPath.order)).toHaveLength(0);
    });
  }
});

describe('confirm popup', () => {
  it('lists each line with the room odds and the total; confirming sends order_info and an idempotency key', async () => {
    const fake = roomServer();
    vi.stubGlobal('fetch', fake.fetch);
    await openRoom();
    fireEvent.click(option(0));
    fireEvent.click(option(10));
    fireEvent.click(option(4));
    fireEvent.change(amountInput(), { target: { value: '20' } });
    expect(screen.getByTestId('buy-summary').textContent).toContain('Total: 60.00 USD');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));

    const popup = await screen.findByRole('dialog', { name: 'Confirm order' });
    const lines = within(popup)
      .getAllByTestId('confirm-line')
      .map((row) => row.textContent);
    // Each line with what it pays if its outcome wins: 20 x its odds.
    expect(lines).toEqual(['Big×1.9620.0039.20', 'Big Odd×3.7020.0074.00', 'Triple×150.0020.003,000.00']);
    expect(within(popup).getByRole('columnheader', { name: 'Pays if it wins (USD)' })).toBeTruthy();
    expect(within(popup).getByTestId('confirm-total').textContent).toBe('60.00');
    expect(fake.to(ApiPath.order)).toHaveLength(0);

    // A double tap on Confirm sends one order.
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fake.to(ApiPath.order)).toHaveLength(1));
    const body = fake.to(ApiPath.order)[0].body as unknown as OrderRequest;
    expect(body.roomid).toBe(ROOM.id);
    expect(body.gameid).toBe(ROOM.gameid);
    expect(body.order_info).toEqual([
      [0, 1.96, 20],
      [4, 3.7, 20],
      [10, 150, 20],
    ]);
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm order' })).toBeNull());
    expect(await screen.findByText('Order placed')).toBeTruthy();
    expect(fake.to(ApiPath.order)).toHaveLength(1);
    expect(screen.getAllByText('Order placed')).toHaveLength(1);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    // The selection is cleared and the balance shows the server's figure after the debit.
    expect(option(0).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(fake.to(ApiPath.userInfo).length).toBeGreaterThan(1));
  });

  it('a retry after no answer sends the same idempotency key; a new buy gets a new one', async () => {
    const info = gameInfo({});
    let failNext = true;
    const fake = fakeFetch({
      [ApiPath.gameInfo]: () => ok(info),
      [ApiPath.userInfo]: () => ok(USER),
      [ApiPath.vorder]: () => ok({ list: [], order_id: 0 }),
      [ApiPath.order]: () => {
        if (failNext) {
          failNext = false;
          throw new TypeError('connection reset');
        }
        return ok({ order_ids: [1], seqno: info.game.seqno, money: 980 });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    await openRoom();
    fireEvent.click(option(1));
    fireEvent.change(amountInput(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const popup = await screen.findByRole('dialog', { name: 'Confirm order' });
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    expect(await within(popup).findByText(/never charged twice/)).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fake.to(ApiPath.order)).toHaveLength(2));
    const [first, second] = fake.to(ApiPath.order).map((call) => call.body.idempotencyKey);
    expect(first).toBe(second);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm order' })).toBeNull());
    fireEvent.click(option(1));
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(fake.to(ApiPath.order)).toHaveLength(3));
    expect(fake.to(ApiPath.order)[2].body.idempotencyKey).not.toBe(first);
  });
});

describe('own orders', () => {
  const waiting = ownOrder(77, { value: 2, seqno: '20261122-0007' });

  it('lists the round orders; cancel asks first, calls getGamecancel, confirms and refreshes', async () => {
    const fake = roomServer({ orders: [waiting] });
    const routes = fake;
    let cancels = 0;
    const base = routes.fetch;
    const fetchWithCancel: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === ApiPath.gameCancel) {
        cancels += 1;
        return new Response(JSON.stringify(ok(null)), { headers: { 'content-type': 'application/json' } });
      }
      return base(request);
    };
    vi.stubGlobal('fetch', fetchWithCancel);
    await openRoom();
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    const sheet = await screen.findByRole('dialog', { name: 'My orders' });
    const row = await within(sheet).findByTestId('own-order');
    expect(row.textContent).toContain('Odd');
    expect(row.textContent).toContain('20.00 USD');
    expect(row.textContent).toContain('Pending');

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel order: Odd, 20.00 USD' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).toBeNull());
    expect(cancels).toBe(0);

    const vorderCalls = fake.to(ApiPath.vorder).filter((call) => call.body.isfirst === undefined).length;
    // A double tap asks once.
    fireEvent.click(within(row).getByRole('button', { name: /^Cancel order/ }));
    fireEvent.click(within(row).getByRole('button', { name: /^Cancel order/ }));
    await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(screen.getAllByRole('dialog', { name: 'Cancel this order?' })).toHaveLength(1);
    // A double tap on the confirmation cancels once.
    const confirmCancel = within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole(
      'button',
      {
        name: 'Cancel order',
      },
    );
    fireEvent.click(confirmCancel);
    fireEvent.click(confirmCancel);
    expect(await screen.findByText('Order cancelled: 20.00 USD is back in your balance')).toBeTruthy();
    expect(cancels).toBe(1);
    // No second confirmation follows, and no refusal toast after the success.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).toBeNull());
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(cancels).toBe(1);
    await waitFor(() =>
      expect(fake.to(ApiPath.vorder).filter((call) => call.body.isfirst === undefined).length).toBeGreaterThan(
        vorderCalls,
      ),
    );
  });

  it('once the round is closed, cancel is disabled and the sheet says why; nothing is sent', async () => {
    const fake = roomServer({ info: gameInfo({ drawIn: 30_000, closeIn: -1 }), orders: [waiting] });
    vi.stubGlobal('fetch', fake.fetch);
    await openRoom();
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    const sheet = await screen.findByRole('dialog', { name: 'My orders' });
    const cancel = within(await within(sheet).findByTestId('own-order')).getByRole('button', { name: /^Cancel order/ });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(within(sheet).getByTestId('cancel-closed').textContent).toBe(messageOf(refuse(MessageKey.Stopped)));
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).toBeNull();
    expect(fake.to(ApiPath.gameCancel)).toHaveLength(0);
  });
});

describe('room odds and deposit', () => {
  it('deposit only warns (2056); the record button opens the order history from getGamelog', async () => {
    const fake = roomServer();
    const base = fake.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === ApiPath.gameLog) {
        const item = ownOrder(9, {
          value: 10,
          seqno: '20261122-0006',
          rate: 150,
          status: 'win',
          award: 3000,
          time: 1_700_000_000,
          num1: 4,
          num2: 4,
          num3: 4,
          sum: 12,
        });
        return new Response(JSON.stringify(ok([item])), { headers: { 'content-type': 'application/json' } });
      }
      return base(request);
    });
    await openRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(alerts()).toContain(textOfCode(ErrorCode.ContactServiceForDeposit));
    fireEvent.click(screen.getByRole('button', { name: 'Order history' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order history' });
    const row = await within(sheet).findByTestId('history-order');
    expect(row.textContent).toContain('Triple');
    expect(row.textContent).toContain('Won');
    // The payout is said as paid, the line's net beside it: never the gross payout as a gain.
    expect(row.textContent).not.toContain('+3,000.00');
    const award = within(row).getByTestId('history-order-award');
    expect(award.querySelector('.order-paid')?.textContent).toBe('Paid 3,000.00');
    expect(award.querySelector('.order-net')?.textContent).toBe('net +2,980.00');
    expect(row.textContent).toContain('4 + 4 + 4 = 12');
  });

  it('the order history is kept on the device: drawn from it a screenful at a time, and opens offline, marked stale', async () => {
    const orders = Array.from({ length: HISTORY_ROWS_SHOWN + 3 }, (_, i) =>
      ownOrder(100 - i, { seqno: `20261122-${String(100 - i).padStart(4, '0')}`, status: 'lose', time: 1_700_000_000 }),
    );
    const server = roomServer();
    const logCalls: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname !== ApiPath.gameLog) return server.fetch(request);
      const body = (await request.json()) as { before?: number; limit: number; gametype?: number };
      logCalls.push(body);
      const page = orders
        .filter((order) => body.before === undefined || order.order_id < body.before)
        .slice(0, body.limit);
      return new Response(JSON.stringify(ok(page)), { headers: { 'content-type': 'application/json' } });
    });
    const view = await openRoomAndRecords();
    await waitFor(() => expect(within(view.sheet).getAllByTestId('history-order')).toHaveLength(HISTORY_ROWS_SHOWN));
    // One sync of every game's lines, newest first: the page was short, so the device holds them all.
    expect(logCalls).toHaveLength(1);
    expect(logCalls[0]).not.toHaveProperty('gametype');
    expect(logCalls[0]).toMatchObject({ limit: ORDER_HISTORY.page });
    // Offline, the rest come from the device: nothing is asked, nothing is refused.
    window.dispatchEvent(new Event('offline'));
    try {
      fireEvent.click(within(view.sheet).getByRole('button', { name: 'Load more' }));
      await waitFor(() =>
        expect(within(view.sheet).getAllByTestId('history-order')).toHaveLength(HISTORY_ROWS_SHOWN + 3),
      );
      expect(within(view.sheet).queryByRole('alert')).toBeNull();
      expect(logCalls).toHaveLength(1);
    } finally {
      window.dispatchEvent(new Event('online'));
    }
    expect(within(view.sheet).queryByRole('button', { name: 'Load more' })).toBeNull();
    // Closed first: the sheet's history entry is taken back before the room goes.
    fireEvent.click(within(view.sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order history' })).toBeNull());
    view.unmount();

    await appQueries.forgetVisit();
    window.dispatchEvent(new Event('offline'));
    try {
      const askedOnline = logCalls.length;
      const again = await openRoomAndRecords();
      await waitFor(() => expect(within(again.sheet).getAllByTestId('history-order')).toHaveLength(HISTORY_ROWS_SHOWN));
      expect(within(again.sheet).getAllByTestId('history-order')[0].textContent).toContain('20261122-0100');
      expect(within(again.sheet).getByTestId('stale-badge')).toBeTruthy();
      expect(logCalls).toHaveLength(askedOnline);
    } finally {
      window.dispatchEvent(new Event('online'));
    }
  });

  it('a refused first load shows the server message (e.g. not a VIP)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [ApiPath.gameInfo]: () => refused(2055, 'You are not a VIP member'),
        [ApiPath.userInfo]: () => ok(USER),
      }).fetch,
    );
    renderRoom();
    expect(await screen.findByText('You are not a VIP member')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The room cannot be opened' })).toBeTruthy();
  });
});

describe('offline in the room', () => {
  it.each([
    ['en', 'Buy', 'You are offline: orders need a connection.', 'This round is closed for orders'],
    ['vi', 'Mua', 'Bạn đang ngoại tuyến: cần kết nối mạng để đặt lệnh.', 'Kỳ này đã ngừng nhận lệnh'],
    ['zh-CN', '购买', '您已离线：下单需要网络连接。', '本期已封盘'],
    ['zh-TW', '購買', '您已離線：下單需要網路連線。', '本期已封盤'],
  ] as const)(
    'in %s: the buy bar says the member is offline, not that the round is closed, even past the draw',
    async (locale, buy, offlineText, stoppedText) => {
      await activateLocale(locale, { persist: false });
      // The last round known drew while the member was away: by its clock it is closed.
      const fake = roomServer({ info: gameInfo({ drawIn: -5_000, closeIn: -65_000 }) });
      vi.stubGlobal('fetch', fake.fetch);
      await openRoom();
      act(() => online.browserChanged(false));
      const said = await screen.findByTestId('buy-closed');
      expect(said.textContent).toBe(offlineText);
      expect(messageOf(refuse(MessageKey.Stopped))).toBe(stoppedText);
      expect(screen.getByTestId('buy-bar').textContent).not.toContain(stoppedText);
      const button = screen.getByRole('button', { name: buy });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(said.id);
      act(() => online.browserChanged(true));
    },
  );
});

describe('a pause in force', () => {
  it('the room says so above everything; Buy is off with the pause as its reason before anything is sent; cancel stays', async () => {
    const until = Date.now() + 86_400_000;
    const base = roomServer({ orders: [ownOrder(7, { status: 'wait' })] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === ApiPath.playLimits) {
        return new Response(
          JSON.stringify(
            ok({
              limits: [],
              pause: { kind: 'exclusion', until },
              realityCheck: 0,
              history: [],
              serverTime: Date.now(),
            }),
          ),
          { headers: { 'content-type': 'application/json' } },
        );
      }
      return base.fetch(request);
    });
    await openRoom();
    const said = `Self-exclusion until ${formatDateTime(until)}: orders are refused until then.`;
    await waitFor(() => expect(screen.getByTestId('pause-banner').textContent).toContain(said));
    fireEvent.click(option(0));
    fireEvent.change(screen.getByLabelText('Amount per option (USD)'), { target: { value: '20' } });
    expect(screen.getByRole('button', { name: 'Buy' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('buy-closed').textContent).toBe(said);
    expect(screen.queryByRole('dialog', { name: 'Confirm order' })).toBeNull();
    expect(base.to(ApiPath.order)).toHaveLength(0);
    // An order placed before the pause can still be cancelled: that only gives money back.
    fireEvent.click(screen.getByRole('button', { name: 'My orders' }));
    const sheet = await screen.findByRole('dialog', { name: 'My orders' });
    const cancel = await within(sheet).findByRole('button', { name: /^Cancel order/ });
    expect(cancel.hasAttribute('disabled')).toBe(false);
  });
});

describe("the room's rules", () => {
  async function openRules(room?: Parameters<typeof gameInfo>[0]['room']) {
    vi.stubGlobal('fetch', roomServer({ info: gameInfo({ room }) }).fetch);
    await openRoom();
    fireEvent.click(screen.getByRole('button', { name: 'Rules and returns' }));
    const sheet = await screen.findByRole('dialog', { name: 'Rules and returns' });
    const rows = within(sheet).getAllByTestId('rules-row');
    const row = (outcome: number) => rows[outcome];
    const cell = (outcome: number, id: string) => within(row(outcome)).getByTestId(id).textContent;
    return { sheet, rows, row, cell };
  }

  it("one tap shows each outcome's rule, the room's odds, its chance and its return over all 1,000 draws", async () => {
    const { sheet, rows, row, cell } = await openRules();
    expect(rows).toHaveLength(11);
    expect(row(0).textContent).toContain('Sum from 14 to 27');
    expect(row(0).textContent).toContain('×1.96');
    // Even chance at 1.96: 98.00 % comes back.
    expect([cell(0, 'rules-chance'), cell(0, 'rules-return')]).toEqual(['50.00%', '98.00%']);
    expect(row(1).textContent).toContain('Sum from 0 to 13');
    expect(row(2).textContent).toContain('Odd sum');
    expect(row(4).textContent).toContain('Odd sum from 15 to 27');
    expect(row(8).textContent).toContain('Sum from 22 to 27');
    // 56 draws of 1,000 at 15: 84.00 %.
    expect([cell(8, 'rules-chance'), cell(8, 'rules-return')]).toEqual(['5.60%', '84.00%']);
    expect(row(10).textContent).toContain('Three equal digits');
    expect([cell(10, 'rules-chance'), cell(10, 'rules-return')]).toEqual(['1.00%', '150.00%']);
    expect(sheet.textContent).toContain('it does not make Big or Small lose');
    expect(within(sheet).getByTestId('rules-refund').textContent).toBe(
      'No outcome gives back the stake in this room: a line wins or loses.',
    );
    expect(sheet.textContent).toContain('set only how long their rounds run. No price decides a draw.');
  });

  it('a room that refunds on 13 and 14 says so, with the chances and returns that rule makes', async () => {
    const { row, cell, sheet } = await openRules({ refund1314: true });
    // 75 draws sum to 14: Big wins on 425 and gives the stake back on 150 (13 and 14).
    expect(row(0).textContent).toContain('Sum from 15 to 27');
    expect([cell(0, 'rules-chance'), cell(0, 'rules-return')]).toEqual(['42.50%', '98.30%']);
    expect(within(sheet).getByTestId('rules-refund').textContent).toBe(
      'In this room, on a sum of 13 or 14, Big, Small, Odd, Even and the four combinations give back the stake (15.00% of draws).',
    );
    // The extremes and the triple are not refunded.
    expect(cell(8, 'rules-return')).toBe('84.00%');
  });
});

describe("the open round's commitment", () => {
  /** The browser's clipboard, for one test. */
  function stubClipboard(writeText: (text: string) => Promise<void>) {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows it short before any order; a tap copies the whole and says "Copied"; the link leads to its proof page', async () => {
    const info = gameInfo({});
    const commitment = info.game.commitment;
    const writeText = vi.fn(async (_text: string) => undefined);
    stubClipboard(writeText);
    vi.stubGlobal('fetch', roomServer({ info }).fetch);
    await openRoom();
    const card = screen.getByTestId('round-commitment');
    const copy = within(card).getByTestId('commitment-copy');
    expect(copy.textContent).toBe(`${commitment.slice(0, 8)}…${commitment.slice(-8)}`);
    expect(within(card).getByTestId('commitment-copied').textContent).toBe('');
    fireEvent.click(copy);
    await waitFor(() => expect(within(card).getByTestId('commitment-copied').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(commitment);
    expect(within(card).getByRole('link', { name: 'How to check it' }).getAttribute('href')).toBe(
      `/fairness/5/${info.game.seqno}`,
    );
  });

  it('where the browser refuses the clipboard, the whole commitment is shown to select instead', async () => {
    const info = gameInfo({});
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('fetch', roomServer({ info }).fetch);
    await openRoom();
    fireEvent.click(screen.getByTestId('commitment-copy'));
    expect((await screen.findByTestId('commitment-full')).textContent).toBe(info.game.commitment);
    expect(screen.getByTestId('commitment-copied').textContent).toBe('');
  });
});
