import { api } from '../api';
import type { ApiAnswerOf, ApiRequestOf } from '../../shared/api/types';
import { queryKey, type CallPath, type QueryKey } from './key';
import { useSynced, type Synced, type UseSyncedOptions } from './sync';

/** A read the app caches: its key (the call and its parameters) and how to fetch it. */
export interface Query<T> {
  key: QueryKey;
  fetch: () => Promise<T>;
}

/**
 * The read of a call with its parameters. By default it asks silently (the page shows its own
 * loading, empty and unavailable states rather than a toast); `select` checks or reshapes the
 * answer before it is cached (an answer of the wrong shape is a failure, not a row).
 */
export function defineQuery<P extends CallPath, T = ApiAnswerOf<P>>(
  path: P,
  params: ApiRequestOf<P>,
  select?: (answer: ApiAnswerOf<P>) => T,
): Query<T> {
  return {
    key: queryKey(path, params),
    fetch: async () => {
      const answer = await api.call(path, params, { silent: true });
      return select ? select(answer) : (answer as unknown as T);
    },
  };
}

/** Cache-first read of a query; `null` reads nothing (e.g. no id yet). */
export function useQuery<T>(query: Query<T> | null, options?: UseSyncedOptions): Synced<T> {
  return useSynced(query?.key ?? null, query ? query.fetch : noFetch, options);
}

const noFetch = (): Promise<never> => Promise.reject(new Error('no query'));
