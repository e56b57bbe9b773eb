import { useCallback, useRef, useSyncExternalStore } from 'react';
import { pageClock } from '../../lib/pageClock';
import type { GameRound } from '../../../shared/api/types';
import { msUntilNextTick, roundClock, type RoundClock, type RoundPhaseClock } from './model';

/**
 * The countdown of a round on the server's clock: drawAt and closeAt from the server, corrected by
 * the measured clock offset. Each tick reads the device clock afresh, so a throttled or sleeping
 * timer never makes the countdown drift; the component re-renders when the shown second or the
 * phase changes. Only the countdown reads this: the room around it reads `useRoundPhase`.
 */
export function useRoundClock(round: GameRound | null, offset: number): RoundClock | null {
  return useClockView(round, offset, wholeClock, sameClock);
}

/**
 * What the room acts on (open, closing soon, closed, drawn), re-rendering its reader only when that
 * changes: a few times a round, not every second.
 */
export function useRoundPhase(round: GameRound | null, offset: number): RoundPhaseClock | null {
  return useClockView(round, offset, phaseOf, samePhase);
}

const wholeClock = (clock: RoundClock): RoundClock => clock;
const sameClock = (a: RoundClock, b: RoundClock) =>
  a.phase === b.phase &&
  a.closingSoon === b.closingSoon &&
  a.secondsLeft === b.secondsLeft &&
  a.secondsToClose === b.secondsToClose;
const phaseOf = ({ phase, closed, closingSoon }: RoundClock): RoundPhaseClock => ({ phase, closed, closingSoon });
const samePhase = (a: RoundPhaseClock, b: RoundPhaseClock) => a.phase === b.phase && a.closingSoon === b.closingSoon;

/**
 * A view of the round's clock as an external store the timer moves: the server renders the view at
 * the moment it made the page, and the app taking that page over shows the same (React's server
 * snapshot); from then on the device's clock corrected by the offset. A view equal to the last one
 * is the same object, so its reader is drawn again only when it changes, and a page taken over
 * whose view has not changed since it was made is not drawn again at all.
 */
function useClockView<T>(
  round: GameRound | null,
  offset: number,
  view: (clock: RoundClock) => T,
  same: (a: T, b: T) => boolean,
): T | null {
  const last = useRef<T | null>(null);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!round) return () => undefined;
      const next = () => msUntilNextTick(round, Date.now() + offset);
      let timer = setTimeout(function tick() {
        changed();
        timer = setTimeout(tick, next());
      }, next());
      return () => clearTimeout(timer);
    },
    [round, offset],
  );
  const read = (serverNow: number): T | null => {
    if (!round) return null;
    const shown = view(roundClock(round, serverNow));
    if (last.current !== null && same(last.current, shown)) return last.current;
    return (last.current = shown);
  };
  return useSyncExternalStore(
    subscribe,
    () => read(Date.now() + offset),
    () => read(pageClock.renderedAt ?? Date.now() + offset),
  );
}
