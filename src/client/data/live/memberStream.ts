import { LivePath } from '../../../shared/api/paths';
import { online, session } from '../../stores';
import { streamAddress } from './address';
import { openLiveConnection, type LiveConnection } from './connection';
import { memberEventWriter } from './memberEvents';
import { liveTransport } from './seam';

let running: { token: string; connection: LiveConnection } | null = null;
let stopFollowing: (() => void) | null = null;

/** Opens the stream for the session now current, closes the one of a session that ended. */
function follow(): void {
  const token = session.get().token;
  const wanted = token !== null && online.isBrowserOnline() ? token : null;
  if (running?.token === wanted) return;
  running?.connection.stop();
  running = null;
  if (wanted === null) return;
  running = {
    token: wanted,
    connection: openLiveConnection({
      transport: liveTransport(),
      address: (lastEventId) => streamAddress(LivePath.member, lastEventId),
      onEvent: memberEventWriter(() => session.get().token === wanted),
      onStatus: () => undefined,
    }),
  };
}

/**
 * The member's stream (balance, settlements, withdrawals decided, messages), started with the room
 * (it loads with it) and held while logged in and online: closed at logout, before the member's
 * rows go, and opened again for the next session. Once started it follows the session by itself.
 */
export function startMemberStream(): void {
  if (stopFollowing) return;
  const offSession = session.subscribe(follow);
  const offOnline = online.subscribe(follow);
  stopFollowing = () => {
    offSession();
    offOnline();
  };
  follow();
}

/** Whether the member's stream tells the balance now (so a draw need not ask for it). */
export function memberStreamLive(): boolean {
  return running?.connection.status() === 'live';
}

/** Stops following the session and closes the stream (tests; a page that unloads needs nothing). */
export function stopMemberStream(): void {
  stopFollowing?.();
  stopFollowing = null;
  running?.connection.stop();
  running = null;
}
