/**
 * A member's deposit limits, checked when the operator credits a deposit (`credit`): a deposit
 * that would take the deposits of a day, week or month past the member's limit is refused (3015,
 * naming the limit and what is left) and nothing is credited. The caller holds the member's row
 * lock, so two operators crediting at once are counted one after the other.
 */
import type { Trx } from '../../db/schema';
import { depositsSince, playLimitsOf } from '../../repositories/play';
import { FundReason } from '../fundReasons';
import { limitRefusal, tightestPassed } from './orderCheck';
import { instantsAt, limitInForce } from './periods';

export async function checkDepositLimits(trx: Trx, memberId: number, cents: number, now: number): Promise<void> {
  const limits = (await playLimitsOf(trx, memberId))
    .filter((row) => row.kind === 'deposit')
    .map((row) => ({ period: row.period, limit: limitInForce(row, now) }))
    .filter((limit) => limit.limit > 0);
  if (limits.length === 0) return;
  const deposited = await depositsSince(trx, memberId, instantsAt(now), FundReason.OperatorDeposit);
  const passed = tightestPassed(
    limits.map((limit) => ({ ...limit, used: deposited[limit.period] })),
    cents,
  );
  if (passed) throw limitRefusal(passed.period, 'deposit', passed.limit, passed.used);
}
