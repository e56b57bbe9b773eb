/**
 * Queries of the signed ledger (domain/signedLedger): its heads, the balances at each, its keys,
 * and the fund-log rows a period holds.
 */
import { sql } from 'kysely';
import type { Db, Dialect, LedgerHeadRow, LedgerKeyRow, LedgerHeadsTable, Trx } from '../db/schema';
import type { Insertable } from 'kysely';
import { rowsAsArrays } from '../db/rowArrays';

/** The fund-log columns the ledger commits to (shared/ledger/encoding.ts LedgerRow). */
export interface LedgerFundRow {
  id: number;
  member_id: number;
  created_at: number;
  reason_code: string;
  amount_cents: number;
  after_cents: number;
  ref_type: string;
  ref_id: string;
}

export function latestHead(db: Db): Promise<LedgerHeadRow | undefined> {
  return db.selectFrom('ledger_heads').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

export function headBySeq(db: Db, seq: number): Promise<LedgerHeadRow | undefined> {
  return db.selectFrom('ledger_heads').selectAll().where('seq', '=', seq).executeTakeFirst();
}

/** The head whose period holds fund-log row `rowId`. */
export function headOfRow(db: Db, rowId: number): Promise<LedgerHeadRow | undefined> {
  return db
    .selectFrom('ledger_heads')
    .selectAll()
    .where('last_row_id', '>=', rowId)
    .where('first_row_id', '<=', rowId)
    .executeTakeFirst();
}

/** Heads newest first, `size` from `offset`. */
export function headsPage(db: Db, offset: number, size: number): Promise<LedgerHeadRow[]> {
  return db.selectFrom('ledger_heads').selectAll().orderBy('seq', 'desc').offset(offset).limit(size).execute();
}

/** Every head, oldest first (the verification walks them all). */
export function allHeads(db: Db): Promise<LedgerHeadRow[]> {
  return db.selectFrom('ledger_heads').selectAll().orderBy('seq').execute();
}

export async function headCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_heads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The highest fund-log id below which every row is committed. On PostgreSQL a row's id is taken
 * when it is written, and a transaction that took a lower id may commit after one that took a
 * higher: a SHARE lock waits for every transaction writing the fund log to end (and holds new
 * writers for that moment), so no row at or below the id read can still appear. SQLite writes one
 * transaction at a time, in id order.
 */
export async function committedFundLogId(db: Db, dialect: Dialect): Promise<number> {
  const read = async (trx: Db | Trx) => {
    const row = await trx
      .selectFrom('fund_log')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .executeTakeFirstOrThrow();
    return Number(row.id ?? 0);
  };
  if (dialect !== 'postgres') return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE fund_log IN SHARE MODE`.execute(trx);
    return read(trx);
  });
}

/** The fund-log rows with ids in (afterId, throughId], in id order: read as arrays (a period is 100,000 rows). */
export async function fundRowsBetween(db: Db, afterId: number, throughId: number): Promise<LedgerFundRow[]> {
  const rows = await rowsAsArrays<[number, number, number, string, number, number, string, string]>(
    db,
    db
      .selectFrom('fund_log')
      .select(['id', 'member_id', 'created_at', 'reason_code', 'amount_cents', 'after_cents', 'ref_type', 'ref_id'])
      .where('id', '>', afterId)
      .where('id', '<=', throughId)
      .orderBy('id'),
  );
  return rows.map(([id, member, createdAt, reason, amount, after, refType, refId]) => ({
    id: Number(id),
    member_id: Number(member),
    created_at: Number(createdAt),
    reason_code: reason,
    amount_cents: Number(amount),
    after_cents: Number(after),
    ref_type: refType,
    ref_id: refId,
  }));
}

/** Every member's balance at head `seq`, by member id. */
export async function balancesAt(db: Db, seq: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['member_id', 'balance_cents'])
    .where('head_seq', '=', seq)
    .orderBy('member_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.member_id), Number(row.balance_cents)]));
}

/** Rows a statement: well under SQLite's 32,766 parameters and PostgreSQL's 65,535. */
const BALANCES_PER_INSERT = 5_000;

/** A closed period: its head and the balances at it, in one transaction. */
export async function insertHead(
  db: Db,
  head: Insertable<LedgerHeadsTable>,
  balances: ReadonlyMap<number, number>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('ledger_heads').values(head).execute();
    const rows = [...balances].map(([memberId, cents]) => ({
      head_seq: head.seq,
      member_id: memberId,
      balance_cents: cents,
    }));
    for (let at = 0; at < rows.length; at += BALANCES_PER_INSERT) {
      await trx
        .insertInto('ledger_balances')
        .values(rows.slice(at, at + BALANCES_PER_INSERT))
        .execute();
    }
  });
}

export function ledgerKeys(db: Db): Promise<LedgerKeyRow[]> {
  return db.selectFrom('ledger_keys').selectAll().orderBy('from_seq').orderBy('added_at').execute();
}

export async function insertLedgerKey(db: Db, key: LedgerKeyRow): Promise<void> {
  await db
    .insertInto('ledger_keys')
    .values(key)
    .onConflict((oc) => oc.column('key_id').doNothing())
    .execute();
}
