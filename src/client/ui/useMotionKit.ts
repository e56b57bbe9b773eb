import { useEffect } from 'react';
import { observable, useObservable } from '../lib/observable';
import { chunkLoader } from '../lib/chunkLoader';
import { whenIdle } from '../lib/idle';

export type MotionKit = typeof import('./motionKit');

/** The kit once loaded, null before. */
const kit = observable<MotionKit | null>(null);

/** The kit and the animation features its scope loads, in one go: the first entrance then plays at once. */
export const loadMotionKit = chunkLoader(() =>
  Promise.all([import('./motionKit'), import('./motion-features')]).then(([module]) => {
    kit.set(module);
    return module;
  }),
);

/** Asks for the kit once the page has loaded and the main thread is idle; again after a failed load. */
const loadAfterPaint = chunkLoader(
  () =>
    new Promise<void>((resolve, reject) => {
      // Offline before the worker kept the chunk, the load fails: the next screen that animates asks again.
      const load = () => void loadMotionKit().then(() => resolve(), reject);
      const loadWhenIdle = () => whenIdle(load, window);
      if (document.readyState === 'complete') loadWhenIdle();
      else window.addEventListener('load', loadWhenIdle, { once: true });
    }),
);

/**
 * framer-motion's components once they have loaded, `null` before: a screen's first paint draws
 * without motion (a room's results and live orders are plain markup then), and a component that
 * animates arrivals asks for the kit after that paint. What arrives before it came appears without
 * an entrance (useStillKeys).
 */
export function useMotionKit(): MotionKit | null {
  const current = useObservable(kit, null);
  useEffect(() => {
    if (!kit.get()) void loadAfterPaint().catch(() => undefined);
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
