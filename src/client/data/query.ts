import { api } from '../api';
import type { ApiAnswerOf, ApiRequestOf } from '../../shared/api/types';
import { queryKey, type CallPath, type QueryKey } from './key';
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

/** Starts a read before its screen is there (App.tsx, for the first screen); the screen then shares it. */
export function prefetch<T>(query: Query<T>): Promise<void> {
  return revalidate(query.key, query.fetch);
}

/** Cache-first read of a query; `null` reads nothing (e.g. no id yet). */
export function useQuery<T>(query: Query<T> | null, options?: UseSyncedOptions): Synced<T> {
  return useSynced(query?.key ?? null, query ? query.fetch : noFetch, options);
}

const noFetch = (): Promise<never> => Promise.reject(new Error('no query'));
