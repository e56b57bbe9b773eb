/** Session tokens: issued at login/registration, checked on private paths, revoked at logout. */
import { SESSION_TTL_DAYS } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { SESSION_FORBIDDEN, SESSION_INVALID } from '../../../shared/api/envelope';
import type { Db, Member } from '../../db/schema';
import { deleteExpiredSessions, deleteSession, findSessionMember, insertSession } from '../../repositories/sessions';
import type { Deps } from '../deps';
import { Refused } from '../refused';
import { hashToken, newToken } from '../secrets';

const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;

export async function openSession(db: Db, memberId: number, now: number): Promise<string> {
  const { token, hash } = newToken();
  await insertSession(db, { token_hash: hash, member_id: memberId, created_at: now, expires_at: now + SESSION_TTL_MS });
  return token;
}

export interface Authenticated {
  member: Member;
  tokenHash: string;
  /** When the session expires (epoch ms). */
  expiresAt: number;
}

/** The member behind a token; 409 for a missing, unknown or expired token, 403 when frozen. */
export async function authenticate(deps: Deps, token: string | undefined): Promise<Authenticated> {
  // Built only when refusing: an Error captures a stack, too costly for every request.
  const invalid = () => new Refused(SESSION_INVALID, ErrorCode.LoginInvalid);
  // Tokens are 64 hex characters; anything else cannot be one of ours, so skip the lookup.
  if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) throw invalid();
  const tokenHash = hashToken(token);
  const found = await findSessionMember(deps.db, tokenHash);
  if (!found) throw invalid();
  if (found.session.expires_at <= deps.clock()) {
    await deleteSession(deps.db, tokenHash);
    throw invalid();
  }
  if (found.member.frozen === 1) throw new Refused(SESSION_FORBIDDEN, ErrorCode.AccountFrozen);
  return { member: found.member, tokenHash, expiresAt: found.session.expires_at };
}

/**
 * The member a token holds a live session of, or null (none sent, unknown, expired). A hint about
 * the device a request comes from, never an authentication: it refuses nothing and deletes nothing.
 */
export async function liveSessionMemberId(deps: Deps, token: string | undefined): Promise<number | null> {
  if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) return null;
  const found = await findSessionMember(deps.db, hashToken(token));
  return found && found.session.expires_at > deps.clock() ? found.member.id : null;
}

export async function closeSession(deps: Deps, tokenHash: string): Promise<void> {
  await deleteSession(deps.db, tokenHash);
}

/** Housekeeping at start: expired rows are refused anyway, this only keeps the table small. */
export async function pruneExpiredSessions(deps: Deps): Promise<void> {
  await deleteExpiredSessions(deps.db, deps.clock());
}
