/**
 * A member's own sessions, for the security page: where and on what each is used, which one is
 * this device, and ending all the others at once (a member who sees a device they do not know).
 */
import type { SessionItem } from '../../../shared/api/types';
import { deleteOtherSessions, liveSessionsOf } from '../../repositories/sessions';
import { subscriptionsOf } from '../../repositories/pushSubscriptions';
import { sessionPush } from '../push/subscriptions';
import { ErrorCode } from '../../../shared/errors';
import type { Deps } from '../deps';
import { announce, sessionsEnded } from '../live/news';
import { verifySecret } from '../secrets';
import { checkGuardedSecret, guesser } from './guards';
import { describeDevice, maskAddress } from './device';
import { SESSION_IDLE_MS, type Authenticated } from './sessions';

/** More than any member keeps; an account with more lists its latest used. */
const MAX_LISTED = 50;

export async function listSessions(deps: Deps, auth: Authenticated): Promise<SessionItem[]> {
  const now = deps.clock();
  const rows = await liveSessionsOf(deps.db, auth.member.id, now, now - SESSION_IDLE_MS, MAX_LISTED);
  const pushes = new Map((await subscriptionsOf(deps.db, [auth.member.id])).map((row) => [row.session_hash, row]));
  const items = rows.map((row) => ({
    ...describeDevice(row.user_agent),
    place: maskAddress(row.ip),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    current: row.token_hash === auth.tokenHash,
    push: sessionPush(pushes.get(row.token_hash)),
  }));
  // This device first, then the latest used.
  return [...items.filter((item) => item.current), ...items.filter((item) => !item.current)];
}

/**
 * Ends every session of the member but this one, and the live streams they opened; how many ended.
 * The login password is asked first (1003 when wrong, counted as a guess from this session), so a
 * stolen session cannot log its owner out of their own devices.
 */
export async function endOtherSessions(deps: Deps, auth: Authenticated, password: string): Promise<number> {
  const stored = auth.member.password_hash;
  await checkGuardedSecret(
    deps,
    guesser(auth),
    'login',
    () => verifySecret(password, stored, 'trusted'),
    ErrorCode.LoginPasswordWrong,
  );
  const ended = await deleteOtherSessions(deps.db, auth.member.id, auth.tokenHash);
  await announce(deps, sessionsEnded(ended));
  return ended.length;
}
