import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { MessageKey, refuse } from '../../src/shared/errors';
import type { FundLogEntry } from '../../src/shared/api/types';
import IncomePage from '../../src/client/features/wallet/IncomePage';
import { fetchNewestPage, FUND_LOG_PAGE, type FundLogQuery } from '../../src/client/features/wallet/fundLog';
import { startSession } from '../../src/client/api/session';
import { getQueryData, setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/stores';
import { activateLocale, messageOf } from '../../src/client/i18n';
import { fakeFetch, ok, resetClientState, type FakeCall } from './helpers';
import { deferred, fundRow, fundRows, renderScreen } from './wallet-fixtures';
import { windowedKey } from '../../src/client/data/key';
import { db } from '../../src/client/data/db';

beforeEach(async () => {
  await resetClientState();
  startSession('token');
  window.history.replaceState(null, '', '/my_income');
});

afterEach(async () => {
  vi.useRealTimers();
  await activateLocale('en', { persist: false });
});

/** A server whose fund log answers from a list of rows, newest first, honouring `before` and `limit`. */
function logServer(all: FundLogEntry[]) {
  return fakeFetch({
    [ApiPath.financeFlow]: (call: FakeCall) => {
      const before = typeof call.body.before === 'number' ? call.body.before : Infinity;
      const limit = typeof call.body.limit === 'number' ? call.body.limit : 50;
      return ok(all.filter((row) => row.id < before).slice(0, limit));
    },
  });
}

const rows = () => screen.queryAllByTestId('fund-log-row');
const label = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('fund log range', () => {
  it('defaults to the last 3 days back to today, in the server day (UTC+8)', async () => {
    // 20:00 UTC on 10 March is already 11 March on the server's day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T20:00:00Z'));
    const fake = logServer([fundRow()]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);

    await waitFor(() => expect(fake.to(ApiPath.financeFlow)).toHaveLength(1));
    const body = fake.to(ApiPath.financeFlow)[0].body;
    expect(body).toMatchObject({ start: '2026-03-08', end: '2026-03-11', limit: FUND_LOG_PAGE });
    expect(body.before).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('fund-log-range').textContent).toBe('From 03/08/2026 to 03/11/2026'));
    // The days are the server's: when they begin is said, in this device's time too.
    const midnightHere = new Date(Date.UTC(2026, 2, 10, 16)).toTimeString().slice(0, 5);
    expect(screen.getByTestId('fund-log-day-start').textContent).toBe(
      `Days begin at 00:00 UTC+8 (${midnightHere} your time).`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Filter by date' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filter' });
    expect((within(drawer).getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-03-08');
    expect((within(drawer).getByLabelText('End date') as HTMLInputElement).value).toBe('2026-03-11');
    expect((within(drawer).getByLabelText('Start date') as HTMLInputElement).type).toBe('date');
  });

  it('refuses a start after the end with the dateRange message, before any call', async () => {
    const fake = logServer([fundRow()]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const sent = fake.calls.length;

    fireEvent.click(screen.getByRole('button', { name: 'Filter by date' }));
    await screen.findByRole('dialog', { name: 'Filter' });
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

  it('applies a valid range: one request with those dates, the list and its label follow', async () => {
    const fake = logServer([fundRow({ id: 5 })]);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Filter by date' }));
    await screen.findByRole('dialog', { name: 'Filter' });
    fireEvent.change(label('Start date'), { target: { value: '2026-02-01' } });
    fireEvent.change(label('End date'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.getByTestId('fund-log-range').textContent).toBe('From 02/01/2026 to 02/01/2026'));
    const last = fake.to(ApiPath.financeFlow).at(-1)!;
    expect(last.body).toMatchObject({ start: '2026-02-01', end: '2026-02-01' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cached = await getQueryData<FundLogQuery>(windowedKey(ApiPath.financeFlow));
    expect(cached?.data).toMatchObject({ start: '2026-02-01', end: '2026-02-01', complete: true });
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

  it('reasons follow the language, cached rows included (vi)', async () => {
    await setQueryData<FundLogQuery>(windowedKey(ApiPath.financeFlow), {
      start: '2026-01-01',
      end: '2026-01-03',
      rows: [
        fundRow({ id: 2, reasonCode: 'deposit', reason: 'Deposit' }),
        fundRow({ id: 1, type: 2, reasonCode: 'withdraw_refund', reason: 'Withdrawal refunded' }),
      ],
      complete: true,
    });
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
    expect(screen.getByTestId('fund-log-range').textContent).toBe('Từ 01/01/2026 đến 03/01/2026');

    // The date rule speaks Vietnamese too.
    fireEvent.click(screen.getByRole('button', { name: 'Lọc theo ngày' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bộ lọc' });
    fireEvent.change(label('Ngày bắt đầu'), { target: { value: '2026-02-10' } });
    fireEvent.change(label('Ngày kết thúc'), { target: { value: '2026-02-01' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Áp dụng' }));
    expect((await within(drawer).findByRole('alert')).textContent).toBe('Ngày bắt đầu không được sau ngày kết thúc');
  });
});

describe('fund log offline', () => {
  it('shows the cached last query, its range and a stale marker; sends nothing', async () => {
    const fake = logServer([]);
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData<FundLogQuery>(
      windowedKey(ApiPath.financeFlow),
      {
        start: '2026-01-01',
        end: '2026-01-04',
        rows: [fundRow({ id: 3, type: 1, money: 50 }), fundRow({ id: 2, type: 2, money: 20 })],
        complete: true,
      },
      Date.now() - 3_600_000,
    );
    online.browserChanged(false);
    renderScreen(IncomePage);

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('fund-log-range').textContent).toBe('From 01/01/2026 to 01/04/2026');
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /);
    expect(screen.getAllByTestId('fund-log-amount').map((el) => el.textContent)).toEqual(['+50.00', '-20.00']);
    expect(fake.calls).toHaveLength(0);
  });

  it('online, the same cache is replaced by the answer and carries no stale marker', async () => {
    const fake = logServer([fundRow({ id: 99, money: 7 })]);
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData<FundLogQuery>(windowedKey(ApiPath.financeFlow), {
      start: '2026-01-01',
      end: '2026-01-04',
      rows: [fundRow({ id: 3 })],
      complete: true,
    });
    renderScreen(IncomePage);
    await waitFor(() =>
      expect(screen.getAllByTestId('fund-log-amount').map((el) => el.textContent)).toEqual(['+7.00']),
    );
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });

  it('with nothing cached and the server failing, says so and offers a retry', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    renderScreen(IncomePage);
    expect(await screen.findByRole('heading', { name: 'Fund log unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('fund log paging', () => {
  it('"Load more" asks for rows before the oldest id and appends them, until a short page', async () => {
    const all = fundRows(1000, FUND_LOG_PAGE + 10);
    const fake = logServer(all);
    vi.stubGlobal('fetch', fake.fetch);
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(FUND_LOG_PAGE));
    expect(screen.queryByTestId('fund-log-end')).toBeNull();

    fireEvent.click(screen.getByTestId('fund-log-more'));
    await waitFor(() => expect(rows()).toHaveLength(FUND_LOG_PAGE + 10));
    const more = fake.to(ApiPath.financeFlow).at(-1)!;
    expect(more.body).toMatchObject({ before: 1000 - FUND_LOG_PAGE + 1, limit: FUND_LOG_PAGE });
    expect(rows().map((row) => Number(row.dataset.id))).toEqual(all.map((row) => row.id));
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
    expect(screen.queryByTestId('fund-log-more')).toBeNull();

    // The appended rows are part of the kept last query.
    const cached = await getQueryData<FundLogQuery>(windowedKey(ApiPath.financeFlow));
    expect(cached?.data.rows).toHaveLength(FUND_LOG_PAGE + 10);
    expect(cached?.data.complete).toBe(true);
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

  it('the end of the list coming into view loads the next page (IntersectionObserver)', async () => {
    const fake = logServer(fundRows(500, FUND_LOG_PAGE * 2 + 1));
    vi.stubGlobal('fetch', fake.fetch);
    const seen = fakeObservers();
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(FUND_LOG_PAGE));

    await seen(FUND_LOG_PAGE * 2);
    await seen(FUND_LOG_PAGE * 2 + 1);
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
  });

  it('the next page can be asked as soon as a page shows, while the database is still storing it', async () => {
    const fake = logServer(fundRows(500, FUND_LOG_PAGE * 2 + 1));
    vi.stubGlobal('fetch', fake.fetch);
    const seen = fakeObservers();
    renderScreen(IncomePage);
    await waitFor(() => expect(rows()).toHaveLength(FUND_LOG_PAGE));

    // From here on the database takes its time: no store settles during the test.
    const held = deferred<unknown>();
    const put = vi.spyOn(db.cache, 'put').mockImplementation(() => held.promise as never);
    await seen(FUND_LOG_PAGE * 2);
    await seen(FUND_LOG_PAGE * 2 + 1);
    expect(screen.getByTestId('fund-log-end')).toBeTruthy();
    expect(put).toHaveBeenCalledTimes(2);
    held.resolve(undefined);
  });

  it('a refresh keeps the pages already loaded when the newest page reaches into them', async () => {
    const all = fundRows(1000, FUND_LOG_PAGE * 2 + 5);
    const fake = logServer(all);
    vi.stubGlobal('fetch', fake.fetch);
    await setQueryData<FundLogQuery>(windowedKey(ApiPath.financeFlow), {
      start: '2026-01-01',
      end: '2026-01-04',
      rows: all.slice(0, FUND_LOG_PAGE * 2),
      complete: false,
    });
    // Two new rows arrived since: the newest page now overlaps the cached rows.
    all.unshift(fundRow({ id: 1002 }), fundRow({ id: 1001 }));
    const next = await fetchNewestPage({ start: '2026-01-01', end: '2026-01-04' });
    expect(next.rows.map((row) => row.id)).toEqual([
      1002,
      1001,
      ...all.slice(2, 2 + FUND_LOG_PAGE * 2).map((r) => r.id),
    ]);
    expect(next.complete).toBe(false);

    // Another range starts over.
    const other = await fetchNewestPage({ start: '2025-12-01', end: '2026-01-04' });
    expect(other.rows).toHaveLength(FUND_LOG_PAGE);
  });
});
