import { db, type AppDatabase, type CacheRow } from './db';
import { clockNow } from './clock';
import { evictUnread, type EvictionLimits } from './eviction';
import type { CacheDatabase } from './queryClient';
import { deleteMemberFundRows } from './fundHistory';
import { deleteMemberOrderRows } from './orderHistory';
import { deleteMemberLedgerProofs } from './ledger';
import { createCachePersister } from './cachePersister';

/**
 * The cache database as the query client uses it, with TanStack's persister over it, in the chunk
 * that loads Dexie (the first screen paints without either).
 */
export function cacheDatabase(
  database: AppDatabase,
  limits?: Partial<EvictionLimits>,
  now = clockNow,
  rowStored: () => void = () => undefined,
): CacheDatabase {
  // Once per visit, after the first screen: rows not read for a month go, and the oldest-read past the cap.
  void evictUnread(database, now(), limits).catch((error: unknown) => console.warn('[cache] eviction failed', error));
  return {
    get: (key) => database.cache.get(key),
    put: async (row: CacheRow) => {
      await database.cache.put(row);
      rowStored();
    },
    delete: (key) => database.cache.delete(key),
    deleteMemberRows: async () => {
      await database.cache.where('owner').notEqual('').delete();
      await deleteMemberFundRows(database);
      await deleteMemberOrderRows(database);
      await deleteMemberLedgerProofs(database);
    },
    touch: async (key, readAt) => {
      await database.cache.update(key, { readAt });
    },
    createPersister: createCachePersister,
  };
}

/** The app's cache database; `rowStored` hears of each row stored (data/cacheGate.ts). */
export function openCacheDatabase(rowStored?: () => void): CacheDatabase {
  return cacheDatabase(db, undefined, clockNow, rowStored);
}
