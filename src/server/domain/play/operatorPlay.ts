/**
 * What the operator does with a member's responsible play (`play:show`, `play:lower`): read the
 * limits, their use, the pause and the history, and lower a limit at the member's request. Never
 * raise or remove one, and never lift a pause: those are the member's own (and a looser limit
 * waits 24 hours); nothing here or in the commands can do it.
 */
import type { PlayLimit, PlayLimitsAnswer } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { formatMoney } from '../../../shared/money';
import type { Member } from '../../db/schema';
import { findMemberByUsername } from '../../repositories/members';
import type { Deps } from '../deps';
import { OperatorInputError } from '../operator';
import { refused } from '../refused';
import { LooseningRefused, setPlayLimit, type LimitRequest } from './limits';
import { playLimitsView } from './overview';

async function memberNamed(deps: Deps, username: string): Promise<Member> {
  const member = await findMemberByUsername(deps.db, username);
  if (!member) throw refused(ErrorCode.UserNotFound);
  return member;
}

export async function playReport(deps: Deps, username: string): Promise<{ member: Member; play: PlayLimitsAnswer }> {
  const member = await memberNamed(deps, username);
  return { member, play: await playLimitsView(deps, member.id) };
}

export async function lowerPlayLimit(
  deps: Deps,
  username: string,
  request: LimitRequest,
): Promise<{ member: Member; before: number; limit: PlayLimit }> {
  const member = await memberNamed(deps, username);
  const before = (await playLimitsView(deps, member.id)).limits.find(
    (l) => l.period === request.period && l.kind === request.kind,
  );
  try {
    const limit = await setPlayLimit(deps, member.id, request, 'operator');
    return { member, before: before?.money ?? 0, limit };
  } catch (error) {
    if (!(error instanceof LooseningRefused)) throw error;
    const current = error.currentCents === 0 ? 'none' : `${formatMoney(error.currentCents)} USD`;
    throw new OperatorInputError(
      `the member's ${request.period} ${request.kind} limit is ${current}: the operator can only set a lower one ` +
        '(a member raises or removes a limit in the app, and it applies 24 hours later)',
    );
  }
}
