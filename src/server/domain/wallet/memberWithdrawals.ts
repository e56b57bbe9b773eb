/**
 * A member's own withdrawals with their status (README, "Withdrawal status"): pending until the
 * operator pays or rejects one, with the operator's note. The destination is masked here, so a
 * full account number or address never travels again after the request.
 */
import type { WithdrawalItem } from '../../../shared/api/types';
import { maskedDestination } from '../../../shared/accountMask';
import { toUsd } from '../../../shared/money';
import type { WithdrawalRow } from '../../db/schema';
import { memberWithdrawals } from '../../repositories/withdrawals';
import type { Deps } from '../deps';

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

/** The bank and the last four characters of its account number, or the ends of an address (shared/accountMask.ts). */
export function maskDestination(
  row: Pick<WithdrawalRow, 'card_type' | 'card_bank' | 'card_account' | 'card_address'>,
): string {
  return maskedDestination({
    type: row.card_type,
    bank: row.card_bank,
    account: row.card_account,
    address: row.card_address,
  });
}

export async function withdrawalsOfMember(
  deps: Deps,
  memberId: number,
  page: { before?: number; limit?: number },
): Promise<WithdrawalItem[]> {
  const limit = Math.min(MAX_PAGE, Math.max(1, page.limit ?? DEFAULT_PAGE));
  const rows = await memberWithdrawals(deps.db, memberId, { before: page.before, limit });
  return rows.map((row) => ({
    id: row.id,
    money: toUsd(row.amount_cents),
    type: row.card_type,
    account: maskDestination(row),
    status: row.status,
    note: row.note,
    time: row.created_at,
    decidedAt: row.decided_at,
  }));
}
