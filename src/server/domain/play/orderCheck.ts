/**
 * Responsible play on the money's path. An order is checked inside its own transaction, after
 * the balance's conditional debit: on PostgreSQL the debit holds the member's row, and a limit or
 * a pause is set under the same row lock (limits.ts, pause.ts), so whichever of the two commits
 * first, the other sees it. The check is one read of the pause and the stake and loss limits
 * (nothing for a member who never set one) and, for a member with such a limit, one conditional
 * UPDATE of the usage row (repositories/play.ts: chargeUsage), which two orders at once cannot
 * both pass: the second waits for the first's row and checks the figures it left.
 *
 * A cancel, a called-off round and settlement give back what no longer counts, in the periods the
 * lines were placed in (an order's stake and its result count where it was placed).
 */
import type { PlayLimitKind, PlayPeriod, PauseKind } from '../../../shared/play';
import { leftOf } from '../../../shared/play';
import { ErrorCode } from '../../../shared/errors';
import { toUsd } from '../../../shared/money';
import type { PlayStateRow, Trx } from '../../db/schema';
import {
  chargeUsage,
  giveUsageBack,
  playRulesOf,
  playStateOf,
  type PeriodStarts,
  type PlayRuleRow,
} from '../../repositories/play';
import { Refused } from '../refused';
import { limitInForce, startsAt } from './periods';

/** The most an order can stake: a limit that is not set never refuses. */
export const NO_LIMIT = Number.MAX_SAFE_INTEGER;

export type GameLimits = Record<PlayPeriod, Record<'stake' | 'loss', number>>;

/** The stake and loss limits in force, NO_LIMIT where none; null when the member has none at all. */
function gameLimitsOf(rows: readonly PlayRuleRow[], now: number): GameLimits | null {
  const limits: GameLimits = {
    day: { stake: NO_LIMIT, loss: NO_LIMIT },
    week: { stake: NO_LIMIT, loss: NO_LIMIT },
    month: { stake: NO_LIMIT, loss: NO_LIMIT },
  };
  let any = false;
  for (const row of rows) {
    if (row.period === null || (row.kind !== 'stake' && row.kind !== 'loss')) continue;
    const cents = limitInForce(row, now);
    if (cents > 0) {
      limits[row.period][row.kind] = cents;
      any = true;
    }
  }
  return any ? limits : null;
}

/** 3016: orders are refused until the pause ends (the text says until when, and which pause). */
export function pausedRefusal(kind: PauseKind, until: number): Refused {
  return new Refused(
    ErrorCode.PlayPaused,
    ErrorCode.PlayPaused,
    { pause: kind, time: { epochMs: until } },
    { pause: kind, until },
  );
}

/** 3013 / 3014 / 3015: which limit, how big, and what is left of it in its period. */
export function limitRefusal(period: PlayPeriod, kind: PlayLimitKind, limitCents: number, usedCents: number): Refused {
  const code =
    kind === 'stake'
      ? ErrorCode.StakeLimitReached
      : kind === 'loss'
        ? ErrorCode.LossLimitReached
        : ErrorCode.DepositLimitReached;
  const left = leftOf(limitCents, usedCents);
  return new Refused(
    code,
    code,
    { period, limit: { cents: limitCents }, left: { cents: left } },
    { period, kind, limit: toUsd(limitCents), left: toUsd(left) },
  );
}

/** Of the limits an amount would pass, the one with the least left (the one the member meets first). */
export function tightestPassed<T extends { limit: number; used: number }>(
  candidates: readonly T[],
  amount: number,
): T | null {
  let tightest: T | null = null;
  for (const candidate of candidates) {
    if (candidate.used + amount <= candidate.limit) continue;
    if (!tightest || leftOf(candidate.limit, candidate.used) < leftOf(tightest.limit, tightest.used)) {
      tightest = candidate;
    }
  }
  return tightest;
}

/**
 * Refuses the order (3016, 3013, 3014), rolling its transaction back, when the member is paused
 * or the stake would pass a limit; otherwise counts the stake. Call it after the debit.
 */
export async function checkOrderAgainstPlay(
  trx: Trx,
  memberId: number,
  stakeCents: number,
  now: number,
): Promise<void> {
  const rules = await playRulesOf(trx, memberId);
  if (rules.length === 0) return;
  const { paused_until: pausedUntil, pause_kind: pauseKind } = rules[0];
  if (pausedUntil > now && pauseKind !== '') throw pausedRefusal(pauseKind as PauseKind, pausedUntil);
  const limits = gameLimitsOf(rules, now);
  if (!limits) return;
  const starts = startsAt(now);
  const charged = await chargeUsage(trx, {
    member: memberId,
    stake: stakeCents,
    ...starts,
    dayStake: limits.day.stake,
    dayLoss: limits.day.loss,
    weekStake: limits.week.stake,
    weekLoss: limits.week.loss,
    monthStake: limits.month.stake,
    monthLoss: limits.month.loss,
  });
  if (charged) return;
  // Refused: say which limit, from the figures the statement compared.
  const state = await playStateOf(trx, memberId);
  if (!state) throw new Error(`play: member ${memberId} has limits but no play state`);
  throw passedLimitRefusal(limits, state, starts, stakeCents, memberId);
}

/** The usage columns of a member's play state, as the refusal of a limit reads them. */
export type UsageState = Pick<
  PlayStateRow,
  | 'day_start'
  | 'day_stake'
  | 'day_loss'
  | 'week_start'
  | 'week_stake'
  | 'week_loss'
  | 'month_start'
  | 'month_stake'
  | 'month_loss'
>;

/**
 * 3013 / 3014 for an order the usage's conditional update refused: the limit the member meets
 * first, from the limits compared and the usage as it stands. Also PostgreSQL's order function's
 * refusal (domain/game/orders.ts), which gives both figures.
 */
export function passedLimitRefusal(
  limits: GameLimits,
  state: UsageState,
  starts: PeriodStarts,
  stakeCents: number,
  memberId: number,
): Refused {
  const candidates = (['day', 'week', 'month'] as const).flatMap((period) =>
    (['stake', 'loss'] as const)
      .filter((kind) => limits[period][kind] !== NO_LIMIT)
      .map((kind) => ({
        period,
        kind,
        limit: limits[period][kind],
        used: state[`${period}_start`] === starts[period] ? state[`${period}_${kind}`] : 0,
      })),
  );
  const passed = tightestPassed(candidates, stakeCents);
  if (!passed) throw new Error(`play: the usage of member ${memberId} refused an order no limit refuses`);
  return limitRefusal(passed.period, passed.kind, passed.limit, passed.used);
}

/**
 * Lines placed at `placedAt` no longer count `stake` of stakes and `loss` of net loss: a
 * cancelled or called-off line (both its stake), or a settled one (what it paid, from the loss).
 */
export async function givePlayBack(
  trx: Trx,
  memberId: number,
  placedAt: number,
  amounts: { stake: number; loss: number },
): Promise<void> {
  await giveUsageBack(trx, memberId, startsAt(placedAt), amounts);
}
