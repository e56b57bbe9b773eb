import Dexie, { type Table, type Transaction } from 'dexie';
import { ApiPath } from '../../shared/api/paths';
import type { FundLogEntry, LedgerHead, LedgerKey, OwnOrderItem } from '../../shared/api/types';
import type { LedgerConflict, StoredLedgerProof } from './ledger';
import { hashKey, queryKey, isMemberKey, windowedKey, type QueryKey } from './key';
import { storedSession } from '../api/sessionStore';

/** One cached answer: what the server sent for a read, when we got it, and whose it is. */
export interface CacheRow<T = unknown> {
  /** The read's key as stored (key.ts hashKey). */
  key: string;
  data: T;
  /** Epoch ms of the answer. */
  updatedAt: number;
  /** Epoch ms a screen last read the row (within a day): rows not read for long are evicted (eviction.ts). */
  readAt: number;
  /** The member the row belongs to (owner.ts); '' for rows that are the same for everyone. */
  owner: string;
}

/** The tables of versions 1 and 2: one per kind of answer, keyed by a name of their own. */
const LEGACY_TABLES = [
  'config',
  'profile',
  'articles',
  'banners',
  'rooms',
  'games',
  'fundLog',
  'bankCards',
  'winners',
  'finance',
  'trend',
] as const;

/** A version-2 row's key (`<table>:<id>`) as the read it cached; null for a key no screen uses. */
export function keyOfLegacyRow(table: string, id: string): QueryKey | null {
  const n = (prefix: string) => {
    const match = id.startsWith(prefix) ? /^\d+$/.exec(id.slice(prefix.length)) : null;
    return match ? Number(match[0]) : null;
  };
  const at = `${table}:${id}`;
  switch (at) {
    case 'config:app':
      return queryKey(ApiPath.getConfig, {});
    case 'profile:me':
      return queryKey(ApiPath.userInfo, {});
    case 'profile:leftmoney':
      return queryKey(ApiPath.leftMoney, {});
    case 'banners:all':
      return queryKey(ApiPath.slide, {});
    case 'winners:latest':
      return queryKey(ApiPath.winners, {});
    case 'games:list':
      return queryKey(ApiPath.gameList, {});
    case 'bankCards:list':
      return queryKey(ApiPath.bankCardList, {});
    case 'finance:products':
      return queryKey(ApiPath.financeProducts, {});
    case 'trend:me':
      return queryKey(ApiPath.trendData, {});
    case 'fundLog:last':
      return windowedKey(ApiPath.financeFlow);
  }
  if (table === 'articles') {
    if (n('category-') !== null) return queryKey(ApiPath.oneClassArticle, { type: n('category-')! });
    if (n('list-') !== null) return queryKey(ApiPath.articleList, { type: n('list-')! });
    if (n('id-') !== null) return queryKey(ApiPath.articleDetail, { id: n('id-')! });
  }
  if (table === 'rooms') {
    if (n('type-') !== null) return queryKey(ApiPath.roomList, { roomtype: n('type-')! });
    if (n('info-') !== null) return queryKey(ApiPath.gameInfo, { roomid: n('info-')! });
  }
  return null;
}

/** The member a device had when it upgraded: its member rows stay their own. */
function storedMember(): string {
  try {
    return storedSession(localStorage).member ?? '';
  } catch {
    return '';
  }
}

/** Version 3: every row of the version-2 tables, under its read's key, in the one cache table. */
async function moveLegacyRows(tx: Transaction): Promise<void> {
  const owner = storedMember();
  const cache = tx.table<Omit<CacheRow, 'readAt'>, string>('cache');
  for (const table of LEGACY_TABLES) {
    const rows = await tx.table<{ key: string; data: unknown; updatedAt: number }, string>(table).toArray();
    for (const row of rows) {
      const key = keyOfLegacyRow(table, row.key);
      if (key === null) continue;
      const memberRow = isMemberKey(key);
      // A member row of a device with no session any more has no owner to keep it for.
      if (memberRow && owner === '') continue;
      await cache.put({ key: hashKey(key), data: row.data, updatedAt: row.updatedAt, owner: memberRow ? owner : '' });
    }
  }
}

/** Version 5: a row counts as read when it was last answered, until a screen reads it again. */
async function stampReadAt(tx: Transaction): Promise<void> {
  await tx
    .table<CacheRow, string>('cache')
    .toCollection()
    .modify((row) => {
      row.readAt = row.updatedAt;
    });
}

/** A fund-log row kept on the device (fundHistory.ts): the server's row and whose it is (owner.ts). */
export interface StoredFundRow extends FundLogEntry {
  owner: string;
}

/** An order line kept on the device (orderHistory.ts): the server's line and whose it is (owner.ts). */
export interface StoredOrderRow extends OwnOrderItem {
  owner: string;
}

/**
 * How much of a member's history the device holds whole: every row from `coveredFrom` up to the
 * last sync (`syncedAt`, epoch ms), the newest of them `maxId`. `coveredFrom` is epoch seconds in
 * the fund log, an order id in the order history. Rows older than it may be stored too (pages the
 * member asked for), but not necessarily all of them.
 */
export interface HistorySync {
  owner: string;
  coveredFrom: number;
  maxId: number;
  syncedAt: number;
}

/**
 * Version 6: the fund log's last window (the rows a screen scrolled through, one cache row) becomes
 * records of the new table, so an upgraded device still reads them offline; what the table holds
 * whole is not known of them, so the next sync says it.
 */
async function moveFundLogWindow(tx: Transaction): Promise<void> {
  const cache = tx.table<CacheRow<{ rows?: FundLogEntry[] }>, string>('cache');
  const key = hashKey(windowedKey(ApiPath.financeFlow));
  const row = await cache.get(key);
  if (row && row.owner !== '' && Array.isArray(row.data.rows)) {
    await tx.table<StoredFundRow>('fundLog').bulkPut(row.data.rows.map((entry) => ({ ...entry, owner: row.owner })));
  }
  await cache.delete(key);
}

/**
 * Version 7: the order history's cached pages (one cache row per game, and one for all) become
 * records of the new table, so an upgraded device still opens them offline; what the table holds
 * whole is not known of them, so the next sync says it.
 */
async function moveOrderPages(tx: Transaction): Promise<void> {
  const cache = tx.table<CacheRow<{ pages?: OwnOrderItem[][] }>, string>('cache');
  const rows = await cache.where('key').startsWith(`${ApiPath.gameLog} `).toArray();
  const orders = tx.table<StoredOrderRow>('orders');
  for (const row of rows) {
    if (row.owner !== '' && Array.isArray(row.data.pages)) {
      await orders.bulkPut(row.data.pages.flat().map((line) => ({ ...line, owner: row.owner })));
    }
    await cache.delete(row.key);
  }
}

export class AppDatabase extends Dexie {
  cache!: Table<CacheRow, string>;
  fundLog!: Table<StoredFundRow, [string, number]>;
  fundLogSync!: Table<HistorySync, string>;
  orders!: Table<StoredOrderRow, [string, number]>;
  orderSync!: Table<HistorySync, string>;
  ledgerHeads!: Table<LedgerHead, number>;
  ledgerKeys!: Table<LedgerKey, string>;
  ledgerProofs!: Table<StoredLedgerProof, [string, number]>;
  ledgerConflicts!: Table<LedgerConflict, number>;

  constructor(name = 'roundplay') {
    super(name);
    // A schema change is a new version with an upgrade, never a wipe (DESIGN.md section 5).
    const legacy = (tables: readonly string[]) => Object.fromEntries(tables.map((t) => [t, 'key, updatedAt']));
    this.version(1).stores(legacy(LEGACY_TABLES.slice(0, 8)));
    this.version(2).stores(legacy(LEGACY_TABLES));
    // Version 3: one table keyed by the read (the call and its parameters); the rows move over.
    this.version(3)
      .stores({ ...legacy(LEGACY_TABLES), cache: 'key, updatedAt, owner' })
      .upgrade(moveLegacyRows);
    // Version 4: the emptied tables of version 2 go (read by the upgrade above first).
    this.version(4).stores({
      ...Object.fromEntries(LEGACY_TABLES.map((t) => [t, null])),
      cache: 'key, updatedAt, owner',
    });
    // Version 5: when a row was last read, so rows nobody reads any more can go.
    this.version(5).stores({ cache: 'key, updatedAt, owner, readAt' }).upgrade(stampReadAt);
    // Version 6: the fund log as records (fundHistory.ts), read by time within a member's rows.
    this.version(6)
      .stores({
        cache: 'key, updatedAt, owner, readAt',
        fundLog: '[owner+id], [owner+time], owner',
        fundLogSync: 'owner',
      })
      .upgrade(moveFundLogWindow);
    // Version 7: the order history as records (orderHistory.ts), read by id within a member's lines,
    // all games' or one game's; by status to find the lines still waiting for their draw.
    this.version(7)
      .stores({
        orders: '[owner+order_id], [owner+gametype+order_id], [owner+status+order_id], owner',
        orderSync: 'owner',
      })
      .upgrade(moveOrderPages);
    // Version 8: the signed ledger (ledger.ts): heads by seq, keys by id, the member's row proofs
    // beside their fund-log rows, and the heads that came back different.
    this.version(8).stores({
      ledgerHeads: 'seq',
      ledgerKeys: 'keyId, fromSeq',
      ledgerProofs: '[owner+id], owner',
      ledgerConflicts: 'seq',
    });
  }
}

export const db = new AppDatabase();
