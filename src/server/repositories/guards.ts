/**
 * Queries on the wrong-try counters of members' secrets and of SMS codes (domain/accounts/guards.ts).
 * A member's counters come in scopes: '' for all their sessions together, a session's tag for its own.
 */
import { sql } from 'kysely';
import type { Db, GuardedSecret } from '../db/schema';

export interface GuardLimits {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Counts a try before the secret is checked, so tries running at the same moment cannot slip
 * past the limit: true when the try may go ahead (it stays counted as wrong until cleared).
 * False when the secret is locked or the window's tries are used up.
 */
export async function reserveTry(
  db: Db,
  memberId: number,
  secret: GuardedSecret,
  scope: string,
  now: number,
  limits: GuardLimits,
): Promise<boolean> {
  await db
    .insertInto('member_guards')
    .values({ member_id: memberId, secret, scope })
    .onConflict((oc) => oc.columns(['member_id', 'secret', 'scope']).doNothing())
    .execute();
  const windowOver = sql<boolean>`window_start <= ${now - limits.windowMs}`;
  const result = await db
    .updateTable('member_guards')
    .set({
      failures: sql`CASE WHEN ${windowOver} THEN 1 ELSE failures + 1 END`,
      window_start: sql`CASE WHEN ${windowOver} THEN ${now} ELSE window_start END`,
    })
    .where('member_id', '=', memberId)
    .where('secret', '=', secret)
    .where('scope', '=', scope)
    .where('locked_until', '<=', now)
    .where((eb) => eb.or([eb('window_start', '<=', now - limits.windowMs), eb('failures', '<', limits.maxFailures)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a wrong try: the one that used up the window's tries locks the secret. */
export async function lockIfSpent(
  db: Db,
  memberId: number,
  secret: GuardedSecret,
  scope: string,
  now: number,
  limits: GuardLimits,
): Promise<void> {
  await db
    .updateTable('member_guards')
    .set({ locked_until: now + limits.lockMs })
    .where('member_id', '=', memberId)
    .where('secret', '=', secret)
    .where('scope', '=', scope)
    .where('failures', '>=', limits.maxFailures)
    .where('locked_until', '<=', now)
    .execute();
}

/** A try that was reserved but never checked: it does not count. */
export async function releaseTry(db: Db, memberId: number, secret: GuardedSecret, scope: string): Promise<void> {
  await db
    .updateTable('member_guards')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('member_id', '=', memberId)
    .where('secret', '=', secret)
    .where('scope', '=', scope)
    .where('failures', '>', 0)
    .execute();
}

/** A right try: the wrong ones before it no longer count. */
export async function clearTries(db: Db, memberId: number, secret: GuardedSecret, scope: string): Promise<void> {
  await db
    .updateTable('member_guards')
    .set({ failures: 0, window_start: 0 })
    .where('member_id', '=', memberId)
    .where('secret', '=', secret)
    .where('scope', '=', scope)
    .where('failures', '>', 0)
    .execute();
}

/** The end of the secret's lock, or null when it is not locked. */
export async function lockedUntil(
  db: Db,
  memberId: number,
  secret: GuardedSecret,
  scope: string,
  now: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('member_guards')
    .select('locked_until')
    .where('member_id', '=', memberId)
    .where('secret', '=', secret)
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row && row.locked_until > now ? row.locked_until : null;
}

/** Forgets a member's wrong tries and lifts any lock, on every secret; the secrets that were locked. */
export async function clearMemberGuards(db: Db, memberId: number, now: number): Promise<GuardedSecret[]> {
  const locked = await db
    .selectFrom('member_guards')
    .select('secret')
    .where('member_id', '=', memberId)
    .where('locked_until', '>', now)
    .execute();
  await db
    .updateTable('member_guards')
    .set({ failures: 0, window_start: 0, locked_until: 0 })
    .where('member_id', '=', memberId)
    .execute();
  return locked.map((row) => row.secret);
}

/** Counts a wrong try at an SMS code before comparing; false when the code already took its last one. */
export async function reserveCodeTry(db: Db, codeId: number, maxFailures: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', codeId)
    .where('failures', '<', maxFailures)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
