/**
 * Queries on the login password's guessing limits (domain/accounts/loginGuard.ts): the counters per
 * member and source address (login_sources) and the growing delay per member for addresses that
 * are not the member's own (login_delays). Each try is reserved by one conditional statement, so
 * tries arriving at the same moment cannot slip past a limit.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';
import type { GuardLimits } from './guards';

/** The growing delay for strangers' tries at one member. */
export interface DelayLimits {
  /** Tries checked without a wait. */
  freeTries: number;
  /** The wait after the last free try; each try after it doubles the wait. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A quiet spell this long since the last try forgets the count. */
  quietMs: number;
}

/** Whether the member logged in from this address since `since`. */
export async function loggedInFrom(db: Db, memberId: number, source: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_sources')
    .select('last_login_at')
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .executeTakeFirst();
  return row !== undefined && row.last_login_at > 0 && row.last_login_at >= since;
}

/**
 * Counts a try from an address before the password is checked: true when it may go ahead (it
 * stays counted as wrong until cleared); false when the address is locked for this member or its
 * window's tries are used up.
 */
export async function reserveSourceTry(
  db: Db,
  memberId: number,
  source: string,
  now: number,
  limits: GuardLimits,
): Promise<boolean> {
  await db
    .insertInto('login_sources')
    .values({ member_id: memberId, source })
    .onConflict((oc) => oc.columns(['member_id', 'source']).doNothing())
    .execute();
  const windowOver = sql<boolean>`window_start <= ${now - limits.windowMs}`;
  const result = await db
    .updateTable('login_sources')
    .set({
      failures: sql`CASE WHEN ${windowOver} THEN 1 ELSE failures + 1 END`,
      window_start: sql`CASE WHEN ${windowOver} THEN ${now} ELSE window_start END`,
    })
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('locked_until', '<=', now)
    .where((eb) => eb.or([eb('window_start', '<=', now - limits.windowMs), eb('failures', '<', limits.maxFailures)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a wrong try: the one that used up the window's tries locks the address for this member. */
export async function lockSourceIfSpent(
  db: Db,
  memberId: number,
  source: string,
  now: number,
  limits: GuardLimits,
): Promise<void> {
  await db
    .updateTable('login_sources')
    .set({ locked_until: now + limits.lockMs })
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('failures', '>=', limits.maxFailures)
    .where('locked_until', '<=', now)
    .execute();
}

/** The end of the address's lock for this member, or null when it is not locked. */
export async function sourceLockedUntil(db: Db, memberId: number, source: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('login_sources')
    .select('locked_until')
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .executeTakeFirst();
  return row && row.locked_until > now ? row.locked_until : null;
}

/** A try that was reserved but never checked (the pool was full): it does not count. */
export async function releaseSourceTry(db: Db, memberId: number, source: string): Promise<void> {
  await db
    .updateTable('login_sources')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('failures', '>', 0)
    .execute();
}

/** A successful login: the address's wrong tries are forgotten and it becomes one of the member's own. */
export async function recordLogin(db: Db, memberId: number, source: string, now: number): Promise<void> {
  await db
    .insertInto('login_sources')
    .values({ member_id: memberId, source, last_login_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'source']).doUpdateSet({ failures: 0, window_start: 0, last_login_at: now }),
    )
    .execute();
}

/** The wait after the `tries`-th try, as SQL over an expression for it (no dialect has a shared power function). */
function delayAfter(tries: RawBuilder<number>, limits: DelayLimits): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [];
  for (let n = limits.freeTries, wait = limits.firstDelayMs; wait < limits.maxDelayMs; n++, wait *= 2) {
    steps.push(sql`WHEN ${sql.lit(n)} THEN ${sql.lit(wait)}`);
  }
  return sql<number>`CASE ${tries} ${sql.join(steps, sql` `)} ELSE CASE WHEN ${tries} < ${sql.lit(limits.freeTries)} THEN 0 ELSE ${sql.lit(limits.maxDelayMs)} END END`;
}

/**
 * Counts a stranger's try at the member before the password is checked and sets when the next one
 * may come: null when it may go ahead, else the moment the wait ends.
 */
export async function reserveStrangerTry(
  db: Db,
  memberId: number,
  now: number,
  limits: DelayLimits,
): Promise<number | null> {
  await db
    .insertInto('login_delays')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const tries = sql<number>`(CASE WHEN last_failure_at <= ${now - limits.quietMs} THEN 1 ELSE failures + 1 END)`;
  const delay = delayAfter(tries, limits);
  const result = await db
    .updateTable('login_delays')
    .set({
      failures: tries,
      last_failure_at: now,
      // A free try sets no wait (a past one stays as it was).
      next_try_at: sql`CASE WHEN ${delay} = 0 THEN next_try_at ELSE CAST(${now} AS bigint) + ${delay} END`,
    })
    .where('member_id', '=', memberId)
    .where('next_try_at', '<=', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return null;
  const row = await db
    .selectFrom('login_delays')
    .select('next_try_at')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  // Another try moved the wait on meanwhile; say at least a second.
  return Math.max(row?.next_try_at ?? 0, now + 1_000);
}

/** A stranger's try that was right, or never checked: it does not count toward the delay. */
export async function releaseStrangerTry(db: Db, memberId: number): Promise<void> {
  await db
    .updateTable('login_delays')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('member_id', '=', memberId)
    .where('failures', '>', 0)
    .execute();
}

/**
 * Forgets the member's wrong login tries and lifts every address's lock and the delay (the operator's
 * member:unlock, a password reset); the addresses stay the member's own. True when any was in force.
 */
export async function clearLoginGuards(db: Db, memberId: number, now: number): Promise<boolean> {
  const locked = await db
    .selectFrom('login_sources')
    .select('source')
    .where('member_id', '=', memberId)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  const delayed = await db
    .selectFrom('login_delays')
    .select('next_try_at')
    .where('member_id', '=', memberId)
    .where('next_try_at', '>', now)
    .executeTakeFirst();
  await db
    .updateTable('login_sources')
    .set({ failures: 0, window_start: 0, locked_until: 0 })
    .where('member_id', '=', memberId)
    .execute();
  await db
    .updateTable('login_delays')
    .set({ failures: 0, last_failure_at: 0, next_try_at: 0 })
    .where('member_id', '=', memberId)
    .execute();
  return locked !== undefined || delayed !== undefined;
}

/**
 * Housekeeping at start: rows of addresses that are neither the member's own any more nor counting
 * or locked, and delays long over, change no decision.
 */
export async function deleteStaleLoginGuards(db: Db, now: number, knownMs: number, quietMs: number): Promise<void> {
  await db
    .deleteFrom('login_sources')
    .where('last_login_at', '<', now - knownMs)
    .where('locked_until', '<=', now)
    .where('window_start', '<=', now - quietMs)
    .execute();
  await db
    .deleteFrom('login_delays')
    .where('next_try_at', '<=', now)
    .where('last_failure_at', '<=', now - quietMs)
    .execute();
}
