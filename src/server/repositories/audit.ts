/** Whole-database reads for the ledger audit (admin `audit`). */
import type { Db, FundLogRow, OrderGroupRow, OrderLineRow } from '../db/schema';

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

export function allOrderLines(db: Db): Promise<OrderLineRow[]> {
  return db.selectFrom('order_lines').selectAll().orderBy('id').execute();
}

export function allOrderGroups(db: Db): Promise<OrderGroupRow[]> {
  return db.selectFrom('order_groups').selectAll().orderBy('id').execute();
}
