/**
 * Fund-log reads of the wallet: a member's rows by date range and cursor (the fund log screen),
 * and the turnover figures (the last deposit, stakes of later orders).
 */
import { sql } from 'kysely';
import type { Db, FundLogRow } from '../db/schema';

export interface FundLogRange {
  memberId: number;
  /** created_at in [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /** Only rows with a smaller id (the paging cursor), when given. */
  beforeId?: number;
  limit: number;
}

/** A member's rows in a time range, newest first (by id, the ledger's order). */
export function memberFundLogRange(db: Db, range: FundLogRange): Promise<FundLogRow[]> {
  return db
    .selectFrom('fund_log')
    .selectAll()
    .where('member_id', '=', range.memberId)
    .where('created_at', '>=', range.fromMs)
    .where('created_at', '<', range.toMs)
    .$if(range.beforeId !== undefined, (q) => q.where('id', '<', range.beforeId!))
    .orderBy('id', 'desc')
    .limit(range.limit)
    .execute();
}

/** Cancelled or called-off order lines of a member with their round's sequence number (the fund log's detail). */
export function memberLinesWithRounds(
  db: Db,
  memberId: number,
  lineIds: readonly number[],
): Promise<{ id: number; outcome: number; seqno: string }[]> {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines as l')
    .innerJoin('rounds as r', 'r.id', 'l.round_id')
    .select(['l.id', 'l.outcome', 'r.seqno'])
    .where('l.member_id', '=', memberId)
    .where('l.id', 'in', lineIds)
    .execute();
}

/** The member's newest row of a reason (e.g. the last deposit). */
export async function lastFundLogOfReason(db: Db, memberId: number, reason: string): Promise<FundLogRow | undefined> {
  const [row] = await memberRowsOfReason(db, memberId, reason, 1);
  return row;
}

/**
 * Stakes of the member's order lines that were not cancelled, for orders whose stake row comes
 * after fund-log row `afterId`. Compared by fund-log id, not by time, so an order taken in the same
 * millisecond as a deposit still falls on the right side of it. The group id is cast to text
 * (rather than ref_id to a number), which cannot fail on the ref_id of other kinds of rows.
 */
export async function stakesOfOrdersAfter(
  db: Db,
  memberId: number,
  afterId: number,
  stake: { reason: string; refType: string },
): Promise<number> {
  const row = await db
    .selectFrom('fund_log as f')
    .innerJoin('order_lines as l', (join) =>
      join.onRef('l.member_id', '=', 'f.member_id').on(sql<boolean>`CAST(l.group_id AS TEXT) = f.ref_id`),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.stake_cents'), eb.val(0)).as('total'))
    .where('f.member_id', '=', memberId)
    .where('f.id', '>', afterId)
    .where('f.reason_code', '=', stake.reason)
    .where('f.ref_type', '=', stake.refType)
    // Settled lines only: a waiting line may still be cancelled (docs/decisions.md).
    .where('l.status', 'not in', ['cancel', 'wait'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The member's newest rows of a reason, newest first (the operator's credits: the messages page). */
export function memberRowsOfReason(db: Db, memberId: number, reason: string, limit: number): Promise<FundLogRow[]> {
  return db
    .selectFrom('fund_log')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('reason_code', '=', reason)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many rows of a reason the member has had since a moment (unread messages). */
export async function countRowsOfReasonSince(db: Db, memberId: number, reason: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('fund_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('reason_code', '=', reason)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
