/** Queries on the fund log: one row per balance change. */
import { prepared } from '../db/prepared';
import type { Db, FundLogRow } from '../db/schema';

export interface NewFundLogRow {
  member_id: number;
  amount_cents: number;
  before_cents: number;
  after_cents: number;
  reason_code: string;
  reason_text: string;
  ref_type: string;
  ref_id: string;
  created_at: number;
}

// Prepared: a row is written with every balance change, several per order.
const insertFundLogQuery = prepared<NewFundLogRow & Record<string, unknown>, { id: number }>((db, p) =>
  db
    .insertInto('fund_log')
    .values({
      member_id: p('member_id'),
      amount_cents: p('amount_cents'),
      before_cents: p('before_cents'),
      after_cents: p('after_cents'),
      reason_code: p('reason_code'),
      reason_text: p('reason_text'),
      ref_type: p('ref_type'),
      ref_id: p('ref_id'),
      created_at: p('created_at'),
    })
    .returning('id'),
);

export async function insertFundLog(db: Db, row: NewFundLogRow): Promise<number> {
  const { rows } = await insertFundLogQuery(db, { ...row });
  if (!rows[0]) throw new Error('fund log row not written');
  return rows[0].id;
}

/** Rows per multi-row insert: nine parameters each, far under either database's limit. */
const ROWS_PER_INSERT = 500;

/** Many rows at once (a settlement batch credits up to thousands of members). */
export async function insertFundLogRows(db: Db, rows: readonly NewFundLogRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('fund_log')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

/** The fund-log row a change wrote for a reference (e.g. the stake of an order group). */
export function fundLogByRef(
  db: Db,
  memberId: number,
  reason: string,
  refType: string,
  refId: string,
): Promise<FundLogRow | undefined> {
  return db
    .selectFrom('fund_log')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('reason_code', '=', reason)
    .where('ref_type', '=', refType)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
}
