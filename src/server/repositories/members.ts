/** Queries on members. No rules here: the domain decides what may change. */
import { sql } from 'kysely';
import { prepared } from '../db/prepared';
import type { Db, Member, NewMember } from '../db/schema';

export function findMemberByUsername(db: Db, username: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findMemberById(db: Db, id: number): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member a phone number belongs to (numbers are unique among members). */
export function findMemberByPhone(db: Db, quhao: string, phone: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('quhao', '=', quhao).where('phone', '=', phone).executeTakeFirst();
}

export async function phoneIsRegistered(db: Db, quhao: string, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('quhao', '=', quhao)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMember(db: Db, member: NewMember): Promise<number> {
  const row = await db.insertInto('members').values(member).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setPasswordHash(db: Db, id: number, hash: string): Promise<void> {
  await db.updateTable('members').set({ password_hash: hash }).where('id', '=', id).execute();
}

/** Swaps a hash for a stronger one of the same password, unless the password changed meanwhile. */
export async function upgradePasswordHash(
  db: Db,
  id: number,
  column: 'password_hash' | 'pay_password_hash',
  from: string,
  to: string,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ [column]: to })
    .where('id', '=', id)
    .where(column, '=', from)
    .execute();
}

export async function setPayPasswordHash(db: Db, id: number, hash: string): Promise<void> {
  await db.updateTable('members').set({ pay_password_hash: hash }).where('id', '=', id).execute();
}

/** Sets the first withdrawal password; false when the member has one already (set meanwhile). */
export async function setFirstPayPasswordHash(db: Db, id: number, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ pay_password_hash: hash })
    .where('id', '=', id)
    .where('pay_password_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setMemberLang(db: Db, id: number, lang: string): Promise<void> {
  await db.updateTable('members').set({ lang }).where('id', '=', id).execute();
}

export async function setMemberFrozen(db: Db, id: number, frozen: boolean): Promise<void> {
  await db
    .updateTable('members')
    .set({ frozen: frozen ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

type BalanceRow = { money_cents: number };

const addToBalanceQuery = prepared<{ id: number; delta: number }, BalanceRow>((db, p) =>
  db
    .updateTable('members')
    .set((eb) => ({ money_cents: eb('money_cents', '+', p('delta')) }))
    .where('id', '=', p('id'))
    .where(sql<number>`money_cents + ${p('delta')}`, '>=', sql.lit(0))
    .where(sql<number>`money_cents + ${p('delta')}`, '<=', sql.lit(Number.MAX_SAFE_INTEGER))
    .returning('money_cents'),
);

const addToActiveBalanceQuery = prepared<{ id: number; delta: number }, BalanceRow>((db, p) =>
  db
    .updateTable('members')
    .set((eb) => ({ money_cents: eb('money_cents', '+', p('delta')) }))
    .where('id', '=', p('id'))
    .where(sql<number>`money_cents + ${p('delta')}`, '>=', sql.lit(0))
    .where(sql<number>`money_cents + ${p('delta')}`, '<=', sql.lit(Number.MAX_SAFE_INTEGER))
    .where('frozen', '=', sql.lit(0))
    .returning('money_cents'),
);

/**
 * Credits many members in one statement (PostgreSQL; settlement's awards), by addToBalance's
 * conditions. Answers each credited member's balance after; a member absent from the answer was not
 * credited (no such member, or past the exact range). Members must be distinct.
 */
export async function addToBalancesAtOnce(
  db: Db,
  credits: readonly { memberId: number; deltaCents: number }[],
): Promise<Map<number, number>> {
  const { rows } = await sql<{ id: number; money_cents: number }>`
    UPDATE members SET money_cents = members.money_cents + credit.delta
    FROM unnest(${credits.map((credit) => credit.memberId)}::integer[], ${credits.map((credit) => credit.deltaCents)}::bigint[])
      AS credit(id, delta)
    WHERE members.id = credit.id
      AND members.money_cents + credit.delta >= 0
      AND members.money_cents + credit.delta <= ${sql.lit(Number.MAX_SAFE_INTEGER)}
    RETURNING members.id, members.money_cents`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), Number(row.money_cents)]));
}

/**
 * The one statement that moves a balance: it only matches when the result stays >= 0, so two
 * concurrent debits can never overspend, and within Number.MAX_SAFE_INTEGER, so a balance read
 * back is always the exact number stored (the domain's ceilings keep far below it: money.ts).
 * Returns the new balance, or undefined when nothing matched (no such member, not enough money,
 * past the exact range, or frozen when onlyIfNotFrozen). Prepared: it runs on every order.
 */
export async function addToBalance(
  db: Db,
  id: number,
  deltaCents: number,
  onlyIfNotFrozen = false,
): Promise<number | undefined> {
  const query = onlyIfNotFrozen ? addToActiveBalanceQuery : addToBalanceQuery;
  const { rows } = await query(db, { id, delta: deltaCents });
  return rows[0]?.money_cents;
}
