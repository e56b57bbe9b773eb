/**
 * The request limits per address (login, register, password reset, SMS) and per member
 * (withdrawals), counted in the database: a restart does not reset them, and every instance on
 * the same database counts into the same rows, so ten requests spread over two instances or
 * either side of a restart are ten. One upsert per limited request, in a transaction so that on
 * SQLite it joins the group commit of the requests around it instead of committing alone
 * (db/groupCommit.ts); only the limited paths pay it, never the polling or order paths.
 */
import { countHit, deleteEndedCounters, type CounterHit } from '../repositories/rateCounters';
import type { Deps } from './deps';

/** How often ended windows are swept: rows stay small, and sweeping never runs per request. */
export const SWEEP_EVERY_MS = 10 * 60_000;

export class RequestCounters {
  private nextSweepAt = 0;

  constructor(private readonly deps: Deps) {}

  /** Counts a request of `key` in a window of `windowMs`; how many it makes, and how long until the window ends. */
  async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
    const now = this.deps.clock();
    const sweep = now >= this.nextSweepAt;
    if (sweep) this.nextSweepAt = now + SWEEP_EVERY_MS;
    const counted: CounterHit = await this.deps.db.transaction().execute(async (trx) => {
      if (sweep) await deleteEndedCounters(trx, now);
      return countHit(trx, key, now, windowMs);
    });
    return { hits: counted.hits, ttlMs: Math.max(0, counted.resetAt - now) };
  }
}
