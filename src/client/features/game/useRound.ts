import { useEffect, useRef } from 'react';
import { NEXT_ROUND_DELAY_MS } from '../../../shared/constants';
import type { GameInfoAnswer } from '../../../shared/api/types';
import { isBrowserOnline, useQuery } from '../../data';
import { clockNow } from '../../data/clock';
import { gameInfoQuery } from './gameApi';

export interface RoundState {
  /** The last good answer of getGameinfo (this visit's, or the cached one until then). */
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

/**
 * The room's current round, cached-first like every read: the last answer kept on this device shows
 * at once (marked stale) while the network answers, so the room opens offline. It is asked on entry
 * (unless the server gave it just now: the page it rendered, a room left a moment ago), again 3 s
 * after each draw (SPEC.md section 4), when the page becomes visible and when the network comes
 * back; nothing is asked while the page is hidden.
 */
export function useRound(
  roomid: number,
  options: { active: boolean; onNextRound?: () => void; streaming?: boolean },
): RoundState {
  const { active } = options;
  // The room's stream tells the next round (and writes it in the row read here): nothing to ask.
  const polling = active && options.streaming !== true;
  const onNextRound = useRef(options.onNextRound);
  useEffect(() => {
    onNextRound.current = options.onNextRound;
  });
  const round = useQuery(gameInfoQuery(roomid), { enabled: active, refreshOnReconnect: true });
  const { data: timed, error, refresh: reload } = round;

  // 3 s after the draw, the next round. If the answer still holds the finished round (or failed),
  // ask again every 3 s while the browser is online; offline, the online event takes over.
  useEffect(() => {
    if (!polling || timed === undefined) return;
    const untilNext = timed.info.game.drawAt - (clockNow() + timed.offset) + NEXT_ROUND_DELAY_MS;
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
  }, [polling, timed, error, reload]);

  return {
    info: timed?.info ?? null,
    offset: timed?.offset ?? 0,
    goodAt: round.updatedAt,
    // Not before the first attempt settles, so the cached answer does not flash a badge on entry.
    stale: timed !== undefined && round.status === 'stale' && (round.error !== null || !round.isValidating),
    error,
    loading: timed === undefined && round.isLoading,
    reload,
  };
}
