/**
 * How far the member has read the messages about their account, as the server keeps it (one marker
 * per member, so a second phone agrees): the unread count the account menu, the tab bar and the
 * messages page show, and the call that moves the marker once the member has seen them.
 */
import type { MessageReads } from '../../shared/api/types';
import { api, ApiPath, getMember, useSession } from '../api';
import { isBrowserOnline } from '../api/online';
import { defineQuery, useQuery } from './query';
import type { Synced } from './sync';
import { afterWrite } from './changes';

export const messageReadsQuery = defineQuery(ApiPath.messageReads, {});

/** Cache-first, so the count shows offline too; disabled while logged out. */
export function useMessageReads(): Synced<MessageReads> {
  const { member } = useSession();
  return useQuery(member ? messageReadsQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

const marking = new Map<number, Promise<void>>();

/**
 * The member has seen the messages up to `upTo` (the newest one shown): the server moves its
 * marker and answers the new count, which every screen shows at once (changes.ts). Offline, or when the server
 * does not answer, nothing changes: the messages stay unread and the next visit tries again.
 */
export function markMessagesRead(upTo: number): Promise<void> {
  const running = marking.get(upTo);
  if (running) return running;
  const run = (async () => {
    if (!isBrowserOnline()) return;
    const member = getMember();
    try {
      const answer = await api.call(ApiPath.readMessages, { upTo }, { silent: true });
      // Logged out (or in as someone else) meanwhile: the answer is not this session's.
      if (getMember() === member) await afterWrite(ApiPath.readMessages, answer);
    } catch {
      // Still unread; said again on the next visit.
    }
  })().finally(() => marking.delete(upTo));
  marking.set(upTo, run);
  return run;
}
