/**
 * A member's own withdrawals with their status (README, "Withdrawal status"): pending until the
 * operator pays or rejects one, with the operator's note. The destination is masked here, so a
 * full account number or address never travels again after the request.
 */
import type { WithdrawalItem } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import type { WithdrawalRow } from '../../db/schema';
import { memberWithdrawals } from '../../repositories/withdrawals';
import type { Deps } from '../deps';

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

/** The last four characters of a bank account; the first six and last four of an address. */
export function maskDestination(
  row: Pick<WithdrawalRow, 'card_type' | 'card_bank' | 'card_account' | 'card_address'>,
): string {
  if (row.card_type === 'Bank') {
    const digits = row.card_account.replace(/\s+/g, '');
    return `${row.card_bank} ···${digits.slice(-4)}`.trim();
  }
  const address = row.card_address.trim();
  return address.length <= 10 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
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
