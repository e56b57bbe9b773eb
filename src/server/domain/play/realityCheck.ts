/** How often the room shows the member the time played and the net result (0 = never). */
import { ErrorCode } from '../../../shared/errors';
import { isRealityCheckChoice } from '../../../shared/play';
import { ensurePlayState, insertPlayHistory, playStateOf, setRealityMinutes } from '../../repositories/play';
import type { Deps } from '../deps';
import { refused } from '../refused';

export async function setRealityCheck(deps: Deps, memberId: number, minutes: number): Promise<{ minutes: number }> {
  if (!isRealityCheckChoice(minutes)) throw refused(ErrorCode.IncompleteParameters);
  await deps.db.transaction().execute(async (trx) => {
    await ensurePlayState(trx, memberId);
    if ((await playStateOf(trx, memberId))?.reality_minutes === minutes) return;
    await setRealityMinutes(trx, memberId, minutes);
    await insertPlayHistory(trx, {
      member_id: memberId,
      created_at: deps.clock(),
      what: 'realityCheck',
      changed_by: 'member',
      period: null,
      kind: null,
      from_cents: null,
      to_cents: null,
      effective_at: null,
      pause_kind: null,
      days: null,
      until_at: null,
      minutes,
    });
  });
  return { minutes };
}
