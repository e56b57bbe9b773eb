/** Queries on sessions; rows are keyed by the SHA-256 of the token. */
import { sql } from 'kysely';
import { prepared } from '../db/prepared';
import type { Db, Member } from '../db/schema';

export interface SessionRow {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  user_agent: string;
  ip: string;
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

// One prepared join: it runs on every private request.
const sessionMemberQuery = prepared<
  { hash: string },
  Member & {
    session_created_at: number;
    session_expires_at: number;
    session_last_used_at: number;
    session_user_agent: string;
    session_ip: string;
  }
>((db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .selectAll('members')
    .select([
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      'sessions.last_used_at as session_last_used_at',
      'sessions.user_agent as session_user_agent',
      'sessions.ip as session_ip',
    ])
    .where('sessions.token_hash', '=', p('hash')),
);

type SessionMemberRow = Member & {
  token_hash: string;
  session_created_at: number;
  session_expires_at: number;
  session_last_used_at: number;
  session_user_agent: string;
  session_ip: string;
};

function sessionMemberOf(tokenHash: string, row: SessionMemberRow): { session: SessionRow; member: Member } {
  const {
    token_hash: _hash,
    session_created_at,
    session_expires_at,
    session_last_used_at,
    session_user_agent,
    session_ip,
    ...member
  } = row;
  return {
    session: {
      token_hash: tokenHash,
      member_id: member.id,
      created_at: session_created_at,
      expires_at: session_expires_at,
      last_used_at: session_last_used_at,
      user_agent: session_user_agent,
      ip: session_ip,
    },
    member,
  };
}

export async function findSessionMember(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; member: Member } | undefined> {
  const { rows } = await sessionMemberQuery(db, { hash: tokenHash });
  const row = rows[0];
  return row ? sessionMemberOf(tokenHash, { ...row, token_hash: tokenHash }) : undefined;
}

const sessionMembersQuery = prepared<{ hashes: string[] }, SessionMemberRow>((db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .selectAll('members')
    .select([
      'sessions.token_hash',
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      'sessions.last_used_at as session_last_used_at',
      'sessions.user_agent as session_user_agent',
      'sessions.ip as session_ip',
    ])
    .where('sessions.token_hash', '=', sql<string>`ANY(${p('hashes')})`),
);

/** Several sessions and their members in one statement (PostgreSQL: lookups under way together), by hash. */
export async function findSessionMembers(
  db: Db,
  tokenHashes: string[],
): Promise<Map<string, { session: SessionRow; member: Member }>> {
  const { rows } = await sessionMembersQuery(db, { hashes: tokenHashes });
  return new Map(rows.map((row) => [row.token_hash, sessionMemberOf(row.token_hash, row)]));
}

/**
 * Records a use of the session, unless one was recorded within `everyMs`: at most one write per
 * session in that time, however many requests it makes. True when this call wrote it.
 */
export async function touchSession(
  db: Db,
  tokenHash: string,
  use: { now: number; ip: string },
  everyMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_used_at: use.now, ip: use.ip })
    .where('token_hash', '=', tokenHash)
    .where('last_used_at', '<=', use.now - everyMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A member's sessions still alive at `now` (not past their lifetime, used since `usedSince`), latest use first. */
export function liveSessionsOf(db: Db, memberId: number, now: number, usedSince: number, limit: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', usedSince)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The sessions that ended: their hashes (what the live streams are told, domain/live/news.ts). */
type Ended = Promise<string[]>;

async function hashesOf(rows: Promise<{ token_hash: string }[]>): Ended {
  return (await rows).map((row) => row.token_hash);
}

export function deleteSession(db: Db, tokenHash: string): Ended {
  return hashesOf(db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('token_hash').execute());
}

/** All sessions of a member except one (the one making the request). */
export function deleteOtherSessions(db: Db, memberId: number, keepHash: string): Ended {
  return hashesOf(
    db
      .deleteFrom('sessions')
      .where('member_id', '=', memberId)
      .where('token_hash', '!=', keepHash)
      .returning('token_hash')
      .execute(),
  );
}

export function deleteMemberSessions(db: Db, memberId: number): Ended {
  return hashesOf(db.deleteFrom('sessions').where('member_id', '=', memberId).returning('token_hash').execute());
}

/** Every session of a member (a freeze ends what they opened). */
export function sessionHashesOf(db: Db, memberId: number): Ended {
  return hashesOf(db.selectFrom('sessions').select('token_hash').where('member_id', '=', memberId).execute());
}

/** These sessions as they stand (gone ones are missing), with whether their member is frozen. */
export function sessionsByHash(db: Db, tokenHashes: readonly string[]) {
  return db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select(['sessions.token_hash', 'sessions.expires_at', 'sessions.last_used_at', 'members.frozen'])
    .where('sessions.token_hash', 'in', tokenHashes)
    .execute();
}

/** Sessions past their lifetime, or unused since `usedBefore`. */
export async function deleteExpiredSessions(db: Db, now: number, usedBefore: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_used_at', '<=', usedBefore)]))
    .execute();
}
