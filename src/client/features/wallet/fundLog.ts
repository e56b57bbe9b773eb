/** The fund log's query, its cached form and its paging (SPEC.md section 2, Fund log). */
import { FUND_LOG_DEFAULT_DAYS } from '../../../shared/constants';
import { DAY_MS, serverDateOf } from '../../../shared/serverDay';
import type { FundLogEntry } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { fetchNewestWindow, windowedKey, type Query, type Window, type WindowedRead } from '../../data';
import { fetchFundLog } from './walletApi';

/** Rows per request; the contract allows up to 200. */
export const FUND_LOG_PAGE = 50;

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  start: string;
  end: string;
}

/** The last range asked and its rows, kept in Dexie so the log opens offline (DESIGN.md section 5). */
export type FundLogQuery = Window<FundLogEntry, DateRange>;

/**
 * The contract reads dates in the server's day, UTC+8 (FinanceFlowRequest). "Today" is taken in
 * that day too, so a member west of UTC+8 late in the evening still sees the newest rows.
 */

export function serverToday(now = Date.now()): string {
  return serverDateOf(now);
}

/** Default range: the last FUND_LOG_DEFAULT_DAYS days back to today (SPEC.md section 9). */
export function defaultRange(now = Date.now()): DateRange {
  return rangeEndingOn(serverDateOf(now));
}

/** FUND_LOG_DEFAULT_DAYS days back from a YYYY-MM-DD day, to that day. */
export function rangeEndingOn(day: string): DateRange {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - FUND_LOG_DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10);
  return { start, end: day };
}

export function sameRange(a: DateRange, b: DateRange): boolean {
  return a.start === b.start && a.end === b.end;
}

/** The fund log as a windowed read: pages of a date range, newest first, by `before` id. */
export const fundLogRead: WindowedRead<FundLogEntry, DateRange> = {
  key: windowedKey(ApiPath.financeFlow),
  pageSize: FUND_LOG_PAGE,
  fetchPage: (range, before) =>
    fetchFundLog({ start: range.start, end: range.end, limit: FUND_LOG_PAGE, ...(before ? { before } : {}) }),
  idOf: (row) => row.id,
  sameFilter: sameRange,
};

/** The fund log as a visit that starts on it first shows it (routes.ts): the newest page of the default range. */
export const firstFundLogQuery = (): Query<FundLogQuery> => ({
  key: fundLogRead.key,
  fetch: () => fetchNewestPage(defaultRange()),
});

/** The newest page of a range, keeping the loaded older pages it reaches into (data/useWindowedQuery.ts). */
export function fetchNewestPage(range: DateRange): Promise<FundLogQuery> {
  return fetchNewestWindow(fundLogRead, range);
}

/** Class 1 adds to the balance; every other class takes from it (SPEC.md section 3). */
export function isIncrease(row: Pick<FundLogEntry, 'type'>): boolean {
  return row.type === 1;
}
