/**
 * Limits on guessing a member's login password at login, built so that a stranger cannot use them
 * against the member:
 *
 * - Wrong tries count per member AND source address: after SOURCE_GUARD's tries from one address,
 *   that address (only) is refused for this member for a while (3001 with the minutes).
 * - The member's own devices, an address the member logged in from within KNOWN_SOURCE_MS or a
 *   device presenting a live session of the member, are never slowed by other addresses' guesses,
 *   and their password checks take the password pool's trusted lane.
 * - Tries from every other address count together per member and, after a few, must wait a growing
 *   delay (3006 with the seconds), so guessing one member from many addresses slows down instead of
 *   locking the member out.
 *
 * Everything is counted in the database (a restart or a second instance resets nothing), and each
 * try is reserved before the password is checked, so tries sent at the same moment cannot pass a
 * limit. A try that was reserved but never checked (the pool was full: 3005) is given back.
 */
import { SESSION_TTL_DAYS } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import {
  lockSourceIfSpent,
  loggedInFrom,
  deleteStaleLoginGuards,
  recordLogin,
  releaseSourceTry,
  releaseStrangerTry,
  reserveSourceTry,
  reserveStrangerTry,
  sourceLockedUntil,
  type DelayLimits,
} from '../../repositories/loginGuards';
import type { Db } from '../../db/schema';
import type { Deps } from '../deps';
import { busyRefusal, passwordPool, type PasswordLane } from '../passwordPool';
import { refused, Refused } from '../refused';
import { SECRET_GUARD } from './guards';

/** Per member and address: 5 wrong tries within 15 minutes refuse that address for 15 minutes. */
export const SOURCE_GUARD = SECRET_GUARD;

/** An address the member logged in from is the member's own for as long as a session lasts. */
export const KNOWN_SOURCE_MS = SESSION_TTL_DAYS * 24 * 60 * 60_000;

/**
 * Strangers' tries at one member: 5 at once, then 1 s, 2 s, 4 s... up to 15 minutes between tries;
 * 15 quiet minutes forget them. A sustained guesser gets about four tries an hour.
 */
export const STRANGER_DELAY: DelayLimits = {
  freeTries: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  quietMs: 15 * 60_000,
};

export interface LoginSource {
  /** The client's address (the connection's, or the one a trusted proxy names). */
  address: string;
  /** The member whose live session the request presented, if any. */
  sessionMemberId: number | null;
}

/** Whether the login comes from one of the member's own devices. */
async function isMembersOwn(deps: Deps, memberId: number, source: LoginSource): Promise<boolean> {
  if (source.sessionMemberId === memberId) return true;
  return loggedInFrom(deps.db, memberId, source.address, deps.clock() - KNOWN_SOURCE_MS);
}

async function sourceLockedRefusal(deps: Deps, memberId: number, address: string): Promise<Refused> {
  const now = deps.clock();
  // Tries still being checked hold the last places of the window for a moment: say one minute.
  const until = (await sourceLockedUntil(deps.db, memberId, address, now)) ?? now + 60_000;
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return new Refused(ErrorCode.TooManyTries, ErrorCode.TooManyTries, { minutes }, { retryAt: until });
}

function slowedRefusal(now: number, until: number): Refused {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new Refused(ErrorCode.LoginSlowedDown, ErrorCode.LoginSlowedDown, { seconds }, { retryAt: until });
}

/**
 * Checks the login password under the limits: `matches` runs the check in the lane it is given.
 * A wrong password answers 1003; an address locked for this member 3001; a stranger's try that
 * must wait 3006; a full password pool 3005. A right one forgets the address's wrong tries.
 */
export async function checkLoginPassword(
  deps: Deps,
  memberId: number,
  source: LoginSource,
  matches: (lane: PasswordLane) => Promise<boolean>,
): Promise<void> {
  const own = await isMembersOwn(deps, memberId, source);
  const lane: PasswordLane = own ? 'trusted' : 'public';
  // A full pool answers before anything is counted or written: a flood's refusals stay cheap.
  if (!passwordPool().hasRoom(lane)) throw busyRefusal();

  if (!(await reserveSourceTry(deps.db, memberId, source.address, deps.clock(), SOURCE_GUARD))) {
    throw await sourceLockedRefusal(deps, memberId, source.address);
  }
  if (!own) {
    const waitUntil = await reserveStrangerTry(deps.db, memberId, deps.clock(), STRANGER_DELAY);
    if (waitUntil !== null) {
      // Not checked: the address's try does not count.
      await releaseSourceTry(deps.db, memberId, source.address);
      throw slowedRefusal(deps.clock(), waitUntil);
    }
  }

  let right: boolean;
  try {
    right = await matches(lane);
  } catch (error) {
    // Never checked: neither try counts.
    await giveBack(deps.db, memberId, source.address, own);
    throw error;
  }
  if (right) {
    if (!own) await releaseStrangerTry(deps.db, memberId);
    return;
  }
  await lockSourceIfSpent(deps.db, memberId, source.address, deps.clock(), SOURCE_GUARD);
  throw refused(ErrorCode.LoginPasswordWrong);
}

async function giveBack(db: Db, memberId: number, address: string, own: boolean): Promise<void> {
  await releaseSourceTry(db, memberId, address);
  if (!own) await releaseStrangerTry(db, memberId);
}

/** Housekeeping at start: counters and addresses that no longer decide anything. */
export async function pruneLoginGuards(deps: Deps): Promise<void> {
  await deleteStaleLoginGuards(
    deps.db,
    deps.clock(),
    KNOWN_SOURCE_MS,
    Math.max(SOURCE_GUARD.windowMs, STRANGER_DELAY.quietMs),
  );
}

/** After a successful login: the address is the member's own from now on, its wrong tries forgotten. */
export async function rememberLoginSource(deps: Deps, memberId: number, address: string): Promise<void> {
  await recordLogin(deps.db, memberId, address, deps.clock());
}
