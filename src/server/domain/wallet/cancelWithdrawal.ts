/**
 * A member cancels a withdrawal still waiting for the operator (addition: /api/Game/cancelWithdrawal).
 * One transaction leaves 'pending' through the same guarded update the operator's decisions use
 * (`WHERE status = 'pending'`), limited to the member's own row, and gives the held amount back
 * through the ledger with its own reason (withdraw_cancel, ref the withdrawal). So a withdrawal is
 * paid, rejected or cancelled exactly once: when the operator approves at the same moment, one of
 * the two updates finds it no longer pending and changes nothing. Anything but the member's own
 * pending withdrawal (paid, rejected, cancelled, another member's, unknown) answers 3012.
 */
import { ErrorCode } from '../../../shared/errors';
import { cancelPending, withdrawalById } from '../../repositories/withdrawals';
import type { Deps } from '../deps';
import { FundReason, WITHDRAWAL_REF } from '../fundReasons';
import { changeBalance } from '../ledger';
import { refused } from '../refused';

export async function cancelWithdrawal(deps: Deps, memberId: number, id: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    if (!(await cancelPending(trx, memberId, id, now))) throw refused(ErrorCode.WithdrawalNotCancellable);
    const withdrawal = await withdrawalById(trx, id);
    if (!withdrawal) throw new Error(`withdrawal #${id} vanished inside its own transaction`);
    await changeBalance(trx, {
      memberId,
      deltaCents: withdrawal.amount_cents,
      reason: FundReason.WithdrawCancel,
      refType: WITHDRAWAL_REF,
      refId: String(id),
      // A credit always fits; the code is only there for the ledger's contract.
      insufficientCode: ErrorCode.UnknownError,
      now,
    });
  });
}
