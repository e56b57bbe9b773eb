import { useState } from 'react';

/**
 * The keys of the first non-empty list a component draws. A list shows those items as they are and
 * animates only what arrives after them: an animated item costs a slow phone a few milliseconds to
 * set up, and a whole first list of them held a screen's first paint for nothing anyone sees.
 * `null` until the list has items (nothing is drawn then either).
 */
export function useFirstKeys<K>(keys: readonly K[]): ReadonlySet<K> | null {
  const [first, setFirst] = useState<ReadonlySet<K> | null>(null);
  // Set during render: React draws again at once with it, before anything reaches the screen.
  if (first === null && keys.length > 0) {
    const kept = new Set(keys);
    setFirst(kept);
    return kept;
  }
  return first;
}
