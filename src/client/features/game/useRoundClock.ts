import { useEffect, useState } from 'react';
import { pageClock } from '../../lib/pageClock';
import { useStarted } from '../../lib/useStarted';
import type { GameRound } from '../../../shared/api/types';
import { msUntilNextTick, roundClock, type RoundClock } from './model';

/**
 * The countdown of a round on the server's clock: drawAt and closeAt from the server, corrected by
 * the measured clock offset. Each tick reads the device clock afresh, so a throttled or sleeping
 * timer never makes the countdown drift; it re-renders when the shown second or the phase changes.
 */
export function useRoundClock(round: GameRound | null, offset: number): RoundClock | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!round) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const local = Date.now();
      setNow(local);
      timer = setTimeout(tick, msUntilNextTick(round, local + offset));
    };
    // A new round (or offset) shows at once, then on every second boundary.
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [round, offset]);
  // The server renders the time left when it made the page, and the app's first render (taking over
  // that page) shows the same; from its next render on, the device's clock corrected by the offset.
  const started = useStarted();
  const serverNow = started ? now + offset : (pageClock.renderedAt ?? now + offset);
  return round ? roundClock(round, serverNow) : null;
}
