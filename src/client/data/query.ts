import { api } from '../api';
import type { ApiAnswerOf, ApiRequestOf } from '../../shared/api/types';
import { queryKey, type CallPath, type QueryKey } from './key';
import { queryCache } from '../stores';
import { clockNow } from './clock';
import { revalidate, useSynced, type Synced, type UseSyncedOptions } from './sync';

/** A read the app caches: its key (the call and its parameters) and how to fetch it. */
export interface Query<T> {
  key: QueryKey;
  fetch: () => Promise<T>;
}

export interface QueryOptions<A, T> {
  /** Checks or reshapes the answer before it is cached (an answer of the wrong shape is a failure, not a row). */
  select?: (answer: A) => T;
  /** Toast a refusal (default: silent, the page shows its own loading, empty and unavailable states). */
  toastRefusal?: boolean;
}

/** The read of a call with its parameters. */
export function defineQuery<P extends CallPath, T = ApiAnswerOf<P>>(
  path: P,
  params: ApiRequestOf<P>,
  options: QueryOptions<ApiAnswerOf<P>, T> = {},
): Query<T> {
  const { select, toastRefusal = false } = options;
  return {
    key: queryKey(path, params),
    fetch: async () => {
      const answer = await api.call(path, params, { silent: !toastRefusal });
      return select ? select(answer) : (answer as unknown as T);
    },
  };
}

/**
 * Starts a read before its screen is there (the first screen, a probe); a screen then shares it.
 * Settles once the answer (or the failure) is in this visit's cache, before the database has it.
 */
export function prefetch<T>(query: Query<T>): Promise<void> {
  return revalidate(query.key, query.fetch, { until: 'answered' });
}

/**
 * Asks the server for a query now and returns what it answered in this very call, or undefined
 * when it did not answer (offline, refused, no network): a decision such as "this member has no
 * saved account" is only taken on a confirmed answer, never on an old cached one. A request already
 * under way is shared, so success is read from when the key was last confirmed.
 */
export async function fetchQuery<T>(query: Query<T>): Promise<T | undefined> {
  const since = clockNow();
  await queryCache.revalidate(query.key, query.fetch, { maxAgeMs: 0 });
  const state = queryCache.stateOf(query.key);
  const row = state.row as { data: T } | null | undefined;
  return state.ok === true && state.checkedAt >= since && row ? row.data : undefined;
}

/** Cache-first read of a query; `null` reads nothing (e.g. no id yet). */
export function useQuery<T>(query: Query<T> | null, options?: UseSyncedOptions): Synced<T> {
  return useSynced(query?.key ?? null, query ? query.fetch : noFetch, options);
}

const noFetch = (): Promise<never> => Promise.reject(new Error('no query'));
