/**
 * A cool-off (24 hours, 7 or 30 days) or a self-exclusion (6 months, 1 or 5 years): orders are
 * refused until it ends (orderCheck.ts), while logging in, reading and withdrawing go on. Nothing
 * ends one early: there is no call or operator command for it, and a pause asked for while one is
 * in force may only end later than it (3016 otherwise). Set under the member's row lock, so an
 * order whose debit comes after it sees it.
 */
import { ErrorCode } from '../../../shared/errors';
import type { PlayPause } from '../../../shared/api/types';
import { isPauseLength, type PauseKind } from '../../../shared/play';
import { DAY_MS } from '../../../shared/serverDay';
import { lockMember } from '../../repositories/memberUpdates';
import { ensurePlayState, insertPlayHistory, playStateOf, setPause } from '../../repositories/play';
import type { Deps } from '../deps';
import { refused } from '../refused';
import { pausedRefusal } from './orderCheck';

export async function pausePlay(deps: Deps, memberId: number, kind: PauseKind, days: number): Promise<PlayPause> {
  if (!isPauseLength(kind, days)) throw refused(ErrorCode.IncompleteParameters);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    if (!(await lockMember(trx, deps.dialect, memberId))) throw refused(ErrorCode.UserNotFound);
    await ensurePlayState(trx, memberId);
    const state = await playStateOf(trx, memberId);
    const until = now + days * DAY_MS;
    if (state && state.pause_kind !== '' && state.paused_until > until) {
      throw pausedRefusal(state.pause_kind, state.paused_until);
    }
    await setPause(trx, memberId, kind, until);
    await insertPlayHistory(trx, {
      member_id: memberId,
      created_at: now,
      what: 'pause',
      changed_by: 'member',
      period: null,
      kind: null,
      from_cents: null,
      to_cents: null,
      effective_at: now,
      pause_kind: kind,
      days,
      until_at: until,
      minutes: null,
    });
    return { kind, until };
  });
}
