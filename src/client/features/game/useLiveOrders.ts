import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_ORDERS_POLL_MS, LIVE_ORDERS_STEP_MS } from '../../../shared/constants';
import type { LiveOrder } from '../../../shared/api/types';
import { useQuery as useTanstackQuery } from '@tanstack/react-query';
import { ApiPath } from '../../api';
import { liveQuery, queryKey, useBrowserOnline, useOnline, useQuery, type Query } from '../../data';
import { clockNow } from '../../data/clock';
import type { StreamStatus } from '../../data/live/connection';
import { fetchLiveOrders } from './gameApi';
import type { LiveTable } from './liveRoom';
import { EMPTY_FEED, receiveLive, revealNext, type LiveFeed } from './model';
import { liveTableKey } from './roomStream';

export interface LiveOrdersState {
  /** Rows to show, newest first: the current round's, empty from the draw on. */
  rows: LiveOrder[];
  goodAt: number | null;
  stale: boolean;
  /**
   * Whether the round's table has been told (a poll answered, the stream wrote it, or the stream is
   * live and would tell an order): until then an empty table is not yet "no orders".
   */
  known: boolean;
  /** Ask now (after the member's own order, say) instead of at the next 10 s tick. */
  pollNow: () => void;
}

/**
 * The live table of everyone's orders in the room's current round (SPEC.md section 4): polled
 * every 10 s with a cursor, new rows revealed one every 3 s, cleared at the draw; no polling while
 * the page is hidden, offline, or between the draw and the next round.
 */
export function useLiveOrders(options: {
  roomid: number;
  seqno: string | null;
  gametype: number;
  drawn: boolean;
  active: boolean;
  /** How the room is kept up to date: while its stream holds (or is about to), nothing is polled. */
  stream: StreamStatus;
}): LiveOrdersState {
  const { roomid, seqno, gametype, drawn, active, stream } = options;
  const streaming = stream !== 'polling';
  const [feed, setFeed] = useState<LiveFeed>(EMPTY_FEED);
  const feedRef = useRef(feed);
  useEffect(() => {
    feedRef.current = feed;
  });
  const lastReveal = useRef(0);

  // While the server is out of reach but the browser is online the 10 s poll keeps trying, so it
  // is what finds the server again; offline it stops, and starts again when the browser is back.
  const browserOnline = useBrowserOnline();
  // Asked from the feed's cursor: only the lines after those it holds.
  const fetchAfterCursor = useCallback(() => {
    const current = feedRef.current;
    const cursor = current.seqno === seqno ? current.cursor : 0;
    return fetchLiveOrders({ roomid, cursor, seqno: seqno ?? '', gametype });
  }, [roomid, seqno, gametype]);
  const read = useTanstackQuery(
    // The feed's ref is read only when TanStack calls the query function, never while rendering.
    // eslint-disable-next-line react-hooks/refs
    liveQuery({
      key: queryKey(ApiPath.vorder, { isfirst: 1, roomid, gameseq: seqno ?? '', gametype }),
      fetch: fetchAfterCursor,
      enabled: active && !drawn && seqno !== null && !streaming && browserOnline,
      pollMs: LIVE_ORDERS_POLL_MS,
    }),
  );
  const online = useOnline();
  // Each answer joins the feed once (taken in as it renders, like the streamed table below).
  const [answeredAt, setAnsweredAt] = useState(0);
  if (read.data && read.dataUpdatedAt !== answeredAt) {
    setAnsweredAt(read.dataUpdatedAt);
    const answer = read.data;
    if (seqno) setFeed((previous) => receiveLive(previous, seqno, answer.list, answer.order_id));
  }

  // While streaming, the table its events wrote (liveRoom.ts) feeds the same reveal as a poll's answer.
  // Taken in as it renders (React's "adjusting state when a prop changes"), once per table and round.
  const told = useQuery(streaming ? streamedTable(roomid) : null, { enabled: false }).data;
  const [taken, setTaken] = useState<{ told: LiveTable | undefined; seqno: string | null }>({ told: undefined, seqno });
  if (taken.told !== told || taken.seqno !== seqno) {
    setTaken({ told, seqno });
    if (streaming && told && told.seqno === seqno) {
      setFeed((previous) => withoutCancelled(receiveLive(previous, told.seqno, told.lines, told.cursor), told));
    }
  }

  // While the stream is live it confirms the table as it goes; when it stops (offline, or back to
  // polling) the table is as of that moment, until a poll answers.
  const [lastStream, setLastStream] = useState(stream);
  const [liveUntil, setLiveUntil] = useState<{ seqno: string | null; at: number } | null>(null);
  if (lastStream !== stream) {
    setLastStream(stream);
    if (lastStream === 'live') setLiveUntil({ seqno, at: clockNow() });
  }

  // One waiting row every 3 s; the first of a burst right away when the table has been quiet.
  const waiting = feed.queue.length;
  useEffect(() => {
    if (waiting === 0 || drawn) return;
    const delay = Math.max(0, lastReveal.current + LIVE_ORDERS_STEP_MS - Date.now());
    const timer = setTimeout(() => {
      lastReveal.current = Date.now();
      setFeed(revealNext);
    }, delay);
    return () => clearTimeout(timer);
  }, [waiting, drawn]);

  const { refetch } = read;
  const pollNow = useCallback(() => {
    if (!streaming) void refetch({ cancelRefetch: false });
  }, [refetch, streaming]);

  // At the draw the round's list clears; the next round's first answer starts a new feed.
  const rows = drawn || feed.seqno !== seqno ? NO_ROWS : feed.shown;
  const answered = drawn || feed.seqno === seqno;
  if (streaming) return { rows, goodAt: null, stale: false, known: answered || stream === 'live', pollNow };
  const streamedAt = liveUntil?.seqno === seqno ? liveUntil.at : null;
  const polledAt = read.data ? read.dataUpdatedAt : null;
  const goodAt = polledAt === null || (streamedAt !== null && streamedAt > polledAt) ? streamedAt : polledAt;
  return { rows, goodAt, stale: !online || read.error !== null, known: answered || goodAt !== null, pollNow };
}

/** The streamed table is only ever written by events: it has nothing to fetch. */
const streamedTable = (roomid: number): Query<LiveTable> => ({
  key: liveTableKey(roomid),
  fetch: () => Promise.reject(new Error('the live table is written by the room stream')),
});

/** Lines the stream took off the table (orders.cancelled) leave the feed too. */
function withoutCancelled(feed: LiveFeed, table: LiveTable): LiveFeed {
  const kept = new Set(table.lines.map((line) => line.id));
  const oldest = table.lines[0]?.id ?? Infinity;
  // Lines older than the table keeps are not known to be cancelled: they stay.
  const stays = (order: { id: number }) => kept.has(order.id) || order.id < oldest || order.id > table.cursor;
  if (feed.shown.every(stays) && feed.queue.every(stays)) return feed;
  return { ...feed, shown: feed.shown.filter(stays), queue: feed.queue.filter(stays) };
}

const NO_ROWS: LiveOrder[] = [];
