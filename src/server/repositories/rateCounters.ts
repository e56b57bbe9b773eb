/** Queries on the request counters of the per-address and per-member limits (domain/requestCounters.ts). */
import { sql } from 'kysely';
import type { Db } from '../db/schema';

export interface CounterHit {
  /** Requests of the key in its current window, this one included. */
  hits: number;
  /** When that window ends (epoch ms). */
  resetAt: number;
}

/**
 * Counts one request of `key` in one statement: a first request, or one after the window ended,
 * starts a window of `windowMs` at 1; any other adds 1. Atomic in both dialects (an upsert on the
 * key), so requests counted at the same moment by several instances are all counted.
 */
export async function countHit(db: Db, key: string, now: number, windowMs: number): Promise<CounterHit> {
  const open = sql<boolean>`rate_counters.reset_at > ${now}`;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, hits: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${open} THEN rate_counters.hits + 1 ELSE 1 END`,
        reset_at: sql<number>`CASE WHEN ${open} THEN rate_counters.reset_at ELSE ${now + windowMs} END`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
}

/** Forgets the counters whose window ended: they would start again at 1 anyway. */
export async function deleteEndedCounters(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_counters').where('reset_at', '<=', now).execute();
}
