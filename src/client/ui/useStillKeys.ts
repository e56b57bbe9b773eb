import { useState } from 'react';

const NONE: ReadonlySet<never> = new Set();

/**
 * The keys of a list's items that are drawn as they are, without motion: the first non-empty list
 * the component draws, and every item that arrives while it cannot animate (the motion code not
 * loaded yet, useMotionKit). Only items that arrive after them, when it can, animate: an animated
 * item costs a slow phone a few milliseconds to set up, and a whole first list of them held a
 * screen's first paint for nothing anyone sees. An item keeps how it was first drawn, so none
 * starts an entrance seconds after it appeared.
 */
export function useStillKeys<K>(keys: readonly K[], canAnimate: boolean): ReadonlySet<K> {
  const [still, setStill] = useState<ReadonlySet<K> | null>(null);
  const grows = still === null ? keys.length > 0 : !canAnimate && keys.some((key) => !still.has(key));
  if (grows) {
    const next = new Set([...(still ?? []), ...keys]);
    // Set during render: React draws again at once with it, before anything reaches the screen.
    setStill(next);
    return next;
  }
  return still ?? NONE;
}
