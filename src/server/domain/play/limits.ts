/**
 * Setting a limit (setPlayLimit; the operator's play:lower). A tighter limit (a first one, or a
 * lower one) applies at once; a looser one (higher, or removed) waits LIMIT_LOOSENING_DELAY_MS
 * and the limit in force stays until then; asking for the limit in force withdraws a loosening
 * that waits. The operator may only tighten.
 *
 * In one transaction under the member's row lock (the lock an order's debit takes on PostgreSQL,
 * see orderCheck.ts): the limit, the history row, and for a stake or loss limit the usage the
 * order path keeps, seeded from the order lines of the current periods, so stakes placed before
 * the limit count toward it and no order in flight is missed.
 */
import { ErrorCode } from '../../../shared/errors';
import type { PlayLimit } from '../../../shared/api/types';
import {
  LIMIT_LOOSENING_DELAY_MS,
  limitChangeTiming,
  validatePlayLimit,
  type PlayLimitKind,
  type PlayPeriod,
} from '../../../shared/play';
import type { PlayChangeBy } from '../../db/schema';
import { lockMember } from '../../repositories/memberUpdates';
import {
  ensurePlayState,
  insertPlayHistory,
  playLimitsOf,
  savePlayLimit,
  seedUsage,
  usageFromLines,
} from '../../repositories/play';
import type { Deps } from '../deps';
import { refused, refusedFrom } from '../refused';
import { playUsageOf, limitView } from './overview';
import { instantsAt, limitInForce, startsAt, waitingLimit } from './periods';

export interface LimitRequest {
  period: PlayPeriod;
  kind: PlayLimitKind;
  /** USD as sent; empty or 0 removes the limit (1050 when it is not an amount). */
  money?: string | number;
}

/** A change the operator may not make: raising or removing a limit is the member's own decision. */
export class LooseningRefused extends Error {
  constructor(readonly currentCents: number) {
    super('only the member can raise or remove a limit');
  }
}

export async function setPlayLimit(
  deps: Deps,
  memberId: number,
  request: LimitRequest,
  by: PlayChangeBy = 'member',
): Promise<PlayLimit> {
  const { period, kind } = request;
  const verdict = validatePlayLimit(request.money);
  if ('refusal' in verdict) throw refusedFrom(verdict.refusal);
  const { cents } = verdict;
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    if (!(await lockMember(trx, deps.dialect, memberId))) throw refused(ErrorCode.UserNotFound);
    await ensurePlayState(trx, memberId);
    const row = (await playLimitsOf(trx, memberId)).find((r) => r.period === period && r.kind === kind);
    const current = row ? limitInForce(row, now) : 0;
    const waiting = row ? waitingLimit(row, now) : null;
    const timing = limitChangeTiming(current, cents);
    if (by === 'operator' && timing !== 'now') throw new LooseningRefused(current);
    if (timing === 'unchanged' && !waiting) return;

    const effectiveAt = timing === 'later' ? now + LIMIT_LOOSENING_DELAY_MS : now;
    await savePlayLimit(trx, {
      member_id: memberId,
      period,
      kind,
      limit_cents: timing === 'now' ? cents : current,
      next_cents: timing === 'later' ? cents : null,
      next_at: timing === 'later' ? effectiveAt : null,
    });
    if (kind !== 'deposit') {
      await seedUsage(trx, memberId, startsAt(now), await usageFromLines(trx, memberId, instantsAt(now)));
    }
    await insertPlayHistory(trx, {
      member_id: memberId,
      created_at: now,
      what: 'limit',
      changed_by: by,
      period,
      kind,
      from_cents: current,
      to_cents: cents,
      effective_at: effectiveAt,
      pause_kind: null,
      days: null,
      until_at: null,
      minutes: null,
    });
  });
  const now = deps.clock();
  const row = (await playLimitsOf(deps.db, memberId)).find((r) => r.period === period && r.kind === kind);
  const usage = await playUsageOf(deps.db, memberId, now);
  return limitView(period, kind, row, usage[period][kind], now);
}
