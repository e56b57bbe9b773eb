import type { FinanceFlowRequest, FundLogEntry } from '../../shared/api/types';
import { dayNumber, dayStart, isoDate } from '../../shared/serverDay';
import type { AppDatabase, HistorySync, StoredFundRow } from './db';

/**
 * The member's fund log as records on the device (DESIGN.md section 5): rows kept in a Dexie table
 * by member and time, so a screen filters them by date and kind with the network off. A sync
 * fills them newest first: the first one goes back FUND_HISTORY.days (at most FUND_HISTORY.rows
 * rows), each later one only until it meets the rows it already has. Rows older than that are
 * fetched a page at a time when the member asks for an older range, and kept too.
 */
export const FUND_HISTORY = { days: 90, rows: 2_000, page: 200 } as const;

/** A range of the server's days (YYYY-MM-DD, inclusive), as the fund-log call reads them. */
export interface DayRange {
  start: string;
  end: string;
}

export type FetchFundPage = (request: FinanceFlowRequest) => Promise<FundLogEntry[]>;

/** The epoch seconds a range of server days spans: from its first second, to before the next day's. */
export function secondsOf(range: DayRange): { from: number; to: number } {
  const day = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;
  return { from: dayStart(day(range.start)) / 1000, to: dayStart(day(range.end) + 1) / 1000 };
}

export async function storeFundRows(
  database: AppDatabase,
  owner: string,
  rows: readonly FundLogEntry[],
): Promise<void> {
  if (rows.length > 0) await database.fundLog.bulkPut(rows.map((row): StoredFundRow => ({ ...row, owner })));
}

/**
 * The newest rows into the table: pages of the last FUND_HISTORY.days days, newest first, until a
 * page is short (nothing older in them), reaches the rows the last sync stored (the table is then
 * whole since that sync's coverage), or FUND_HISTORY.rows rows came. Says what is now held whole.
 */
export async function syncFundHistory(
  database: AppDatabase,
  owner: string,
  fetchPage: FetchFundPage,
  now: number,
): Promise<HistorySync> {
  const previous = await database.fundLogSync.get(owner);
  const today = dayNumber(now);
  const firstDay = today - (FUND_HISTORY.days - 1);
  const windowFrom = dayStart(firstDay) / 1000;
  const range = { start: isoDate(firstDay), end: isoDate(today) };
  let before: number | undefined;
  let fetched = 0;
  let newest = previous?.maxId ?? 0;
  let coveredFrom: number;
  let page: FundLogEntry[];
  for (;;) {
    page = await fetchPage({ ...range, limit: FUND_HISTORY.page, ...(before ? { before } : {}) });
    fetched += page.length;
    if (page.length > 0) newest = Math.max(newest, page[0].id);
    const oldest = page.at(-1);
    if (!oldest || page.length < FUND_HISTORY.page) {
      coveredFrom = Math.min(windowFrom, previous?.coveredFrom ?? windowFrom);
      break;
    }
    if (previous && oldest.id <= previous.maxId) {
      coveredFrom = Math.min(previous.coveredFrom, oldest.time);
      break;
    }
    if (fetched >= FUND_HISTORY.rows) {
      // Rows of that very second with a lower id may not have come: held whole from the next one.
      coveredFrom = oldest.time + 1;
      break;
    }
    await storeFundRows(database, owner, page);
    before = oldest.id;
  }
  const sync: HistorySync = { owner, coveredFrom, maxId: newest, syncedAt: now };
  // The last page and what is now held whole land together: a screen never reads one without the other.
  const last = page;
  await database.transaction('rw', database.fundLog, database.fundLogSync, async () => {
    await storeFundRows(database, owner, last);
    await database.fundLogSync.put(sync);
  });
  return sync;
}

/**
 * The next page of a range older than what the table holds whole, into the table: the rows before
 * `before` (or the range's newest when undefined). `complete` once the server has no older row in
 * the range; the table is then whole from the range's start when the range reaches the covered part.
 */
export async function fetchOlderFundRows(
  database: AppDatabase,
  owner: string,
  range: DayRange,
  before: number | undefined,
  fetchPage: FetchFundPage,
): Promise<{ oldestId: number | undefined; complete: boolean }> {
  const page = await fetchPage({ ...range, limit: FUND_HISTORY.page, ...(before ? { before } : {}) });
  await storeFundRows(database, owner, page);
  const complete = page.length < FUND_HISTORY.page;
  if (complete) {
    const sync = await database.fundLogSync.get(owner);
    const { from, to } = secondsOf(range);
    if (sync && from < sync.coveredFrom && to >= sync.coveredFrom) {
      await database.fundLogSync.put({ ...sync, coveredFrom: from });
    }
  }
  return { oldestId: page.at(-1)?.id ?? before, complete };
}

/** The member's stored rows of a range, newest first, of the given reasons only (all when null). */
export function readFundRows(
  database: AppDatabase,
  owner: string,
  range: DayRange,
  reasons: readonly string[] | null,
  limit: number,
): Promise<StoredFundRow[]> {
  const { from, to } = secondsOf(range);
  const inRange = database.fundLog.where('[owner+time]').between([owner, from], [owner, to], true, false).reverse();
  return (reasons ? inRange.filter((row) => reasons.includes(row.reasonCode)) : inRange).limit(limit).toArray();
}

/** The oldest stored row of a range at or after `since` (epoch seconds): where a page of older rows starts. */
export async function oldestStoredId(
  database: AppDatabase,
  owner: string,
  range: DayRange,
  since: number,
): Promise<number | undefined> {
  const { from, to } = secondsOf(range);
  const row = await database.fundLog
    .where('[owner+time]')
    .between([owner, Math.max(from, since)], [owner, to], true, false)
    .first();
  return row?.id;
}

/** Whether the table holds every row of a range (as of its last sync). */
export function holdsWhole(sync: HistorySync | undefined, range: DayRange): boolean {
  return sync !== undefined && secondsOf(range).from >= sync.coveredFrom;
}

/** Logout: the member's rows and what was known of them go. */
export async function deleteMemberFundRows(database: AppDatabase): Promise<void> {
  await database.fundLog.where('owner').notEqual('').delete();
  await database.fundLogSync.clear();
}
