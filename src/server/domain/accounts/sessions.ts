/**
 * Session tokens: issued at login/registration, checked on private paths, revoked at logout. A
 * session ends SESSION_IDLE_DAYS after its last use, and SESSION_TTL_DAYS after login however much
 * it is used. A use is recorded at most once every SESSION_TOUCH_MS, so a session polling every
 * few seconds costs one write an hour, not one per request; the idle limit is counted from the
 * last recorded use, so it may end up to that much sooner than the member's very last request.
 */
import { SESSION_IDLE_DAYS, SESSION_TTL_DAYS } from '../../../shared/constants';
import { ErrorCode } from '../../../shared/errors';
import { SESSION_FORBIDDEN, SESSION_INVALID } from '../../../shared/api/envelope';
import type { Db, Member } from '../../db/schema';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionMember,
  findSessionMembers,
  insertSession,
  sessionsByHash,
  touchSession,
  type SessionRow,
} from '../../repositories/sessions';
import { BatchQueue } from '../../db/batchQueue';
import type { Deps } from '../deps';
import { Refused } from '../refused';
import { hashToken, newToken } from '../secrets';
import { announce, sessionsEnded } from '../live/news';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
/** How often a session's use is written at most. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;
/** A User-Agent longer than this is cut: it only names the device to its member. */
const USER_AGENT_MAX = 512;

/** Where a request comes from, as the member's session list shows it. */
export interface SessionClient {
  userAgent: string;
  ip: string;
}

export async function openSession(db: Db, memberId: number, now: number, client: SessionClient): Promise<string> {
  const { token, hash } = newToken();
  await insertSession(db, {
    token_hash: hash,
    member_id: memberId,
    created_at: now,
    expires_at: now + SESSION_TTL_MS,
    last_used_at: now,
    user_agent: client.userAgent.slice(0, USER_AGENT_MAX),
    ip: client.ip,
  });
  return token;
}

/** When a session ends if it is not used again: its idle limit or its lifetime, whichever comes first. */
export function sessionEndsAt(session: Pick<SessionRow, 'expires_at' | 'last_used_at'>): number {
  return Math.min(session.expires_at, session.last_used_at + SESSION_IDLE_MS);
}

export interface Authenticated {
  member: Member;
  tokenHash: string;
  /** When the session ends unless it is used again (epoch ms). */
  expiresAt: number;
}

/**
 * The member behind a token; 409 for a missing, unknown, expired or idle token, 403 when frozen.
 * A use from `ip` is recorded when the last recorded one is SESSION_TOUCH_MS old.
 */
export async function authenticate(deps: Deps, token: string | undefined, ip = ''): Promise<Authenticated> {
  // Built only when refusing: an Error captures a stack, too costly for every request.
  const invalid = () => new Refused(SESSION_INVALID, ErrorCode.LoginInvalid);
  // Tokens are 64 hex characters; anything else cannot be one of ours, so skip the lookup.
  if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) throw invalid();
  return authenticateHash(deps, hashToken(token), ip);
}

type FoundSession = Awaited<ReturnType<typeof findSessionMember>>;

const lookups = new WeakMap<Db, BatchQueue<string, FoundSession>>();

/**
 * A session and its member. On PostgreSQL lookups under way go together (a BatchQueue): a thousand
 * members polling cost a few statements a moment, not a round trip each through a busy pool.
 */
function lookUpSession(deps: Deps, tokenHash: string): Promise<FoundSession> {
  if (deps.dialect !== 'postgres') return findSessionMember(deps.db, tokenHash);
  let queue = lookups.get(deps.db);
  if (!queue) {
    const { db } = deps;
    queue = new BatchQueue(
      async (hashes: string[]) => {
        const found = await findSessionMembers(db, [...new Set(hashes)]);
        // Each caller its own objects, even for one session asked twice in a batch.
        return hashes.map((hash) => {
          const one = found.get(hash);
          return one && { session: { ...one.session }, member: { ...one.member } };
        });
      },
      { maxBatch: 200, maxInFlight: 4 },
    );
    lookups.set(db, queue);
  }
  return queue.add(tokenHash);
}

/** As authenticate, for a session known by its hash (a live stream's ticket names the session that asked). */
export async function authenticateHash(deps: Deps, tokenHash: string, ip = ''): Promise<Authenticated> {
  const invalid = () => new Refused(SESSION_INVALID, ErrorCode.LoginInvalid);
  const found = await lookUpSession(deps, tokenHash);
  if (!found) throw invalid();
  const now = deps.clock();
  const { session } = found;
  if (sessionEndsAt(session) <= now) {
    await announce(deps, sessionsEnded(await deleteSession(deps.db, tokenHash)));
    throw invalid();
  }
  if (found.member.frozen === 1) throw new Refused(SESSION_FORBIDDEN, ErrorCode.AccountFrozen);
  let lastUsedAt = session.last_used_at;
  if (now - lastUsedAt >= SESSION_TOUCH_MS && (await touchSession(deps.db, tokenHash, { now, ip }, SESSION_TOUCH_MS))) {
    lastUsedAt = now;
  }
  return {
    member: found.member,
    tokenHash,
    expiresAt: sessionEndsAt({ expires_at: session.expires_at, last_used_at: lastUsedAt }),
  };
}

/**
 * The live session a token holds (its member, its hash), or null (none sent, unknown, expired). A
 * hint about the device a request comes from, never an authentication: it refuses nothing and
 * deletes nothing.
 */
export async function liveSessionOf(
  deps: Deps,
  token: string | undefined,
): Promise<{ memberId: number; tokenHash: string } | null> {
  if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const found = await lookUpSession(deps, tokenHash);
  return found && sessionEndsAt(found.session) > deps.clock() ? { memberId: found.member.id, tokenHash } : null;
}

/** Logout: the session ends, and so do the live streams it opened, on every instance. */
export async function closeSession(deps: Deps, tokenHash: string): Promise<void> {
  await announce(deps, sessionsEnded(await deleteSession(deps.db, tokenHash)));
}

/**
 * When each of these sessions ends if not used again, or null for one that has ended or whose
 * member is frozen: what the live streams check when a session's time is up (hub.ts).
 */
export async function sessionsEndAt(deps: Deps, tokenHashes: readonly string[]): Promise<Map<string, number | null>> {
  const ends = new Map<string, number | null>(tokenHashes.map((hash) => [hash, null]));
  if (tokenHashes.length === 0) return ends;
  const now = deps.clock();
  for (const row of await sessionsByHash(deps.db, tokenHashes)) {
    const endsAt = sessionEndsAt(row);
    ends.set(row.token_hash, row.frozen === 1 || endsAt <= now ? null : endsAt);
  }
  return ends;
}

/** Housekeeping at start: expired and idle rows are refused anyway, this only keeps the table small. */
export async function pruneExpiredSessions(deps: Deps): Promise<void> {
  const now = deps.clock();
  await deleteExpiredSessions(deps.db, now, now - SESSION_IDLE_MS);
}
