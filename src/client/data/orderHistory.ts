import Dexie from 'dexie';
import type { GameLogRequest, OwnOrderItem } from '../../shared/api/types';
import type { AppDatabase, HistorySync, StoredOrderRow } from './db';

/**
 * The member's order history (getGamelog) as records on the device (DESIGN.md section 5): lines
 * kept in a Dexie table by member and order id, so the history of any game opens and pages with
 * the network off. A sync fills them newest first: the first one goes back ORDER_HISTORY.rows
 * lines, each later one until it meets the lines it already has, and past the oldest line stored
 * while its round was open (a cancel or a draw changed it since). Older lines are fetched a page
 * at a time when the member scrolls to them, and kept too.
 */
export const ORDER_HISTORY = { rows: 2_000, page: 100 } as const;

/** The history shown: one game's lines, or every game's (null). */
export interface OrderFilter {
  gametype: number | null;
}

export type FetchOrderPage = (request: GameLogRequest) => Promise<OwnOrderItem[]>;

export async function storeOrderRows(
  database: AppDatabase,
  owner: string,
  rows: readonly OwnOrderItem[],
): Promise<void> {
  if (rows.length > 0) await database.orders.bulkPut(rows.map((row): StoredOrderRow => ({ ...row, owner })));
}

/** The oldest stored line still open when stored: a sync goes back at least that far to learn its end. */
async function oldestOpenId(database: AppDatabase, owner: string): Promise<number | undefined> {
  // By index: every sync asks this, and most find no open line after reading none.
  const open = await database.orders
    .where('[owner+status+order_id]')
    .between([owner, 'wait', 0], [owner, 'wait', Dexie.maxKey])
    .first();
  return open?.order_id;
}

/**
 * The newest lines into the table: pages newest first until a page is short (nothing older), or
 * reaches both the lines the last sync stored and the oldest open one, or ORDER_HISTORY.rows came.
 * Says what is now held whole (`coveredFrom`: every line from that order id on; 0 for all).
 */
export async function syncOrderHistory(
  database: AppDatabase,
  owner: string,
  fetchPage: FetchOrderPage,
  now: number,
): Promise<HistorySync> {
  const previous = await database.orderSync.get(owner);
  const open = await oldestOpenId(database, owner);
  let before: number | undefined;
  let fetched = 0;
  let newest = previous?.maxId ?? 0;
  let coveredFrom: number;
  let page: OwnOrderItem[];
  for (;;) {
    page = await fetchPage({ limit: ORDER_HISTORY.page, ...(before ? { before } : {}) });
    fetched += page.length;
    if (page.length > 0) newest = Math.max(newest, page[0].order_id);
    const oldest = page.at(-1);
    if (!oldest || page.length < ORDER_HISTORY.page) {
      coveredFrom = 0;
      break;
    }
    if (previous && oldest.order_id <= previous.maxId && (open === undefined || oldest.order_id <= open)) {
      coveredFrom = Math.min(previous.coveredFrom, oldest.order_id);
      break;
    }
    if (fetched >= ORDER_HISTORY.rows) {
      coveredFrom = oldest.order_id;
      break;
    }
    await storeOrderRows(database, owner, page);
    before = oldest.order_id;
  }
  const sync: HistorySync = { owner, coveredFrom, maxId: newest, syncedAt: now };
  // The last page and what is now held whole land together: a screen never reads one without the other.
  const last = page;
  await database.transaction('rw', database.orders, database.orderSync, async () => {
    await storeOrderRows(database, owner, last);
    await database.orderSync.put(sync);
  });
  return sync;
}

/** The member's stored lines of the filter from order id `from` on (0: all; ids start at 1), oldest first, by the index that fits it. */
function linesFrom(database: AppDatabase, owner: string, { gametype }: OrderFilter, from: number) {
  return gametype === null
    ? database.orders.where('[owner+order_id]').between([owner, from], [owner, Dexie.maxKey])
    : database.orders
        .where('[owner+gametype+order_id]')
        .between([owner, gametype, from], [owner, gametype, Dexie.maxKey]);
}

/** The member's stored lines of the filter, newest first. */
export function readOrderRows(
  database: AppDatabase,
  owner: string,
  filter: OrderFilter,
  limit: number,
): Promise<StoredOrderRow[]> {
  return linesFrom(database, owner, filter, 0).reverse().limit(limit).toArray();
}

/** Whether the table holds every line of the filter (as of its last sync). */
export function holdsEveryOrder(sync: HistorySync | undefined): boolean {
  return sync?.coveredFrom === 0;
}

/**
 * The next page of the filter's lines older than the table holds whole, into the table: before
 * `before`, or before the oldest of the filter's lines held whole when undefined. `complete` once
 * the server has no older line of the filter; with every game's lines, the table then holds all.
 */
export async function fetchOlderOrderRows(
  database: AppDatabase,
  owner: string,
  filter: OrderFilter,
  before: number | undefined,
  fetchPage: FetchOrderPage,
): Promise<{ oldestId: number | undefined; complete: boolean }> {
  const start = before ?? (await oldestHeldId(database, owner, filter));
  const game = filter.gametype === null ? {} : { gametype: filter.gametype };
  const page = await fetchPage({ ...game, limit: ORDER_HISTORY.page, ...(start ? { before: start } : {}) });
  await storeOrderRows(database, owner, page);
  const complete = page.length < ORDER_HISTORY.page;
  if (complete && filter.gametype === null) {
    const sync = await database.orderSync.get(owner);
    if (sync) await database.orderSync.put({ ...sync, coveredFrom: 0 });
  }
  return { oldestId: page.at(-1)?.order_id ?? start, complete };
}

/** The oldest of the filter's stored lines within what the table holds whole: where older pages start. */
async function oldestHeldId(database: AppDatabase, owner: string, filter: OrderFilter): Promise<number | undefined> {
  const sync = await database.orderSync.get(owner);
  if (!sync) return undefined;
  const held = linesFrom(database, owner, filter, sync.coveredFrom);
  return (await held.first())?.order_id;
}

/** Logout: the member's lines and what was known of them go. */
export async function deleteMemberOrderRows(database: AppDatabase): Promise<void> {
  await database.orders.clear();
  await database.orderSync.clear();
}
