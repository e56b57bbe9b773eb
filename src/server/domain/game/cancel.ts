/**
 * Cancelling one's own order line before the round closes (SPEC.md section 4): the line goes from
 * wait to cancel with a guarded update and its stake comes back through the ledger, in one
 * transaction. Any other case answers 2003; after the close its text is the "stopped" message.
 */
import { ErrorCode, MessageKey } from '../../../shared/errors';
import { toUsd } from '../../../shared/money';
import type { Member } from '../../db/schema';
import { CancelRefusalState } from '../../db/migrations/0025_cancel_function';
import {
  cancelLineOnPostgres,
  markLineCancelled,
  ownLineForUpdate,
  type CancelledOnPostgres,
} from '../../repositories/orders';
import { roundGuard } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { changeBalance } from '../ledger';
import { announce, balanceChanged, ordersCancelled } from '../live/news';
import { givePlayBack } from '../play/orderCheck';
import { Refused, refused } from '../refused';
import { roundPhase } from './timing';

/** The fund-log row's text of a cancel's refund. */
const CANCEL_REASON_TEXT = 'cancel';

export interface CancelInput {
  roomid: number;
  orderId: number;
}

export async function cancelOrderLine(deps: Deps, member: Member, input: CancelInput): Promise<{ money: number }> {
  if (deps.dialect === 'postgres') return cancelOnPostgres(deps, member, input);
  const failed = () => refused(ErrorCode.CancelFailed);
  const done = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    // Another member's line is "not found" for this member: nothing about it is told.
    const line = await ownLineForUpdate(trx, deps.dialect, member.id, input.orderId);
    if (!line || line.room_id !== input.roomid || line.status !== 'wait') throw failed();
    const round = await roundGuard(trx, deps.dialect, line.round_id);
    if (!round || roundPhase(round, now) !== 'open') throw new Refused(ErrorCode.CancelFailed, MessageKey.Stopped);
    if (!(await markLineCancelled(trx, line.id, now))) throw failed();
    const credit = await changeBalance(trx, {
      memberId: member.id,
      deltaCents: line.stake_cents,
      reason: FundReason.StakeRefund,
      reasonText: CANCEL_REASON_TEXT,
      refType: 'order_line',
      refId: String(line.id),
      insufficientCode: ErrorCode.CancelFailed,
      now,
    });
    // The stake no longer counts toward the member's limits in the periods it was placed in.
    await givePlayBack(trx, member.id, line.created_at, { stake: line.stake_cents, loss: line.stake_cents });
    return { line, refund: { afterCents: credit.afterCents, deltaCents: line.stake_cents }, now };
  });
  const { line, refund, now } = done;
  return cancelled(deps, member, { roomId: line.room_id, roundId: line.round_id, lineId: line.id }, refund, now);
}

/**
 * PostgreSQL: the same steps in one round trip (migration 0025's cancel_line, which locks, guards
 * and writes in this order), its refusals turned into the ones above.
 */
async function cancelOnPostgres(deps: Deps, member: Member, input: CancelInput): Promise<{ money: number }> {
  const now = deps.clock();
  let done: CancelledOnPostgres;
  try {
    done = await cancelLineOnPostgres(deps.db, {
      member: member.id,
      line: input.orderId,
      room: input.roomid,
      now,
      reason: FundReason.StakeRefund,
      reasonText: CANCEL_REASON_TEXT,
    });
  } catch (error) {
    const { code } = (error ?? {}) as { code?: unknown };
    if (code === CancelRefusalState.stopped) throw new Refused(ErrorCode.CancelFailed, MessageKey.Stopped);
    if (code === CancelRefusalState.failed) throw refused(ErrorCode.CancelFailed);
    throw error;
  }
  const refund = { afterCents: done.afterCents, deltaCents: done.refundCents };
  return cancelled(deps, member, { roomId: input.roomid, roundId: done.roundId, lineId: input.orderId }, refund, now);
}

/** The line leaves the room's live table, and the stake is back on the member's balance. */
async function cancelled(
  deps: Deps,
  member: Member,
  line: { roomId: number; roundId: number; lineId: number },
  refund: { afterCents: number; deltaCents: number },
  now: number,
): Promise<{ money: number }> {
  await announce(deps, [
    ordersCancelled(line.roomId, line.roundId, [line.lineId]),
    balanceChanged(member.id, { ...refund, reason: FundReason.StakeRefund, now }),
  ]);
  return { money: toUsd(refund.afterCents) };
}
