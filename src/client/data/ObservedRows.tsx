import { lazy, Suspense, type ComponentType } from 'react';
import { queryCache } from '../stores';
import type { QueryCache } from './queryCache';

/** The observer of cached rows (CachedRows.tsx) comes with the chunk that loads Dexie. */
const CachedRows = lazy((): Promise<{ default: ComponentType<{ cache: QueryCache }> }> =>
  import('./cacheDb').then(
    (module) => ({ default: module.CachedRows }),
    // No database chunk (it could not load): screens read the network alone; the query cache
    // already counts their keys as uncached (queryCache.ts subscribe).
    () => ({ default: () => null }),
  ),
);

/** Mounted once beside the app's screens: what the cache database holds reaches the screens through it. */
export function ObservedRows() {
  return (
    <Suspense fallback={null}>
      <CachedRows cache={queryCache} />
    </Suspense>
  );
}
