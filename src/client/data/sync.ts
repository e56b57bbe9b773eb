import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useBrowserOnline, useOnline } from '../api/online';
import { queryCache } from '../stores';
import { clockNow } from './clock';
import type { CacheRow } from './db';
import { hashKey, type KeyPrefix, type QueryKey } from './key';
import type { KeyState, RevalidateOptions } from './queryCache';

/**
 * How a screen reads through the query cache (queryCache.ts, created in stores.ts): whether what it
 * shows is fresh (confirmed by the server in this visit), stale (cached, not confirmed or offline)
 * or empty (nothing cached yet).
 */
export type SyncStatus = 'fresh' | 'stale' | 'empty';

export interface Synced<T> {
  data: T | undefined;
  status: SyncStatus;
  /** Epoch ms of the cached answer, null when nothing is cached. */
  updatedAt: number | null;
  /** The last revalidation's failure, if it failed. */
  error: unknown;
  /** True until the cache has been read, and while an empty key is being fetched. */
  isLoading: boolean;
  /** True while a request for this key is in flight (or about to be). */
  isValidating: boolean;
  refresh: () => Promise<void>;
}

/** The row a key holds, from this page or the database; undefined when there is none. */
export const getQueryData = <T>(key: QueryKey): Promise<CacheRow<T> | undefined> => queryCache.getQueryData<T>(key);

/**
 * Writes data under a key as if the server had answered it: screens showing the key redraw, the
 * database stores it, other tabs see it. The seam for news that comes without a read (an event).
 */
export const setQueryData = <T>(key: QueryKey, data: T, updatedAt?: number): Promise<void> =>
  queryCache.setQueryData(key, data, updatedAt);

/** Fetch a key now and write the answer back (shared with a request already under way). */
export const revalidate = <T>(key: QueryKey, fetcher: () => Promise<T>, options?: RevalidateOptions): Promise<void> =>
  queryCache.revalidate(key, fetcher, options);

/** The reads a change touched: asked again where shown, and not counted as confirmed elsewhere. */
export const invalidate = (prefixes: readonly KeyPrefix[]): Promise<void> => queryCache.invalidate(prefixes);

export interface UseSyncedOptions extends RevalidateOptions {
  /** Revalidate when the page becomes visible again and the last check is older than this (ms). */
  refreshOnVisibleAfterMs?: number;
  /** False: show the cached row but ask the server nothing (a page in the background). Default true. */
  enabled?: boolean;
}

const DEFAULT_MAX_AGE_MS = 2_000;
const NOTHING: KeyState = { row: null, ok: null, error: null, pending: false, checkedAt: 0 };
const noSubscription = () => () => undefined;

/**
 * Cache-first read of a key. `key = null` disables it (e.g. the profile while logged out).
 * The fetcher may change between renders; the latest one is used.
 */
export function useSynced<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  options: UseSyncedOptions = {},
): Synced<T> {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const visibleAfter = options.refreshOnVisibleAfterMs ?? 60_000;
  const enabled = options.enabled ?? true;

  // The key's identity is its text: a new array with the same call and parameters is the same read.
  const hash = key ? hashKey(key) : null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same text is the same key
  const stableKey = useMemo(() => key, [hash]);

  const subscribe = useCallback(
    (listener: () => void) => (stableKey ? queryCache.subscribe(stableKey, listener) : noSubscription()),
    [stableKey],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => (stableKey ? queryCache.stateOf(stableKey) : NOTHING),
    () => NOTHING,
  );
  const online = useOnline();
  const browserOnline = useBrowserOnline();

  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  useEffect(() => {
    if (stableKey) queryCache.setFetcher(stableKey, () => fetcherRef.current());
  }, [stableKey]);

  const run = useCallback(
    (force: boolean) => {
      if (!stableKey) return Promise.resolve();
      return queryCache.revalidate(stableKey, () => fetcherRef.current(), { maxAgeMs: force ? 0 : maxAgeMs });
    },
    [stableKey, maxAgeMs],
  );

  // On entry, when enabled again, and when the network (or the server) is back.
  useEffect(() => {
    if (enabled && browserOnline && online) void run(false);
  }, [run, enabled, browserOnline, online]);

  useEffect(() => {
    if (!stableKey || !enabled) return;
    const onVisible = () => {
      const { checkedAt } = queryCache.stateOf(stableKey);
      if (document.visibilityState === 'visible' && clockNow() - checkedAt > visibleAfter) void run(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [stableKey, enabled, run, visibleAfter]);

  const refresh = useCallback(() => run(true), [run]);

  const row = state.row as CacheRow<T> | null | undefined;
  const cached = row ?? null;
  const status: SyncStatus = cached === null ? 'empty' : online && state.ok === true ? 'fresh' : 'stale';
  // Not yet tried in this visit counts as validating, so a badge does not flash before the first
  // request; only while a request will be sent, though: with the server out of reach (the browser
  // may still say online), none is, and what shows is stale until the server answers again.
  const untried = state.ok === null && online && enabled;
  return {
    data: cached?.data,
    status,
    updatedAt: cached?.updatedAt ?? null,
    error: state.ok === false ? state.error : null,
    isLoading: stableKey !== null && (row === undefined || (cached === null && (state.pending || untried))),
    isValidating: stableKey !== null && (state.pending || untried),
    refresh,
  };
}
