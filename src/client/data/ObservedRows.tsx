import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyNow } from '../lazyNow';
import { cacheGate, queryCache } from '../stores';
import type { QueryCache } from './queryCache';

/** The observer of cached rows (CachedRows.tsx) comes with the chunk that loads Dexie. */
const CachedRows = lazyNow((): Promise<{ default: ComponentType<{ cache: QueryCache }> }> =>
  import('./cacheDb').then(
    (module) => ({ default: module.CachedRows }),
    // No database chunk (it could not load): screens read the network alone; the query cache
    // already counts their keys as uncached (queryCache.ts subscribe).
    () => ({ default: () => null }),
  ),
);

/**
 * Mounted once beside the app's screens: what the cache database holds reaches the screens through
 * it. In a browser that has stored rows it observes from the first render; on a first visit, once
 * the database may open (data/cacheGate.ts).
 */
export function ObservedRows() {
  const [open, setOpen] = useState(() => cacheGate.isOpen());
  useEffect(() => {
    if (open) return;
    let mounted = true;
    void cacheGate.ready().then(() => mounted && setOpen(true));
    return () => {
      mounted = false;
    };
  }, [open]);
  return open ? (
    <Suspense fallback={null}>
      <CachedRows cache={queryCache} />
    </Suspense>
  ) : null;
}
