/**
 * Limits on guessing a member's secrets, counted per member in the database (so neither a restart
 * nor a second instance, nor a change of address, resets them). The login password is guessed at
 * login and when changing it (the old password); the withdrawal password at a withdrawal and when
 * changing it. After MAX_FAILURES wrong tries within WINDOW, every try is refused for LOCK, even
 * a right one, with 3001 and the minutes to wait.
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

export const SECRET_GUARD: GuardLimits = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** An SMS code is dead after this many wrong tries; the member asks for a new one. */
export const MAX_CODE_FAILURES = 5;

/** Tries still being checked hold the last places of the window for a moment: say one minute. */
const BUSY_RETRY_MS = 60_000;

async function lockedRefusal(deps: Deps, memberId: number, secret: GuardedSecret): Promise<Refused> {
  const now = deps.clock();
  const until = (await lockedUntil(deps.db, memberId, secret, now)) ?? now + BUSY_RETRY_MS;
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return new Refused(ErrorCode.TooManyTries, ErrorCode.TooManyTries, { minutes }, { retryAt: until });
}

/**
 * Checks a secret under the limit: the try is counted before `matches` runs (tries sent at the
 * same moment cannot slip past the count) and forgotten when it was right. A wrong try answers
 * `wrongCode`; a locked secret answers 3001 without checking.
 */
export async function checkGuardedSecret(
  deps: Deps,
  memberId: number,
  secret: GuardedSecret,
  matches: () => Promise<boolean>,
  wrongCode: ErrorCode,
): Promise<void> {
  if (!(await reserveTry(deps.db, memberId, secret, deps.clock(), SECRET_GUARD))) {
    throw await lockedRefusal(deps, memberId, secret);
  }
  let right: boolean;
  try {
    right = await matches();
  } catch (error) {
    // Never checked (the password pool was full: 3005): the try does not count.
    await releaseTry(deps.db, memberId, secret);
    throw error;
  }
  if (right) {
    await clearTries(deps.db, memberId, secret);
    return;
  }
  await lockIfSpent(deps.db, memberId, secret, deps.clock(), SECRET_GUARD);
  throw refused(wrongCode);
}
