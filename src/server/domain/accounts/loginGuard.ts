/**
 * Limits on guessing a member's login password at login, built so that a stranger cannot use them
 * against the member:
 *
 * - Wrong tries count per member AND source: after SOURCE_GUARD's tries from one source, that
 *   source (only) is refused for this member for a while (3001 with the minutes). A source is an
 *   address, or, for a device presenting a live session of the member, that session: such a device
 *   is refused only for its own wrong tries, never for others' at its address.
 * - Every try waits a growing delay after a few (3006 with the seconds): strangers' tries at one
 *   member count together, so guessing one member from many addresses slows down instead of
 *   locking the member out; each of the member's own devices (a live session, or an address the
 *   member logged in from within KNOWN_SOURCE_MS) counts its own, which strangers cannot move.
 *   A token is not a password oracle: it spares its holder others' delay, not its own.
 * - The member's own devices' checks take the password pool's trusted lane.
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
  forgetSourceTries,
  recordLogin,
  releaseDelayedTry,
  releaseSourceTry,
  reserveDelayedTry,
  reserveSourceTry,
  sourceLockedUntil,
  type DelayedGuesser,
  type DelayLimits,
} from '../../repositories/loginGuards';
import type { Deps } from '../deps';
import { busyRefusal, passwordPool, type PasswordLane } from '../passwordPool';
import { refused, Refused } from '../refused';
import { sessionTag } from '../secrets';
import { SECRET_GUARD } from './guards';

/** Per member and address: 5 wrong tries within 15 minutes refuse that address for 15 minutes. */
export const SOURCE_GUARD = SECRET_GUARD;

/** An address the member logged in from is the member's own for as long as a session lasts. */
export const KNOWN_SOURCE_MS = SESSION_TTL_DAYS * 24 * 60 * 60_000;

/**
 * The growing delay of tries at one member's password (strangers' together, or one own device's):
 * 5 at once, then 1 s, 2 s, 4 s... up to 15 minutes between tries; 15 quiet minutes forget them. A
 * sustained guesser gets about four tries an hour.
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
  /** The live session of the member that the request presented, if any (its token's hash). */
  session: { memberId: number; tokenHash: string } | null;
}

/**
 * Who guesses, as the limits count it. A device that presents a live session of the member is
 * that session (its lock and delay are its own, whatever its address); a device at an address the
 * member logged in from is that address, the member's own too; anyone else is a stranger at an
 * address, sharing the strangers' delay with every other.
 */
interface Guesser {
  /** login_sources' key: the address, or `session:<tag>`. */
  source: string;
  own: boolean;
  delay: DelayedGuesser;
}

async function guesserOf(deps: Deps, memberId: number, source: LoginSource): Promise<Guesser> {
  if (source.session?.memberId === memberId) {
    const key = `session:${sessionTag(source.session.tokenHash)}`;
    return { source: key, own: true, delay: { kind: 'device', memberId, source: key } };
  }
  const known = await loggedInFrom(deps.db, memberId, source.address, deps.clock() - KNOWN_SOURCE_MS);
  return {
    source: source.address,
    own: known,
    delay: known ? { kind: 'device', memberId, source: source.address } : { kind: 'strangers', memberId },
  };
}

async function sourceLockedRefusal(deps: Deps, memberId: number, source: string): Promise<Refused> {
  const now = deps.clock();
  // Tries still being checked hold the last places of the window for a moment: say one minute.
  const until = (await sourceLockedUntil(deps.db, memberId, source, now)) ?? now + 60_000;
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return new Refused(ErrorCode.TooManyTries, ErrorCode.TooManyTries, { minutes }, { retryAt: until });
}

function slowedRefusal(now: number, until: number): Refused {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new Refused(ErrorCode.LoginSlowedDown, ErrorCode.LoginSlowedDown, { seconds }, { retryAt: until });
}

/**
 * Checks the login password under the limits: `matches` runs the check in the lane it is given.
 * A wrong password answers 1003; a source locked for this member 3001; a try that must wait 3006;
 * a full password pool 3005. A right one forgets the source's wrong tries.
 *
 * Every try waits its turn in a growing delay (STRANGER_DELAY), token or not: what the member's
 * own device earns is a delay and a lock of its own, which no one else's wrong tries move, and
 * the pool's trusted lane; never extra guesses.
 */
export async function checkLoginPassword(
  deps: Deps,
  memberId: number,
  source: LoginSource,
  matches: (lane: PasswordLane) => Promise<boolean>,
): Promise<void> {
  const guesser = await guesserOf(deps, memberId, source);
  const lane: PasswordLane = guesser.own ? 'trusted' : 'public';
  // A full pool answers before anything is counted or written: a flood's refusals stay cheap.
  if (!passwordPool().hasRoom(lane)) throw busyRefusal();

  if (!(await reserveSourceTry(deps.db, memberId, guesser.source, deps.clock(), SOURCE_GUARD))) {
    throw await sourceLockedRefusal(deps, memberId, guesser.source);
  }
  const waitUntil = await reserveDelayedTry(deps.db, guesser.delay, deps.clock(), STRANGER_DELAY);
  if (waitUntil !== null) {
    // Not checked: the source's try does not count.
    await releaseSourceTry(deps.db, memberId, guesser.source);
    throw slowedRefusal(deps.clock(), waitUntil);
  }

  let right: boolean;
  try {
    right = await matches(lane);
  } catch (error) {
    // Never checked: neither try counts.
    await releaseSourceTry(deps.db, memberId, guesser.source);
    await releaseDelayedTry(deps.db, guesser.delay);
    throw error;
  }
  if (right) {
    await forgetSourceTries(deps.db, memberId, guesser.source);
    if (guesser.delay.kind === 'strangers') await releaseDelayedTry(deps.db, guesser.delay);
    return;
  }
  await lockSourceIfSpent(deps.db, memberId, guesser.source, deps.clock(), SOURCE_GUARD);
  throw refused(ErrorCode.LoginPasswordWrong);
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
