/**
 * Cancelling one's own order line before the round closes (SPEC.md section 4): the line goes from
 * wait to cancel with a guarded update and its stake comes back through the ledger, in one
 * transaction. Any other case answers 2003; after the close its text is the "stopped" message.
 */
import { ErrorCode, MessageKey } from '../../../shared/errors';
import { toUsd } from '../../../shared/money';
import type { Member } from '../../db/schema';
import { markLineCancelled, ownLineForUpdate } from '../../repositories/orders';
import { roundGuard } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { changeBalance } from '../ledger';
import { announce, balanceChanged, ordersCancelled } from '../live/news';
import { givePlayBack } from '../play/orderCheck';
import { Refused, refused } from '../refused';
import { roundPhase } from './timing';

export interface CancelInput {
  roomid: number;
  orderId: number;
}

export async function cancelOrderLine(deps: Deps, member: Member, input: CancelInput): Promise<{ money: number }> {
  const failed = () => refused(ErrorCode.CancelFailed);
  const done = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    // Another member's line is "not found" for this member: nothing about it is told.
    const line = await ownLineForUpdate(trx, deps.dialect, member.id, input.orderId);
    if (!line || line.room_id !== input.roomid || line.status !== 'wait') throw failed();
    const round = await roundGuard(trx, deps.dialect, line.round_id);
    if (!round || roundPhase(round, now) !== 'open') throw new Refused(ErrorCode.CancelFailed, MessageKey.Stopped);
    if (!(await markLineCancelled(trx, line.id, now))) throw failed();
    const refund = await changeBalance(trx, {
      memberId: member.id,
      deltaCents: line.stake_cents,
      reason: FundReason.StakeRefund,
      reasonText: 'cancel',
      refType: 'order_line',
      refId: String(line.id),
      insufficientCode: ErrorCode.CancelFailed,
      now,
    });
    // The stake no longer counts toward the member's limits in the periods it was placed in.
    await givePlayBack(trx, member.id, line.created_at, { stake: line.stake_cents, loss: line.stake_cents });
    return { line, refund, now };
  });
  // The line leaves the room's live table, and the stake is back on the member's balance.
  const { line, refund, now } = done;
  await announce(deps, [
    ordersCancelled(line.room_id, line.round_id, [line.id]),
    balanceChanged(member.id, { ...refund, deltaCents: line.stake_cents, reason: FundReason.StakeRefund, now }),
  ]);
  return { money: toUsd(refund.afterCents) };
}
