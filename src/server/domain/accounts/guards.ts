/**
 * Limits on guessing a member's secrets from a session, counted in the database (so neither a
 * restart nor a second instance, nor a change of address, resets them): the login password when
 * changing it or ending other sessions (the old password), the withdrawal password at a withdrawal
 * and when changing it. After SECRET_GUARD's wrong tries from one session within its window, that
 * session's tries are refused for its lock, even a right one, with 3001 and the minutes to wait;
 * MEMBER_GUARD does the same for all the member's sessions together, at a higher count.
 */
import { ErrorCode } from '../../../shared/errors';
import type { GuardedSecret } from '../../db/schema';
import {
  clearTries,
  lockedUntil,
  lockIfSpent,
  releaseTry,
  reserveTry,
  type GuardLimits,
} from '../../repositories/guards';
import type { Deps } from '../deps';
import { refused, Refused } from '../refused';
import { sessionTag } from '../secrets';

export const SECRET_GUARD: GuardLimits = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * All of a member's sessions together: a ceiling that one session (a stolen token) cannot reach
 * alone, and that still bounds someone who opens session after session with the login password.
 */
export const MEMBER_GUARD: GuardLimits = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** An SMS code is dead after this many wrong tries; the member asks for a new one. */
export const MAX_CODE_FAILURES = 5;

/** Tries still being checked hold the last places of the window for a moment: say one minute. */
const BUSY_RETRY_MS = 60_000;

/** Who guesses: the member, from one of their sessions. */
export interface Guesser {
  memberId: number;
  /** The session's token hash. */
  tokenHash: string;
}

/** The member of a session, guessing from it. */
export function guesser(auth: { member: { id: number }; tokenHash: string }): Guesser {
  return { memberId: auth.member.id, tokenHash: auth.tokenHash };
}

/** The counters a try goes into: the session's own, then the member's from every session. */
function scopesOf(guesser: Guesser): { scope: string; limits: GuardLimits }[] {
  return [
    { scope: sessionTag(guesser.tokenHash), limits: SECRET_GUARD },
    { scope: '', limits: MEMBER_GUARD },
  ];
}

async function lockedRefusal(deps: Deps, memberId: number, secret: GuardedSecret, scope: string): Promise<Refused> {
  const now = deps.clock();
  const until = (await lockedUntil(deps.db, memberId, secret, scope, now)) ?? now + BUSY_RETRY_MS;
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return new Refused(ErrorCode.TooManyTries, ErrorCode.TooManyTries, { minutes }, { retryAt: until });
}

/**
 * Checks a secret under the limits: the try is counted before `matches` runs (tries sent at the
 * same moment cannot slip past the count) and forgotten when it was right. A wrong try answers
 * `wrongCode`; a locked secret answers 3001 without checking. The session's own count locks that
 * session after SECRET_GUARD's tries: a stolen token's wrong tries leave the owner's other
 * sessions free to use the secret.
 */
export async function checkGuardedSecret(
  deps: Deps,
  guesser: Guesser,
  secret: GuardedSecret,
  matches: () => Promise<boolean>,
  wrongCode: ErrorCode,
): Promise<void> {
  const { memberId } = guesser;
  const reserved: string[] = [];
  const giveBack = () => Promise.all(reserved.map((scope) => releaseTry(deps.db, memberId, secret, scope)));
  for (const { scope, limits } of scopesOf(guesser)) {
    if (!(await reserveTry(deps.db, memberId, secret, scope, deps.clock(), limits))) {
      await giveBack();
      throw await lockedRefusal(deps, memberId, secret, scope);
    }
    reserved.push(scope);
  }
  let right: boolean;
  try {
    right = await matches();
  } catch (error) {
    // Never checked (the password pool was full: 3005): the try does not count.
    await giveBack();
    throw error;
  }
  for (const { scope, limits } of scopesOf(guesser)) {
    if (right) await clearTries(deps.db, memberId, secret, scope);
    else await lockIfSpent(deps.db, memberId, secret, scope, deps.clock(), limits);
  }
  if (!right) throw refused(wrongCode);
}
