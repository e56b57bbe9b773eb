/** Queries on sessions; rows are keyed by the SHA-256 of the token. */
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

export async function findSessionMember(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; member: Member } | undefined> {
  const session = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!session) return undefined;
  const member = await db.selectFrom('members').selectAll().where('id', '=', session.member_id).executeTakeFirst();
  return member ? { session, member } : undefined;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** All sessions of a member except one (the one making the request). */
export async function deleteOtherSessions(db: Db, memberId: number, keepHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('member_id', '=', memberId).where('token_hash', '!=', keepHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
