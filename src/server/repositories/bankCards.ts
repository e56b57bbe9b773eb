/** Queries on saved withdrawal accounts. A deleted account keeps its row (deleted_at set). */
import type { Insertable } from 'kysely';
import type { BankCardRow, BankCardsTable, Db } from '../db/schema';

export function activeCardsOf(db: Db, memberId: number): Promise<BankCardRow[]> {
  return db
    .selectFrom('bank_cards')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Every account the member added, deleted ones too, newest first. */
export function cardsEverAddedBy(db: Db, memberId: number, limit: number): Promise<BankCardRow[]> {
  return db
    .selectFrom('bank_cards')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many accounts the member added after `since` (epoch ms), deleted ones too: each is a message. */
export async function countAddedSince(db: Db, memberId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('bank_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActiveCards(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('bank_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's own live account with this id; another member's id finds nothing. */
export function activeCardOf(db: Db, memberId: number, cardId: number): Promise<BankCardRow | undefined> {
  return db
    .selectFrom('bank_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function activeFingerprintExists(db: Db, memberId: number, fingerprint: string): Promise<boolean> {
  const row = await db
    .selectFrom('bank_cards')
    .select('id')
    .where('member_id', '=', memberId)
    .where('fingerprint', '=', fingerprint)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertCard(db: Db, row: Insertable<BankCardsTable>): Promise<BankCardRow> {
  return db.insertInto('bank_cards').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Guarded by member and by "still live", so only the owner deletes, and only once. */
export async function softDeleteCard(db: Db, memberId: number, cardId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('bank_cards')
    .set({ deleted_at: now })
    .where('id', '=', cardId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
