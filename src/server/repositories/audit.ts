/** Whole-database reads for the ledger audit (admin `audit`). */
import type { Db, FundLogRow, OrderGroupRow, OrderLineRow } from '../db/schema';

/** What the audit checks of an order line: every column but times and room. */
export type AuditedLine = Pick<
  OrderLineRow,
  | 'id'
  | 'group_id'
  | 'member_id'
  | 'round_id'
  | 'outcome'
  | 'rate'
  | 'stake_cents'
  | 'refund1314'
  | 'status'
  | 'award_cents'
>;

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

/** Fund-log rows in (member, id) order, a page at a time. */
export function fundLogPage(db: Db, after: { memberId: number; id: number }, limit: number): Promise<FundLogRow[]> {
  return db
    .selectFrom('fund_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('member_id', '>', after.memberId),
        eb.and([eb('member_id', '=', after.memberId), eb('id', '>', after.id)]),
      ]),
    )
    .orderBy('member_id')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function fundLogOfReasons(db: Db, reasons: readonly string[]): Promise<FundLogRow[]> {
  return db.selectFrom('fund_log').selectAll().where('reason_code', 'in', reasons).orderBy('id').execute();
}

/** Only the columns checked: 100,000 lines are read in one go. */
export function allOrderLines(db: Db): Promise<AuditedLine[]> {
  return db
    .selectFrom('order_lines')
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
    .orderBy('id')
    .execute();
}

export function allOrderGroups(db: Db): Promise<Pick<OrderGroupRow, 'id' | 'total_cents'>[]> {
  return db.selectFrom('order_groups').select(['id', 'total_cents']).orderBy('id').execute();
}
