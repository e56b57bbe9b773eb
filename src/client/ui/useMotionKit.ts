import { useEffect, useSyncExternalStore } from 'react';
import { chunkLoader } from '../chunkLoader';
import { whenIdle } from '../idle';

export type MotionKit = typeof import('./motionKit');

let kit: MotionKit | null = null;
const listeners = new Set<() => void>();

/** The kit and the animation features its scope loads, in one go: the first entrance then plays at once. */
export const loadMotionKit = chunkLoader(() =>
  Promise.all([import('./motionKit'), import('./motion-features')]).then(([module]) => {
    kit = module;
    for (const listener of listeners) listener();
    return module;
  }),
);

let asked = false;

/** Asks for the kit once the page has loaded and the main thread is idle; again after a failed load. */
function loadAfterPaint(win: Window = window): void {
  if (asked) return;
  asked = true;
  const load = () =>
    void loadMotionKit().catch(() => {
      asked = false; // offline before the worker kept the chunk: the next screen that animates asks again
    });
  const loadWhenIdle = () => whenIdle(load, win);
  if (win.document.readyState === 'complete') loadWhenIdle();
  else win.addEventListener('load', loadWhenIdle, { once: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * framer-motion's components once they have loaded, `null` before: a screen's first paint draws
 * without motion (a room's results and live orders are plain markup then), and a component that
 * animates arrivals asks for the kit after that paint. What arrives before it came appears without
 * an entrance (useStillKeys).
 */
export function useMotionKit(): MotionKit | null {
  const current = useSyncExternalStore(
    subscribe,
    () => kit,
    () => null,
  );
  useEffect(() => {
    if (!kit) loadAfterPaint();
  }, []);
  return current;
}

/**
 * A part's entrance (framer-motion's `initial`), played only once the animation engine is there.
 * Before it, an `m` component draws its `initial` values and nothing moves them on: a dialog, a
 * toast or a sheet that opened then sat invisible, shrunk or below the screen until the engine's
 * chunk came (a loaded machine measured a dialog's buttons at 0.97 of their size). Before the
 * engine, it appears where it ends.
 */
export function useEntrance<T>(from: T): T | false {
  return useMotionKit() ? from : false;
}
