import { useCallback, useEffect, useRef, useState } from 'react';
import { NEXT_ROUND_DELAY_MS } from '../../../shared/constants';
import type { GameInfoAnswer } from '../../../shared/api/types';
import { isBrowserOnline, readCached, useOnline, writeCached } from '../../data';
import { clockNow } from '../../data/clock';
import { OfflineError } from '../../api';
import { gameInfoQuery, type TimedGameInfo } from './gameApi';

export interface RoundState {
  /** The last good answer of getGameinfo (this session's, or the cached one until then). */
  info: GameInfoAnswer | null;
  /** Server clock minus device clock, measured with that answer. */
  offset: number;
  /** Device time of the last good answer; null when there is none. */
  goodAt: number | null;
  /**
   * The figures are the last good ones, not confirmed now: offline, the last reload failed, or
   * only the cached answer is known so far.
   */
  stale: boolean;
  /** The last reload's failure, if it failed. */
  error: unknown;
  /** Nothing to show yet and a first answer is on its way. */
  loading: boolean;
  reload: () => Promise<void>;
}

interface Loaded {
  timed: TimedGameInfo | null;
  goodAt: number | null;
  /** Whether the shown answer came from the server in this visit (not from the cache). */
  confirmed: boolean;
  error: unknown;
  /** At least one attempt (or the offline verdict) is done. */
  settled: boolean;
}

const INITIAL: Loaded = { timed: null, goodAt: null, confirmed: false, error: null, settled: false };

/**
 * The room's current round: loaded on entry, again 3 s after each draw (SPEC.md section 4), when
 * the page becomes visible and when the network comes back. Nothing runs while the page is hidden.
 */
export function useRound(roomid: number, options: { active: boolean; onNextRound?: () => void }): RoundState {
  const { active } = options;
  const [state, setState] = useState<Loaded>(INITIAL);
  const online = useOnline();
  const inflight = useRef<Promise<void> | null>(null);
  const onNextRound = useRef(options.onNextRound);
  useEffect(() => {
    onNextRound.current = options.onNextRound;
  });

  const reload = useCallback((): Promise<void> => {
    if (inflight.current) return inflight.current;
    if (!isBrowserOnline()) {
      setState((s) => ({ ...s, error: new OfflineError(), settled: true }));
      return Promise.resolve();
    }
    const run = (async () => {
      try {
        const query = gameInfoQuery(roomid);
        const timed = await query.fetch();
        setState({ timed, goodAt: clockNow(), confirmed: true, error: null, settled: true });
        void writeCached(query.key, timed).catch(() => undefined);
      } catch (error) {
        setState((s) => ({ ...s, error, settled: true }));
      } finally {
        inflight.current = null;
      }
    })();
    inflight.current = run;
    return run;
  }, [roomid]);

  // The last answer kept on this device shows at once (marked stale) while the network answers.
  useEffect(() => {
    let cancelled = false;
    readCached<TimedGameInfo>(gameInfoQuery(roomid).key)
      .then((row) => {
        if (cancelled || !row?.data?.info) return;
        setState((s) => (s.timed ? s : { ...s, timed: row.data, goodAt: row.updatedAt }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [roomid]);

  // On entry and whenever the page becomes visible again.
  useEffect(() => {
    if (active) void reload();
  }, [active, reload]);

  // The network came back: the room reloads by itself.
  const wasOnline = useRef(online);
  useEffect(() => {
    const came = online && !wasOnline.current;
    wasOnline.current = online;
    if (came && active) {
      void reload();
      onNextRound.current?.();
    }
  }, [online, active, reload]);

  // 3 s after the draw, the next round. If the answer still holds the finished round (or failed),
  // ask again every 3 s while the browser is online; offline, the online event takes over.
  const { timed, error } = state;
  useEffect(() => {
    if (!active || timed === null) return;
    const untilNext = timed.info.game.drawAt - (Date.now() + timed.offset) + NEXT_ROUND_DELAY_MS;
    if (untilNext <= 0 && !isBrowserOnline()) return;
    const scheduled = untilNext > 0;
    const timer = setTimeout(
      () => {
        void reload();
        if (scheduled) onNextRound.current?.();
      },
      scheduled ? untilNext : NEXT_ROUND_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [active, timed, error, reload]);

  return {
    info: timed?.info ?? null,
    offset: timed?.offset ?? 0,
    goodAt: state.goodAt,
    // Not before the first attempt settles, so the cached answer does not flash a badge on entry.
    stale: timed !== null && state.settled && (!online || error !== null || !state.confirmed),
    error,
    loading: timed === null && !state.settled,
    reload,
  };
}
