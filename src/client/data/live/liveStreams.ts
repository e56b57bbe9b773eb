import { createContext } from 'react';
import { LivePath } from '../../../shared/api/paths';
import { online, session } from '../../api/stores';
import { streamAddress } from './address';
import { openLiveConnection, type LiveConnection, type LiveConnectionOptions } from './connection';
import { memberEventWriter } from './memberEvents';
import { fetchTransport, type LiveTransport } from './transport';

/**
 * The page's live streams: how they are read (the browser's fetch, or null where a response body
 * cannot be read as it arrives, which leaves the screens polling) and the member's own stream
 * (balance, settlements, withdrawals decided, messages). Screens read it from LiveStreamsContext;
 * a test provides one with its own transport, as a fresh page would have its own.
 */
export class LiveStreams {
  private member: { key: string; connection: LiveConnection } | null = null;
  private stopFollowing: (() => void) | null = null;

  constructor(readonly transport: LiveTransport | null) {}

  /** A stream held open by this page's transport (a room's: useRoomStream). */
  open(options: Omit<LiveConnectionOptions, 'transport'>): LiveConnection {
    return openLiveConnection({ ...options, transport: this.transport });
  }

  /**
   * Holds the member's stream from now on, while logged in and online: closed at logout, before the
   * member's rows go, and opened again for the next session. Started by the app once its first
   * screen is idle (app/useMemberNews.ts) and by a room; calling it again changes nothing.
   */
  followMember(): void {
    if (this.stopFollowing) return;
    const follow = () => this.followSession();
    const offSession = session.subscribe(follow);
    const offOnline = online.subscribe(follow);
    this.stopFollowing = () => {
      offSession();
      offOnline();
    };
    follow();
  }

  /** Whether the member's stream tells the balance now (so a draw need not ask for it). */
  memberLive(): boolean {
    return this.member?.connection.status() === 'live';
  }

  /** Stops following the session and closes the member's stream. */
  stop(): void {
    this.stopFollowing?.();
    this.stopFollowing = null;
    this.member?.connection.stop();
    this.member = null;
  }

  /** Opens the stream for the session now current, closes the one of a session that ended. */
  private followSession(): void {
    const member = session.get().member;
    const wanted = member !== null && online.isBrowserOnline() ? member : null;
    if (this.member?.key === wanted) return;
    this.member?.connection.stop();
    this.member = null;
    if (wanted === null) return;
    this.member = {
      key: wanted,
      connection: this.open({
        address: (lastEventId) => streamAddress(LivePath.member, lastEventId),
        onEvent: memberEventWriter(() => session.get().member === wanted),
        onStatus: () => undefined,
      }),
    };
  }
}

/** The app's live streams, read with the browser's fetch. */
export const LiveStreamsContext = createContext(new LiveStreams(fetchTransport()));
