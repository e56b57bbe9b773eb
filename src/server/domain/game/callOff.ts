/**
 * Calling off a round whose seed is lost (the draw secret it was committed from is gone:
 * `draw-secret:rotate --lost`). No seed is ever made up for a committed round, so it is never drawn:
 * in one transaction it closes, is marked called off, and every stake still waiting on it goes back
 * through the ledger as a cancelled line, so the audit counts it as one.
 */
import { ErrorCode } from '../../../shared/errors';
import { markLineCancelled, waitingLinesOfRound } from '../../repositories/orders';
import { markVoided } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { changeBalance } from '../ledger';
import type { LiveNews } from '../live/bus';
import { announce, balanceChanged, ordersCancelled } from '../live/news';
import { givePlayBack } from '../play/orderCheck';

export interface CalledOff {
  lines: number;
  refundedCents: number;
}

/** null when the round was drawn or called off meanwhile. */
export async function callOffRound(deps: Deps, roundId: number): Promise<CalledOff | null> {
  const news: LiveNews[] = [];
  const done = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    if (!(await markVoided(trx, roundId, now))) return null;
    const lines = await waitingLinesOfRound(trx, deps.dialect, roundId);
    const done: CalledOff = { lines: 0, refundedCents: 0 };
    for (const line of lines) {
      // A member's own cancel may have come first: that line's stake is back already.
      if (!(await markLineCancelled(trx, line.id, now))) continue;
      const refund = await changeBalance(trx, {
        memberId: line.member_id,
        deltaCents: line.stake_cents,
        reason: FundReason.StakeRefund,
        reasonText: 'round called off',
        refType: 'order_line',
        refId: String(line.id),
        insufficientCode: ErrorCode.CancelFailed,
        now,
      });
      await givePlayBack(trx, line.member_id, line.created_at, { stake: line.stake_cents, loss: line.stake_cents });
      news.push(
        ordersCancelled(line.room_id, roundId, [line.id]),
        balanceChanged(line.member_id, {
          ...refund,
          deltaCents: line.stake_cents,
          reason: FundReason.StakeRefund,
          now,
        }),
      );
      done.lines++;
      done.refundedCents += line.stake_cents;
    }
    return done;
  });
  if (done) await announce(deps, news);
  return done;
}
