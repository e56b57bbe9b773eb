/**
 * The operator's credits to a member (the admin command's deposit), each told to the member on the
 * messages page with its amount and reference. Read from the fund log, the record of every change,
 * not stored twice.
 */
import type { DepositItem } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import { countRowsOfReasonSince, memberRowsOfReason } from '../../repositories/fundFlow';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { depositReference } from './fundFlow';

/** More than an operator credits a member in a long while; the messages page shows the latest. */
const MAX_DEPOSITS_LISTED = 50;

export async function depositsOfMember(deps: Deps, memberId: number): Promise<DepositItem[]> {
  const rows = await memberRowsOfReason(deps.db, memberId, FundReason.OperatorDeposit, MAX_DEPOSITS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    money: toUsd(row.amount_cents),
    reference: depositReference(row.ref_id),
    time: row.created_at,
  }));
}

/** Credits made after a moment: each is a message the member has not read. */
export function countDepositsSince(deps: Deps, memberId: number, since: number): Promise<number> {
  return countRowsOfReasonSince(deps.db, memberId, FundReason.OperatorDeposit, since);
}
