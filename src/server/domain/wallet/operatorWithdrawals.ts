/**
 * What the operator does with withdrawals (admin withdraw:list, withdraw:approve,
 * withdraw:reject). Approving marks a pending withdrawal paid: the money left the balance at
 * request time, so no balance changes and no fund-log row is written. Rejecting gives the held
 * money back through the ledger (reason withdraw_refund, ref the withdrawal) in the same
 * transaction as the status change. Both leave 'pending' only through a guarded update, so a
 * withdrawal is decided once: never rejected twice, never rejected after it was paid, never decided
 * after the member cancelled it. A withdrawal to a USDT address that fails its network's checksum
 * (asked for before the check existed) cannot be approved: nobody holds that address, so the
 * operator rejects it and the money goes back.
 */
import { WITHDRAWAL_STATUSES } from '../../../shared/api/enums';
import type { WithdrawalStatus } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { savedAccountDefect } from '../../../shared/validation/bankCard';
import type { WithdrawalRow } from '../../db/schema';
import {
  decidePending,
  listWithdrawals,
  withdrawalById,
  withdrawalWithMember,
  type WithdrawalListRow,
} from '../../repositories/withdrawals';
import type { Deps } from '../deps';
import { FundReason, WITHDRAWAL_REF } from '../fundReasons';
import { changeBalance, type BalanceChanged } from '../ledger';
import { announce, balanceChanged, withdrawalDecided } from '../live/news';
import { checkOperatorText, OperatorInputError } from '../operator';

const MAX_NOTE_LENGTH = 500;

export function isWithdrawalStatus(text: string): text is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(text);
}

export function withdrawalsOf(deps: Deps, status?: WithdrawalStatus): Promise<WithdrawalListRow[]> {
  return listWithdrawals(deps.db, status);
}

function checkNote(note: string): string {
  const trimmed = checkOperatorText('a note', note.trim());
  if (trimmed.length > MAX_NOTE_LENGTH) throw new OperatorInputError(`a note is at most ${MAX_NOTE_LENGTH} characters`);
  return trimmed;
}

/** Why a decision did not apply: no such withdrawal, or it was decided already. */
async function notPending(deps: Deps, id: number, action: string): Promise<OperatorInputError> {
  const row = await withdrawalById(deps.db, id);
  if (!row) return new OperatorInputError(`no withdrawal #${id}`);
  return new OperatorInputError(
    `withdrawal #${id} is already ${row.status}; only a pending withdrawal can be ${action}`,
  );
}

async function decided(deps: Deps, id: number): Promise<WithdrawalListRow> {
  const row = await withdrawalWithMember(deps.db, id);
  if (!row) throw new OperatorInputError(`no withdrawal #${id}`);
  return row;
}

/** Why no money may be sent to a withdrawal's destination, for the operator, or null. */
export function destinationDefect(row: Pick<WithdrawalRow, 'card_type' | 'card_address'>): string | null {
  if (!savedAccountDefect({ type: row.card_type, address: row.card_address })) return null;
  return `the ${row.card_type} address ${row.card_address} fails its network's checksum, so nobody can hold it`;
}

export async function approveWithdrawal(deps: Deps, id: number, note = ''): Promise<WithdrawalListRow> {
  const cleanNote = checkNote(note);
  const pending = await withdrawalById(deps.db, id);
  const defect = pending && pending.status === 'pending' ? destinationDefect(pending) : null;
  if (defect) {
    throw new OperatorInputError(
      `withdrawal #${id} cannot be paid: ${defect}; reject it instead (the money goes back to the member)`,
    );
  }
  if (!(await decidePending(deps.db, id, { status: 'paid', now: deps.clock(), note: cleanNote }))) {
    throw await notPending(deps, id, 'approved');
  }
  const row = await decided(deps, id);
  await announce(deps, [
    withdrawalDecided(row.member_id, { id: row.id, status: 'paid', amountCents: row.amount_cents }),
  ]);
  return row;
}

export async function rejectWithdrawal(
  deps: Deps,
  id: number,
  note = '',
): Promise<{ withdrawal: WithdrawalListRow; refund: BalanceChanged }> {
  const cleanNote = checkNote(note);
  const done = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    if (!(await decidePending(trx, id, { status: 'rejected', now, note: cleanNote }))) return null;
    const withdrawal = await withdrawalById(trx, id);
    if (!withdrawal) throw new Error(`withdrawal #${id} vanished inside its own transaction`);
    const refund = await changeBalance(trx, {
      memberId: withdrawal.member_id,
      deltaCents: withdrawal.amount_cents,
      reason: FundReason.WithdrawRefund,
      reasonText: cleanNote,
      refType: WITHDRAWAL_REF,
      refId: String(withdrawal.id),
      // A credit always fits; the code is only there for the ledger's contract.
      insufficientCode: ErrorCode.UnknownError,
      now,
    });
    return refund;
  });
  if (!done) throw await notPending(deps, id, 'rejected');
  const withdrawal = await decided(deps, id);
  await announce(deps, [
    withdrawalDecided(withdrawal.member_id, { id, status: 'rejected', amountCents: withdrawal.amount_cents }),
    balanceChanged(withdrawal.member_id, {
      ...done,
      deltaCents: withdrawal.amount_cents,
      reason: FundReason.WithdrawRefund,
      now: deps.clock(),
    }),
  ]);
  return { withdrawal, refund: done };
}
