/**
 * Queries on the login password's guessing limits (domain/accounts/loginGuard.ts): the counters per
 * member and source (login_sources: an address, or a session's tag), with the growing delay of the
 * member's own devices, and the growing delay per member for strangers' tries (login_delays). Each try is reserved by one conditional statement, so
 * tries arriving at the same moment cannot slip past a limit.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';
import type { GuardLimits } from './guards';

/** The growing delay of tries at one member's password (strangers' together, or one device's). */
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

/** A right password from a source: its wrong tries and its delay are forgotten. */
export async function forgetSourceTries(db: Db, memberId: number, source: string): Promise<void> {
  await db
    .updateTable('login_sources')
    .set({ failures: 0, window_start: 0, delay_failures: 0, last_failure_at: 0, next_try_at: 0 })
    .where('member_id', '=', memberId)
    .where('source', '=', source)
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
 * Where a growing delay is kept: strangers' tries at a member share one (login_delays); each of the
 * member's own devices has its own, on its login_sources row.
 */
export type DelayedGuesser =
  { kind: 'strangers'; memberId: number } | { kind: 'device'; memberId: number; source: string };

interface DelayRow {
  table: 'login_delays' | 'login_sources';
  failures: 'failures' | 'delay_failures';
  key: RawBuilder<boolean>;
}

function delayRow(who: DelayedGuesser): DelayRow {
  return who.kind === 'strangers'
    ? { table: 'login_delays', failures: 'failures', key: sql<boolean>`member_id = ${who.memberId}` }
    : {
        table: 'login_sources',
        failures: 'delay_failures',
        key: sql<boolean>`member_id = ${who.memberId} AND source = ${who.source}`,
      };
}

/**
 * Counts a try before the password is checked and sets when the next one may come: null when it
 * may go ahead, else the moment the wait ends.
 */
export async function reserveDelayedTry(
  db: Db,
  who: DelayedGuesser,
  now: number,
  limits: DelayLimits,
): Promise<number | null> {
  if (who.kind === 'strangers') {
    await db
      .insertInto('login_delays')
      .values({ member_id: who.memberId })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
  } else {
    await db
      .insertInto('login_sources')
      .values({ member_id: who.memberId, source: who.source })
      .onConflict((oc) => oc.columns(['member_id', 'source']).doNothing())
      .execute();
  }
  const row = delayRow(who);
  const failures = sql.ref(row.failures);
  const tries = sql<number>`(CASE WHEN last_failure_at <= ${now - limits.quietMs} THEN 1 ELSE ${failures} + 1 END)`;
  const delay = delayAfter(tries, limits);
  const result = await sql`
    UPDATE ${sql.table(row.table)}
    SET ${failures} = ${tries},
        last_failure_at = ${now},
        next_try_at = CASE WHEN ${delay} = 0 THEN next_try_at ELSE CAST(${now} AS bigint) + ${delay} END
    WHERE ${row.key} AND next_try_at <= ${now}`.execute(db);
  // A free try sets no wait (a past one stays as it was).
  if (Number(result.numAffectedRows ?? 0) === 1) return null;
  const found = await sql<{ next_try_at: number }>`
    SELECT next_try_at FROM ${sql.table(row.table)} WHERE ${row.key}`.execute(db);
  // Another try moved the wait on meanwhile; say at least a second.
  return Math.max(Number(found.rows[0]?.next_try_at ?? 0), now + 1_000);
}

/** A try that was right, or never checked: it does not count toward the delay. */
export async function releaseDelayedTry(db: Db, who: DelayedGuesser): Promise<void> {
  const row = delayRow(who);
  const failures = sql.ref(row.failures);
  await sql`UPDATE ${sql.table(row.table)} SET ${failures} = ${failures} - 1 WHERE ${row.key} AND ${failures} > 0`.execute(
    db,
  );
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
  const deviceDelayed = await db
    .selectFrom('login_sources')
    .select('source')
    .where('member_id', '=', memberId)
    .where('next_try_at', '>', now)
    .executeTakeFirst();
  await db
    .updateTable('login_sources')
    .set({ failures: 0, window_start: 0, locked_until: 0, delay_failures: 0, last_failure_at: 0, next_try_at: 0 })
    .where('member_id', '=', memberId)
    .execute();
  await db
    .updateTable('login_delays')
    .set({ failures: 0, last_failure_at: 0, next_try_at: 0 })
    .where('member_id', '=', memberId)
    .execute();
  return locked !== undefined || delayed !== undefined || deviceDelayed !== undefined;
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
    .where('next_try_at', '<=', now)
    .where('last_failure_at', '<=', now - quietMs)
    .execute();
  await db
    .deleteFrom('login_delays')
    .where('next_try_at', '<=', now)
    .where('last_failure_at', '<=', now - quietMs)
    .execute();
}
