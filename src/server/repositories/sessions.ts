/** Queries on sessions; rows are keyed by the SHA-256 of the token. */
import { prepared } from '../db/prepared';
import type { Db, Member } from '../db/schema';

export interface SessionRow {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

// One prepared join: it runs on every private request.
const sessionMemberQuery = prepared<
  { hash: string },
  Member & { session_created_at: number; session_expires_at: number }
>((db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .selectAll('members')
    .select(['sessions.created_at as session_created_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', p('hash')),
);

export async function findSessionMember(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; member: Member } | undefined> {
  const { rows } = await sessionMemberQuery(db, { hash: tokenHash });
  const row = rows[0];
  if (!row) return undefined;
  const { session_created_at, session_expires_at, ...member } = row;
  return {
    session: {
      token_hash: tokenHash,
      member_id: member.id,
      created_at: session_created_at,
      expires_at: session_expires_at,
    },
    member,
  };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** All sessions of a member except one (the one making the request). */
export async function deleteOtherSessions(db: Db, memberId: number, keepHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('member_id', '=', memberId).where('token_hash', '!=', keepHash).execute();
}

export async function deleteMemberSessions(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('sessions').where('member_id', '=', memberId).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
