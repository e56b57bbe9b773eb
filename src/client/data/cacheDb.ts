import { db, type AppDatabase, type CacheRow } from './db';
import { clockNow } from './clock';
import { evictUnread, type EvictionLimits } from './eviction';
import type { CacheDatabase } from './queryCache';
import { deleteMemberFundRows } from './fundHistory';

/**
 * The cache database as the query cache uses it, in the chunk that loads Dexie (the first screen
 * paints without it). The rows screens show are observed from the same chunk (CachedRows.tsx).
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
    deleteMemberRows: async () => {
      await database.cache.where('owner').notEqual('').delete();
      await deleteMemberFundRows(database);
    },
    touch: async (key, readAt) => {
      await database.cache.update(key, { readAt });
    },
  };
}

/** The app's cache database; `rowStored` hears of each row stored (data/cacheGate.ts). */
export function openCacheDatabase(rowStored?: () => void): CacheDatabase {
  return cacheDatabase(db, undefined, clockNow, rowStored);
}

export { CachedRows } from './CachedRows';
