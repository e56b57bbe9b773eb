import type { AppDatabase } from './db';

export interface EvictionLimits {
  /** A row no screen has read for this long goes. */
  unreadMs: number;
  /** At most this many rows stay; past it, the longest unread go first. */
  maxRows: number;
}

/**
 * A month unread, and 2,000 rows: a member who reads every article, room and proof for years keeps
 * a few megabytes at most (a row is a read's answer: a list of rooms, a page of articles).
 */
export const EVICTION: EvictionLimits = { unreadMs: 30 * 24 * 60 * 60 * 1000, maxRows: 2_000 };

/** Rows nobody reads any more leave the device's IndexedDB, so it does not grow forever. */
export async function evictUnread(
  database: AppDatabase,
  now: number,
  limits: Partial<EvictionLimits> = {},
): Promise<number> {
  const { unreadMs, maxRows } = { ...EVICTION, ...limits };
  return database.transaction('rw', database.cache, async () => {
    const old = await database.cache
      .where('readAt')
      .below(now - unreadMs)
      .delete();
    const over = (await database.cache.count()) - maxRows;
    if (over <= 0) return old;
    const oldest = await database.cache.orderBy('readAt').limit(over).primaryKeys();
    await database.cache.bulkDelete(oldest);
    return old + oldest.length;
  });
}
