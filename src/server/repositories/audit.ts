/** Whole-database reads for the ledger audit (admin `audit`). */
import { rowsAsArrays } from '../db/rowArrays';
import type { Db, FundLogRow, LineStatus, OrderGroupRow } from '../db/schema';

/**
 * What the audit checks of an order line: every column but times and room, as an array
 * (db/rowArrays.ts): the audit reads every line of the database, and as objects they cost more
 * than the rest of the audit.
 */
export type AuditedLine = [
  id: number,
  groupId: number,
  memberId: number,
  roundId: number,
  outcome: number,
  rate: number,
  stakeCents: number,
  refund1314: number,
  status: LineStatus,
  awardCents: number,
];

export interface MemberBalanceRow {
  id: number;
  username: string;
  money_cents: number;
  fund_sum: number;
}

export async function memberBalancesAndFundSums(db: Db): Promise<MemberBalanceRow[]> {
  const rows = await db
    .selectFrom('members')
    .leftJoin('fund_log', 'fund_log.member_id', 'members.id')
    .select((eb) => [
      'members.id',
      'members.username',
      'members.money_cents',
      eb.fn.coalesce(eb.fn.sum<number>('fund_log.amount_cents'), eb.val(0)).as('fund_sum'),
    ])
    .groupBy(['members.id', 'members.username', 'members.money_cents'])
    .orderBy('members.id')
    .execute();
  return rows.map((r) => ({ ...r, fund_sum: Number(r.fund_sum) }));
}

/** What the chain of a member's fund-log rows is checked on, as an array (a row per balance change). */
export type ChainedFundLogRow = [
  id: number,
  memberId: number,
  amountCents: number,
  beforeCents: number,
  afterCents: number,
];

/** Fund-log rows in (member, id) order, a page at a time. */
export function fundLogPage(
  db: Db,
  after: { memberId: number; id: number },
  limit: number,
): Promise<ChainedFundLogRow[]> {
  return rowsAsArrays<ChainedFundLogRow>(
    db,
    db
      .selectFrom('fund_log')
      // In ChainedFundLogRow's order.
      .select(['id', 'member_id', 'amount_cents', 'before_cents', 'after_cents'])
      .where((eb) =>
        eb.or([
          eb('member_id', '>', after.memberId),
          eb.and([eb('member_id', '=', after.memberId), eb('id', '>', after.id)]),
        ]),
      )
      .orderBy('member_id')
      .orderBy('id')
      .limit(limit),
  );
}

/** What the audit matches a fund-log row to its reference on (tens of thousands of stakes and awards). */
export type ReferencedFundLogRow = Pick<
  FundLogRow,
  'id' | 'member_id' | 'amount_cents' | 'reason_code' | 'ref_type' | 'ref_id'
>;

export function fundLogOfReasons(db: Db, reasons: readonly string[]): Promise<ReferencedFundLogRow[]> {
  return db
    .selectFrom('fund_log')
    .select(['id', 'member_id', 'amount_cents', 'reason_code', 'ref_type', 'ref_id'])
    .where('reason_code', 'in', reasons)
    .orderBy('id')
    .execute();
}

/** Order lines in id order, a page at a time; only the columns checked. */
export function orderLinesPage(db: Db, afterId: number, limit: number): Promise<AuditedLine[]> {
  return rowsAsArrays<AuditedLine>(
    db,
    db
      .selectFrom('order_lines')
      // In AuditedLine's order.
      .select([
        'id',
        'group_id',
        'member_id',
        'round_id',
        'outcome',
        'rate',
        'stake_cents',
        'refund1314',
        'status',
        'award_cents',
      ])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit),
  );
}

export function allOrderGroups(db: Db): Promise<Pick<OrderGroupRow, 'id' | 'total_cents'>[]> {
  return db.selectFrom('order_groups').select(['id', 'total_cents']).orderBy('id').execute();
}
