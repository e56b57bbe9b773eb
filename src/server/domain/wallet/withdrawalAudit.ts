/**
 * The audit's withdrawal checks (admin `audit`), from the stored rows with their own arithmetic:
 * every withdrawal was held by exactly one withdraw row of its amount and member; a rejected one
 * was given back by exactly one withdraw_refund row and no withdraw_cancel row, a cancelled one by
 * exactly one withdraw_cancel row and no withdraw_refund row, a pending or paid one by neither; a
 * decision time exactly when decided or cancelled; and no withdrawal row in the fund log points at
 * nothing.
 */
import { formatMoney } from '../../../shared/money';
import { fundLogOfReasons, type ReferencedFundLogRow } from '../../repositories/audit';
import { allWithdrawals } from '../../repositories/withdrawals';
import type { AuditCheck } from '../auditCheck';
import type { Deps } from '../deps';
import { FundReason, WITHDRAWAL_REF } from '../fundReasons';

const money = (cents: number) => `${formatMoney(cents)} USD`;

function byRef(rows: ReferencedFundLogRow[], reason: string): Map<string, ReferencedFundLogRow[]> {
  const map = new Map<string, ReferencedFundLogRow[]>();
  for (const row of rows) {
    if (row.reason_code !== reason) continue;
    map.set(row.ref_id, [...(map.get(row.ref_id) ?? []), row]);
  }
  return map;
}

function describe(rows: ReferencedFundLogRow[]): string {
  return rows.length === 0 ? 'none' : rows.map((r) => `#${r.id} ${money(r.amount_cents)}`).join(', ');
}

export async function withdrawalChecks(deps: Deps): Promise<AuditCheck[]> {
  const [withdrawals, rows] = await Promise.all([
    allWithdrawals(deps.db),
    fundLogOfReasons(deps.db, [FundReason.Withdraw, FundReason.WithdrawRefund, FundReason.WithdrawCancel]),
  ]);
  const check: AuditCheck = {
    name: 'every withdrawal is held once in the fund log, and given back once only when rejected or cancelled',
    checked: withdrawals.length,
    breaches: [],
  };
  for (const row of rows) {
    if (row.ref_type !== WITHDRAWAL_REF) {
      check.breaches.push(`fund log #${row.id}: ${row.reason_code} with an unexpected reference ${row.ref_type}`);
    }
  }
  const ofWithdrawals = rows.filter((row) => row.ref_type === WITHDRAWAL_REF);
  const holds = byRef(ofWithdrawals, FundReason.Withdraw);
  const refunds = byRef(ofWithdrawals, FundReason.WithdrawRefund);
  const cancels = byRef(ofWithdrawals, FundReason.WithdrawCancel);

  for (const w of withdrawals) {
    const where = `withdrawal #${w.id} (member #${w.member_id}, ${money(w.amount_cents)}, ${w.status})`;
    const held = holds.get(String(w.id)) ?? [];
    const given = refunds.get(String(w.id)) ?? [];
    const cancelled = cancels.get(String(w.id)) ?? [];
    holds.delete(String(w.id));
    refunds.delete(String(w.id));
    cancels.delete(String(w.id));
    const heldRight =
      held.length === 1 && held[0].amount_cents === -w.amount_cents && held[0].member_id === w.member_id;
    if (!heldRight) check.breaches.push(`${where}: held by ${describe(held)}`);
    const refundsExpected = w.status === 'rejected' ? 1 : 0;
    const givenRight =
      given.length === refundsExpected &&
      given.every((r) => r.amount_cents === w.amount_cents && r.member_id === w.member_id);
    if (!givenRight) check.breaches.push(`${where}: given back by ${describe(given)}`);
    const cancelsExpected = w.status === 'cancelled' ? 1 : 0;
    const cancelledRight =
      cancelled.length === cancelsExpected &&
      cancelled.every((r) => r.amount_cents === w.amount_cents && r.member_id === w.member_id);
    if (!cancelledRight) check.breaches.push(`${where}: given back on cancelling by ${describe(cancelled)}`);
    if ((w.status === 'pending') !== (w.decided_at === null)) {
      check.breaches.push(`${where}: decided_at is ${w.decided_at === null ? 'missing' : 'set while pending'}`);
    }
  }
  for (const [ref, orphans] of [...holds, ...refunds, ...cancels]) {
    check.breaches.push(`fund log ${describe(orphans)} points at withdrawal #${ref}, which does not exist`);
  }
  return [check];
}
