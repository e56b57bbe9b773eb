/** Queries on invitation codes. */
import type { Db } from '../db/schema';

export async function activeInvitationExists(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('code', '=', code)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function invitationExists(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('invitations').select('id').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function insertInvitation(db: Db, code: string, now: number): Promise<void> {
  await db.insertInto('invitations').values({ code, created_at: now }).execute();
}

export async function countInvitationUse(db: Db, code: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .execute();
}

export async function firstActiveInvitation(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select('code')
    .where('active', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.code;
}
