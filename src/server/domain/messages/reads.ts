/**
 * What a member has read of the messages about their account (/message). Those messages are made
 * from the rows they tell of (each withdrawal the operator paid or rejected, at the moment of the
 * decision; each withdrawal account added, at the moment it was added, deleted since or not; each
 * credit the operator made, at the moment it was made; a withdrawal the member cancelled is listed
 * too, but is no news to them and is not counted), so
 * "unread" is "newer than the member's read marker", and each kind of such message is counted
 * here. The marker lives on the server: every device of the member agrees.
 */
import type { MessageReads } from '../../../shared/api/types';
import { countAddedSince } from '../../repositories/bankCards';
import { advanceReadUpTo, readUpToOf } from '../../repositories/messageReads';
import { countDecidedSince } from '../../repositories/withdrawals';
import { countDepositsSince } from '../wallet/deposits';
import type { Deps } from '../deps';

export async function messageReads(deps: Deps, memberId: number): Promise<MessageReads> {
  const readUpTo = (await readUpToOf(deps.db, memberId)) ?? 0;
  const [decided, added, credited] = await Promise.all([
    countDecidedSince(deps.db, memberId, readUpTo),
    countAddedSince(deps.db, memberId, readUpTo),
    countDepositsSince(deps, memberId, readUpTo),
  ]);
  return { readUpTo, unread: decided + added + credited };
}

/**
 * The member has seen the messages up to `upTo` (the newest one the app showed): the marker moves
 * there, never back and never past now, so a message that arrives later is still unread.
 */
export async function readMessages(deps: Deps, memberId: number, upTo: number): Promise<MessageReads> {
  await advanceReadUpTo(deps.db, memberId, Math.min(upTo, deps.clock()));
  return messageReads(deps, memberId);
}
