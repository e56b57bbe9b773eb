import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { MessageKey, refuse } from '../../src/shared/errors';
import { serverDateOf } from '../../src/shared/serverDay';
import type { FundLogEntry } from '../../src/shared/api/types';
import IncomePage from '../../src/client/features/wallet/IncomePage';
import { startSession } from '../../src/client/api/session';
import { online } from '../../src/client/api/stores';
import { invalidate } from '../../src/client/data/sync';
import { activateLocale, messageOf } from '../../src/client/i18n';
import { db } from '../../src/client/data/db';
import { ownerOf } from '../../src/client/api/owner';
import { FUND_HISTORY, storeFundRows, syncFundHistory } from '../../src/client/data/fundHistory';
import { HISTORY_ROWS_SHOWN } from '../../src/client/data/useHistory';
import { fakeFetch, ok, resetClientState, type FakeCall } from './helpers';
import { fundRow, fundRows, renderScreen } from './wallet-fixtures';

const TOKEN = 'token';
const OWNER = ownerOf(TOKEN);
/** 12:00 on 10 March 2026 in the server's day (UTC+8); fundRow's rows are of 9 March. */
const NOW = new Date('2026-03-10T04:00:00Z');

beforeEach(async () => {
  await resetClientState();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  startSession(TOKEN);
  window.history.replaceState(null, '', '/my_income');
});

afterEach(async () => {
  vi.useRealTimers();
  await activateLocale('en', { persist: false });
});

/**
 * A server whose fund log answers from a list of rows, newest first, as the real one does: the
 * rows of the asked server days, before `before`, at most `limit`.
 */
function logServer(all: FundLogEntry[]) {
  return fakeFetch({
    [ApiPath.financeFlow]: (call: FakeCall) => {
      const before = typeof call.body.before === 'number' ? call.body.before : Infinity;
      const limit = typeof call.body.limit === 'number' ? call.body.limit : 50;
      const { start, end } = call.body as { start: string; end: string };
      const inRange = (row: FundLogEntry) => {
        const day = serverDateOf(row.time * 1000);
        return day >= start && day <= end;
      };
      return ok(all.filter((row) => row.id < before && inRange(row)).slice(0, limit));
    },
  });
}

/** The device as a past visit left it: these rows stored, whole since `coveredFrom` (epoch s). */
async function stored(rows: FundLogEntry[], coveredFrom: number, syncedAt = NOW.getTime() - 3_600_000) {
  await storeFundRows(db, OWNER, rows);
  await db.fundLogSync.put({ owner: OWNER, coveredFrom, maxId: Math.max(0, ...rows.map((row) => row.id)), syncedAt });
}

/** Epoch seconds of noon of a server day. */
const noonOf = (day: string) => Date.parse(`${day}T04:00:00Z`) / 1000;

const rows = () => screen.queryAllByTestId('fund-log-row');
const ids = () => rows().map((row) => Number(row.dataset.id));
const label = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function openFilter() {
  fireEvent.click(screen.getByRole('button', { name: 'Filter the fund log' }));
  return screen.findByRole('dialog', { name: 'Filter' });
}

describe('fund log range', () => {
  it('defaults to the last 3 days back to today, in the server day (UTC+8); the sync asks the last 90 days', async () => {
    // 20:00 UTC on 10 March is already 11 March on the server's day.
    vi.setSystemTime(new Date('2026-03-10T20:00:00Z'));
    const fake = logServer([fundRow()]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);

    await waitFor(() => expect(fake.to(ApiPath.financeFlow)).toHaveLength(1));
    const body = fake.to(ApiPath.financeFlow)[0].body;
    expect(body).toMatchObject({ start: '2025-12-12', end: '2026-03-11', limit: FUND_HISTORY.page });
    expect(body.before).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('fund-log-range').textContent).toBe('From 03/08/2026 to 03/11/2026'));
    // The days are the server's: when they begin is said, in this device's time too.
    const midnightHere = new Date(Date.UTC(2026, 2, 10, 16)).toTimeString().slice(0, 5);
    expect(screen.getByTestId('fund-log-day-start').textContent).toBe(
      `Days begin at 00:00 UTC+8 (${midnightHere} your time).`,
    );

    const drawer = await openFilter();
    expect((within(drawer).getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-03-08');
    expect((within(drawer).getByLabelText('End date') as HTMLInputElement).value).toBe('2026-03-11');
    expect((within(drawer).getByLabelText('Start date') as HTMLInputElement).type).toBe('date');
    expect((within(drawer).getByLabelText('Kind of change') as HTMLSelectElement).value).toBe('all');
  });

  it('refuses a start after the end with the dateRange message, before any call', async () => {
    const fake = logServer([fundRow()]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const sent = fake.calls.length;

    await openFilter();
    fireEvent.change(label('Start date'), { target: { value: '2026-02-10' } });
    fireEvent.change(label('End date'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messageOf(refuse(MessageKey.DateRange)));
    expect(alert.textContent).toBe('The start date cannot be later than the end date');
    // The drawer stays open with what was typed; nothing was sent.
    expect(label('Start date').value).toBe('2026-02-10');
    expect(label('End date').value).toBe('2026-02-01');
    expect(fake.calls.length).toBe(sent);
  });

  it('a range the device holds whole is read from it: the list and its label follow, nothing is asked', async () => {
    const fake = logServer([fundRow({ id: 9 }), fundRow({ id: 5, time: noonOf('2026-02-01') })]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(ids()).toEqual([9]));
    const sent = fake.calls.length;

    await openFilter();
    fireEvent.change(label('Start date'), { target: { value: '2026-02-01' } });
    fireEvent.change(label('End date'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.getByTestId('fund-log-range').textContent).toBe('From 02/01/2026 to 02/01/2026'));
    await waitFor(() => expect(ids()).toEqual([5]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
    expect(fake.calls.length).toBe(sent);
  });
});

describe('fund log rows', () => {
  it('class 1 is green with +, every other class red with -; balance before; reason by code', async () => {
    const fake = logServer([
      fundRow({ id: 30, type: 1, money: 12.5, before: 100, reasonCode: 'award', reason: 'Trả thưởng' }),
      fundRow({ id: 20, type: 2, money: 1250, before: 1362.5, reasonCode: 'stake' }),
      fundRow({ id: 10, type: 0, money: 0.5, before: 2, reasonCode: 'withdraw' }),
      // A code this app does not know: the server's own text is shown.
      fundRow({ id: 5, type: 1, money: 1, before: 0, reasonCode: 'bonus' as never, reason: 'Operator bonus' }),
    ]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(4));

    const [award, stake, withdrawal, unknown] = rows();
    const amount = (row: HTMLElement) => within(row).getByTestId('fund-log-amount');
    expect(amount(award).textContent).toBe('+12.50');
    expect(amount(award).className).toContain('is-increase');
    expect(amount(award).dataset.direction).toBe('increase');
    expect(amount(stake).textContent).toBe('-1,250.00');
    expect(amount(stake).className).toContain('is-decrease');
    expect(amount(withdrawal).textContent).toBe('-0.50');
    expect(amount(withdrawal).className).toContain('is-decrease');

    expect(within(award).getByTestId('fund-log-before').textContent).toBe('Before: 100.00');
    expect(within(stake).getByTestId('fund-log-before').textContent).toBe('Before: 1,362.50');
    expect(within(award).getByTestId('fund-log-reason').textContent).toBe('Round payout');
    expect(within(stake).getByTestId('fund-log-reason').textContent).toBe('Order stake');
    expect(within(withdrawal).getByTestId('fund-log-reason').textContent).toBe('Withdrawal');
    expect(within(unknown).getByTestId('fund-log-reason').textContent).toBe('Operator bonus');
    expect(within(award).getByTestId('fund-log-time').getAttribute('datetime')).toBe(
      new Date((1_773_000_000 + 30) * 1000).toISOString(),
    );
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
  });

  it("each row says what it belongs to in the member's words, never an internal tag (vi too)", async () => {
    const none = { round: '', outcome: null, account: '', note: '' };
    const fake = logServer([
      fundRow({
        id: 40,
        reasonCode: 'stake_refund',
        ref: '20260301-0042',
        detail: { ...none, round: '20260301-0042', outcome: 0 },
      }),
      fundRow({
        id: 39,
        reasonCode: 'withdraw_refund',
        ref: 'x',
        detail: { ...none, account: 'TQn9Y2…bLSE', note: 'wrong network' },
      }),
      fundRow({ id: 38, reasonCode: 'deposit', ref: 'cli', detail: none }),
      fundRow({
        id: 37,
        reasonCode: 'deposit',
        ref: 'bank transfer 2291',
        detail: { ...none, note: 'bank transfer 2291' },
      }),
    ]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [refund, withdrawal, bare, deposit] = rows();
    expect(within(refund).getByTestId('fund-log-detail').textContent).toBe('Round 20260301-0042 · Big');
    expect(within(withdrawal).getByTestId('fund-log-detail').textContent).toBe('To TQn9Y2…bLSE · Note: wrong network');
    expect(within(bare).queryByTestId('fund-log-detail')).toBeNull();
    expect(bare.textContent).not.toContain('cli');
    expect(within(deposit).getByTestId('fund-log-detail').textContent).toBe('Note: bank transfer 2291');
    await act(async () => activateLocale('vi', { persist: false }));
    expect(within(rows()[0]).getByTestId('fund-log-detail').textContent).toMatch(/^Kỳ 20260301-0042 · /);
    expect(within(rows()[1]).getByTestId('fund-log-detail').textContent).toBe(
      'Đến TQn9Y2…bLSE · Ghi chú: wrong network',
    );
  });

  it('reasons follow the language, stored rows included (vi)', async () => {
    await stored(
      [
        fundRow({ id: 2, reasonCode: 'deposit', reason: 'Deposit' }),
        fundRow({ id: 1, type: 2, reasonCode: 'withdraw_refund', reason: 'Withdrawal refunded' }),
      ],
      noonOf('2026-01-01'),
    );
    online.browserChanged(false);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByTestId('fund-log-reason').map((el) => el.textContent)).toEqual([
      'Deposit',
      'Withdrawal refunded',
    ]);

    await act(async () => activateLocale('vi', { persist: false }));
    await waitFor(() =>
      expect(screen.getAllByTestId('fund-log-reason').map((el) => el.textContent)).toEqual([
        'Nạp tiền',
        'Hoàn tiền rút',
      ]),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Biến động số dư');
    expect(screen.getByTestId('fund-log-range').textContent).toBe('Từ 07/03/2026 đến 10/03/2026');
  });
});

describe('fund log by kind, offline', () => {
  it('filters the stored rows by kind and by date with the network off, and says which kind shows', async () => {
    const fake = logServer([]);
    vi.stubGlobal('fetch', fake.fetch);
    await stored(
      [
        fundRow({ id: 6, reasonCode: 'award', money: 40 }),
        fundRow({ id: 5, type: 2, reasonCode: 'stake', money: 20 }),
        fundRow({ id: 4, reasonCode: 'deposit', money: 100 }),
        fundRow({ id: 3, reasonCode: 'award', money: 7, time: noonOf('2026-02-20') }),
        fundRow({ id: 2, type: 2, reasonCode: 'withdraw', money: 30, time: noonOf('2026-02-20') }),
      ],
      noonOf('2026-01-01'),
    );
    online.browserChanged(false);
    renderScreen(IncomePage);
    await waitFor(() => expect(ids()).toEqual([6, 5, 4]));
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /);

    await openFilter();
    fireEvent.change(label('Kind of change'), { target: { value: 'payouts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(ids()).toEqual([6]));
    expect(screen.getByTestId('fund-log-kind').textContent).toBe('Only: Payouts');

    await openFilter();
    fireEvent.change(label('Start date'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(ids()).toEqual([6, 3]));

    await openFilter();
    fireEvent.change(label('Kind of change'), { target: { value: 'withdrawals' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(ids()).toEqual([2]));
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  it('a kind with no row in the range says so', async () => {
    await stored([fundRow({ id: 6, reasonCode: 'award' })], noonOf('2026-01-01'));
    online.browserChanged(false);
    renderScreen(IncomePage);
    await waitFor(() => expect(ids()).toEqual([6]));
    await openFilter();
    fireEvent.change(label('Kind of change'), { target: { value: 'credits' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('heading', { name: 'No entries in this range' })).toBeTruthy();
  });
});

describe('fund log offline', () => {
  it('shows the stored rows of the range and a stale marker; sends nothing', async () => {
    const fake = logServer([]);
    vi.stubGlobal('fetch', fake.fetch);
    await stored(
      [fundRow({ id: 3, type: 1, money: 50 }), fundRow({ id: 2, type: 2, money: 20 })],
      noonOf('2026-01-01'),
    );
    online.browserChanged(false);
    renderScreen(IncomePage);

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('fund-log-range').textContent).toBe('From 03/07/2026 to 03/10/2026');
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    expect(screen.getAllByTestId('fund-log-amount').map((el) => el.textContent)).toEqual(['+50.00', '-20.00']);
    expect(fake.calls).toHaveLength(0);
  });

  it('online, the newest rows join the stored ones with no stale marker; the sync stops at what it had', async () => {
    const fake = logServer([fundRow({ id: 99, money: 7 }), fundRow({ id: 3 })]);
    vi.stubGlobal('fetch', fake.fetch);
    await stored([fundRow({ id: 3 })], noonOf('2026-01-01'));
    renderScreen(IncomePage);
    await waitFor(() =>
      expect(screen.getAllByTestId('fund-log-amount').map((el) => el.textContent)).toEqual(['+7.00', '+10.00']),
    );
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    expect(fake.to(ApiPath.financeFlow)).toHaveLength(1);
  });

  it('with nothing stored and the server failing, says so and offers a retry', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    renderScreen(IncomePage);
    expect(await screen.findByRole('heading', { name: 'Fund log unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a change that touches the fund log (the member stream, a write) brings the newest rows', async () => {
    const all = [fundRow({ id: 3 })];
    const fake = logServer(all);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(ids()).toEqual([3]));
    all.unshift(fundRow({ id: 4 }));
    await act(() => invalidate([[ApiPath.financeFlow]]));
    await waitFor(() => expect(ids()).toEqual([4, 3]));
  });
});

describe('fund log paging', () => {
  it('"Load more" draws the next stored rows without asking, until the last', async () => {
    const all = fundRows(1000, HISTORY_ROWS_SHOWN + 10);
    const fake = logServer(all);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(HISTORY_ROWS_SHOWN));
    expect(screen.queryByTestId('fund-log-end')).toBeNull();
    const sent = fake.calls.length;

    fireEvent.click(screen.getByTestId('fund-log-more'));
    await waitFor(() => expect(rows()).toHaveLength(HISTORY_ROWS_SHOWN + 10));
    expect(ids()).toEqual(all.map((row) => row.id));
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
    expect(screen.queryByTestId('fund-log-more')).toBeNull();
    expect(fake.calls.length).toBe(sent);
  });

  it('a range older than the device holds whole is asked a page at a time, before the oldest row, until a short page', async () => {
    const old = Array.from({ length: FUND_HISTORY.page + 5 }, (_, i) =>
      fundRow({ id: 500 - i, time: noonOf('2025-06-01') - i }),
    );
    const fake = logServer([fundRow({ id: 900 }), ...old]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(ids()).toEqual([900]));

    await openFilter();
    fireEvent.change(label('Start date'), { target: { value: '2025-06-01' } });
    fireEvent.change(label('End date'), { target: { value: '2025-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('fund-log-range').textContent).toBe('From 06/01/2025 to 06/01/2025'));
    // Nothing of it is stored: it is asked when the member asks for more.
    fireEvent.click(await screen.findByTestId('fund-log-more'));
    await waitFor(() => expect(rows()).toHaveLength(HISTORY_ROWS_SHOWN));
    const first = fake.to(ApiPath.financeFlow).at(-1)!;
    expect(first.body).toMatchObject({ start: '2025-06-01', end: '2025-06-01', limit: FUND_HISTORY.page });
    expect(first.body.before).toBeUndefined();

    // The stored page is drawn 50 rows at a time; past it, the next page starts before its oldest row.
    for (let shown = HISTORY_ROWS_SHOWN * 2; shown <= FUND_HISTORY.page; shown += HISTORY_ROWS_SHOWN) {
      fireEvent.click(screen.getByTestId('fund-log-more'));
      await waitFor(() => expect(rows()).toHaveLength(shown));
    }
    fireEvent.click(screen.getByTestId('fund-log-more'));
    await waitFor(() => expect(rows()).toHaveLength(FUND_HISTORY.page + 5));
    expect(fake.to(ApiPath.financeFlow).at(-1)!.body).toMatchObject({ before: 500 - FUND_HISTORY.page + 1 });
    await waitFor(() => expect(screen.getByTestId('fund-log-end')).toBeTruthy());
  });

  /** IntersectionObserver stand-in: `seen(count)` reports the sentinel in view and waits for `count` rows. */
  function fakeObservers() {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    return async (count: number) => {
      // The page observes its list's end in an effect after the rows are drawn: wait for it.
      await waitFor(() => expect(observers.some((observer) => observer.targets.length > 0)).toBe(true));
      const live = observers.filter((observer) => observer.targets.length > 0).at(-1)!;
      await act(async () => {
        live.callback(
          [{ isIntersecting: true, target: live.targets[0] } as IntersectionObserverEntry],
          live as unknown as IntersectionObserver,
        );
      });
      await waitFor(() => expect(rows()).toHaveLength(count));
    };
  }

  it('the end of the list coming into view draws the next rows (IntersectionObserver)', async () => {
    const fake = logServer(fundRows(500, HISTORY_ROWS_SHOWN * 2 + 1));
    vi.stubGlobal('fetch', fake.fetch);
    const seen = fakeObservers();
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(HISTORY_ROWS_SHOWN));

    await seen(HISTORY_ROWS_SHOWN * 2);
    await seen(HISTORY_ROWS_SHOWN * 2 + 1);
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
  });
});

describe('fund log sync', () => {
  /** A server of these rows, recording where each page it was asked for starts. */
  const serverOf = (all: FundLogEntry[]) => {
    const pages: Array<{ before?: number }> = [];
    const fetchPage = async (request: { before?: number; limit?: number }) => {
      pages.push({ before: request.before });
      const before = request.before ?? Infinity;
      return all.filter((row) => row.id < before).slice(0, request.limit ?? 50);
    };
    return { pages, fetchPage };
  };

  it('goes back at most FUND_HISTORY.rows rows, then holds whole only from the oldest it has', async () => {
    const all = fundRows(5000, FUND_HISTORY.rows + 300);
    const server = serverOf(all);
    const sync = await syncFundHistory(db, OWNER, server.fetchPage, NOW.getTime());
    expect(server.pages).toHaveLength(FUND_HISTORY.rows / FUND_HISTORY.page);
    expect(await db.fundLog.count()).toBe(FUND_HISTORY.rows);
    expect(sync.coveredFrom).toBe(all[FUND_HISTORY.rows - 1].time + 1);
    expect(sync.maxId).toBe(5000);
  });

  it('a later sync asks only until it meets the rows it stored, and stays whole from the first one', async () => {
    const all = fundRows(5000, FUND_HISTORY.page + 20);
    const first = await syncFundHistory(db, OWNER, serverOf(all).fetchPage, NOW.getTime());
    // 90 server days back to today, from their first second.
    expect(first.coveredFrom).toBe(Date.parse('2025-12-10T16:00:00Z') / 1000);
    all.unshift(...fundRows(5003, 3));
    const server = serverOf(all);
    const second = await syncFundHistory(db, OWNER, server.fetchPage, NOW.getTime() + 60_000);
    expect(server.pages).toEqual([{ before: undefined }]);
    expect(second).toMatchObject({ coveredFrom: first.coveredFrom, maxId: 5003 });
    expect(await db.fundLog.count()).toBe(FUND_HISTORY.page + 23);
  });
});
