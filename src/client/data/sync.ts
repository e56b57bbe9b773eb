import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery as useTanstackQuery, type UseQueryResult } from '@tanstack/react-query';
import { useOnline } from '../api/online';
import { appQueries } from './stores';
import { clockNow } from './clock';
import type { CacheRow } from './db';
import { hashKey, type KeyPrefix, type QueryKey } from './key';
import { CONFIRMED_FOR_MS } from './queryClient';

/**
 * How a screen reads through the query client (queryClient.ts, created in stores.ts): whether what
 * it shows is fresh (confirmed by the server in this visit), stale (restored from the device, not
 * confirmed, or offline) or empty (nothing cached yet).
 */
export type SyncStatus = 'fresh' | 'stale' | 'empty';

export interface Synced<T> {
  data: T | undefined;
  status: SyncStatus;
  /** Epoch ms of the answer shown, null when there is none. */
  updatedAt: number | null;
  /** The last request's failure, if it failed. */
  error: unknown;
  /** True while nothing is shown and an answer (stored or asked) is on its way. */
  isLoading: boolean;
  /** True while a request for this key is in flight (or about to be). */
  isValidating: boolean;
  refresh: () => Promise<void>;
}

const { client } = appQueries;

/** What a key holds now, from this visit or, failing that, the database; undefined when nothing. */
export async function getQueryData<T>(key: QueryKey): Promise<{ data: T; updatedAt: number } | undefined> {
  const state = client.getQueryState<T>(key);
  if (state?.data !== undefined) return { data: state.data, updatedAt: state.dataUpdatedAt };
  const row: CacheRow<T> | undefined = await appQueries.storedAnswer<T>(key);
  return row && { data: row.data, updatedAt: row.updatedAt };
}

/**
 * Writes data under a key as if the server had answered it: screens showing the key redraw and
 * the database stores it. The seam for news that comes without a read (an event, a write's answer).
 */
export async function setQueryData<T>(key: QueryKey, data: T, updatedAt = clockNow()): Promise<void> {
  client.setQueryData(key, data, { updatedAt });
  await appQueries.persist(key);
}

/** Asks a key now unless confirmed within `maxAgeMs`; settles once it is answered (or failed). */
export async function revalidate<T>(key: QueryKey, fetcher: () => Promise<T>, maxAgeMs = 0): Promise<void> {
  await client.fetchQuery({ queryKey: key, queryFn: fetcher, staleTime: maxAgeMs }).catch(() => undefined);
}

/** The reads a change touched, by key prefix: asked again where shown, and stale everywhere else. */
export async function invalidate(prefixes: readonly KeyPrefix[]): Promise<void> {
  await Promise.all(
    prefixes.map((prefix) => client.invalidateQueries({ queryKey: prefix as unknown as readonly unknown[] })),
  );
}

export interface UseSyncedOptions {
  /** Not asked again within this long of the server's answer (ms). */
  maxAgeMs?: number;
  /** Asked again when the page becomes visible and the answer is older than this (ms). */
  refreshOnVisibleAfterMs?: number;
  /** False: show what is cached but ask the server nothing (a page in the background). Default true. */
  enabled?: boolean;
  /**
   * Asked again when the network comes back however recent the answer (what changed meanwhile was
   * missed); by default only once it is older than `maxAgeMs`.
   */
  refreshOnReconnect?: boolean;
}

const NO_KEY = ['none'] as const;

/**
 * Cache-first read of a key with TanStack's useQuery. `key = null` disables it (e.g. the profile
 * while logged out). The fetcher may change between renders; the latest one is used.
 */
export function useSynced<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  options: UseSyncedOptions = {},
): Synced<T> {
  const maxAgeMs = options.maxAgeMs ?? CONFIRMED_FOR_MS;
  const visibleAfter = options.refreshOnVisibleAfterMs ?? 60_000;
  const enabled = (options.enabled ?? true) && key !== null;
  const online = useOnline();

  // The key's identity is its text: a new array with the same call and parameters is the same read.
  const hash = key ? hashKey(key) : null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same text is the same key
  const stableKey = useMemo(() => key, [hash]);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  const result = useTanstackQuery<T, Error, T, readonly unknown[]>({
    queryKey: stableKey ?? NO_KEY,
    queryFn: () => fetcherRef.current(),
    enabled,
    staleTime: (query) =>
      stableKey && appQueries.isConfirmed(stableKey) && query.state.status === 'success' ? maxAgeMs : 0,
    refetchOnWindowFocus: (query) => (clockNow() - query.state.dataUpdatedAt > visibleAfter ? 'always' : false),
    refetchOnReconnect: options.refreshOnReconnect === true ? 'always' : true,
  });
  const { refetch } = result;
  const refresh = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);
  return syncedOf(result, stableKey, { enabled, online, refresh });
}

/**
 * What a TanStack result shows, said as fresh, stale or empty: fresh only when the server gave
 * it in this visit and the app is online (`useSynced`; a paged read's pages joined, `usePagedQuery`).
 */
export function syncedOf<T>(
  result: Pick<UseQueryResult<unknown>, 'status' | 'isFetching' | 'dataUpdatedAt' | 'error'> & { data: T | undefined },
  key: QueryKey | null,
  { enabled, online, refresh }: { enabled: boolean; online: boolean; refresh: () => Promise<void> },
): Synced<T> {
  if (!key) {
    return {
      data: undefined,
      status: 'empty',
      updatedAt: null,
      error: null,
      isLoading: false,
      isValidating: false,
      refresh,
    };
  }
  const { data, status: state } = result;
  const confirmed = appQueries.isConfirmed(key) && state === 'success';
  const status: SyncStatus = data === undefined ? 'empty' : online && confirmed ? 'fresh' : 'stale';
  // An answer restored from the device is asked for at once behind it: counted as validating until
  // then, so a stale mark does not flash; only while a request will be sent, though (online).
  const restoredAwaiting = data !== undefined && !confirmed && state === 'success' && enabled;
  const isValidating = online && (result.isFetching || restoredAwaiting);
  return {
    data,
    status,
    updatedAt: data === undefined ? null : result.dataUpdatedAt,
    error: state === 'error' ? result.error : null,
    isLoading: data === undefined && (result.isFetching || (state === 'pending' && enabled && online)),
    isValidating,
    refresh,
  };
}
