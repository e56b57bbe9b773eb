/**
 * What the member's responsible-play page reads (getPlayLimits): every limit with what is used of
 * it in the current period, the pause in force, the reality check's interval and the history of
 * changes; with `since`, the net result of play since then, for the room's reality check.
 */
import { PLAY_LIMIT_KINDS, PLAY_PERIODS } from '../../../shared/api/enums';
import type { PlayChange, PlayLimit, PlayLimitsAnswer } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import { DEFAULT_REALITY_CHECK_MINUTES, leftOf, type PlayLimitKind, type PlayPeriod } from '../../../shared/play';
import type { Db, PlayHistoryRow, PlayLimitRow } from '../../db/schema';
import {
  depositsSince,
  fundLogSumSince,
  playHistoryOf,
  playLimitsOf,
  playStateOf,
  usageFromLines,
} from '../../repositories/play';
import type { Deps } from '../deps';
import { FundReason, GAME_REASONS } from '../fundReasons';
import { endsAt, instantsAt, limitInForce, waitingLimit } from './periods';

/** How many changes the page lists, newest first. */
const HISTORY_LENGTH = 100;

/** What the member used of each kind of limit in each current period, in cents. */
export type PlayUsage = Record<PlayPeriod, Record<PlayLimitKind, number>>;

export async function playUsageOf(db: Db, memberId: number, now: number): Promise<PlayUsage> {
  const from = instantsAt(now);
  const [lines, deposits] = await Promise.all([
    usageFromLines(db, memberId, from),
    depositsSince(db, memberId, from, FundReason.OperatorDeposit),
  ]);
  const usage = {} as PlayUsage;
  for (const period of PLAY_PERIODS) {
    usage[period] = { stake: lines[period].stake, loss: lines[period].loss, deposit: deposits[period] };
  }
  return usage;
}

/** One limit as the page shows it. */
export function limitView(
  period: PlayPeriod,
  kind: PlayLimitKind,
  row: PlayLimitRow | undefined,
  usedCents: number,
  now: number,
): PlayLimit {
  const money = row ? limitInForce(row, now) : 0;
  const next = row ? waitingLimit(row, now) : null;
  return {
    period,
    kind,
    money: toUsd(money),
    used: toUsd(usedCents),
    left: money > 0 ? toUsd(leftOf(money, usedCents)) : null,
    resetAt: endsAt(period, now),
    next: next ? { money: toUsd(next.cents), at: next.at } : null,
  };
}

export function limitViews(rows: readonly PlayLimitRow[], usage: PlayUsage, now: number): PlayLimit[] {
  return PLAY_PERIODS.flatMap((period) =>
    PLAY_LIMIT_KINDS.map((kind) => {
      const row = rows.find((r) => r.period === period && r.kind === kind);
      return limitView(period, kind, row, usage[period][kind], now);
    }),
  );
}

function changeView(row: PlayHistoryRow): PlayChange | null {
  const base = { at: row.created_at, by: row.changed_by };
  if (row.what === 'limit' && row.period && row.kind) {
    return {
      what: 'limit',
      ...base,
      period: row.period,
      kind: row.kind,
      from: toUsd(row.from_cents ?? 0),
      to: toUsd(row.to_cents ?? 0),
      effectiveAt: row.effective_at ?? row.created_at,
    };
  }
  if (row.what === 'pause' && row.pause_kind) {
    return { what: 'pause', ...base, pause: row.pause_kind, days: row.days ?? 0, until: row.until_at ?? 0 };
  }
  if (row.what === 'realityCheck') return { what: 'realityCheck', ...base, minutes: row.minutes ?? 0 };
  return null;
}

export async function playLimitsView(deps: Deps, memberId: number, since?: number): Promise<PlayLimitsAnswer> {
  const now = deps.clock();
  const [state, rows, usage, history, net] = await Promise.all([
    playStateOf(deps.db, memberId),
    playLimitsOf(deps.db, memberId),
    playUsageOf(deps.db, memberId, now),
    playHistoryOf(deps.db, memberId, HISTORY_LENGTH),
    since === undefined ? undefined : fundLogSumSince(deps.db, memberId, since, GAME_REASONS),
  ]);
  const paused = state && state.pause_kind !== '' && state.paused_until > now;
  return {
    limits: limitViews(rows, usage, now),
    pause: paused ? { kind: state.pause_kind as 'cooloff' | 'exclusion', until: state.paused_until } : null,
    realityCheck: state?.reality_minutes ?? DEFAULT_REALITY_CHECK_MINUTES,
    history: history.map(changeView).filter((change) => change !== null),
    serverTime: now,
    ...(since === undefined || net === undefined ? {} : { session: { since, net: toUsd(net) } }),
  };
}
