import { CancelledError } from '@tanstack/react-query';
import { api } from '../api';
import type { ApiAnswerOf, ApiRequestOf } from '../../shared/api/types';
import { queryKey, type CallPath, type QueryKey } from './key';
import { appQueries } from './stores';
import { isOnline } from '../api/online';
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
 * Starts a read before its screen is there (the first screen, the probe that finds the server back);
 * a screen then shares it. It goes to the network (or the page's own answers) whatever the online
 * signal says; when nothing answers while offline, the stored answer is restored instead.
 */
export async function prefetch<T>(query: Query<T>): Promise<void> {
  await fetchQuery(query);
  const queryKey = query.key as unknown as readonly unknown[];
  if (appQueries.client.getQueryData(queryKey) === undefined && !isOnline()) await revalidate(query.key, query.fetch);
}

/**
 * Asks the server for a query now and returns what it answered in this very call, or undefined
 * when it did not answer (offline, refused, no network): a decision such as "this member has no
 * saved account" is only taken on a confirmed answer, never on a stored one.
 */
export async function fetchQuery<T>(query: Query<T>): Promise<T | undefined> {
  let answered: T | undefined;
  const fetch = async () => (answered = await query.fetch());
  const queryKey = query.key as unknown as readonly unknown[];
  for (let attempt = 1; ; attempt += 1) {
    try {
      const data = await appQueries.client.fetchQuery<T, Error, T, readonly unknown[]>({
        queryKey,
        queryFn: fetch,
        staleTime: 0,
        persister: appQueries.fromNetwork,
      });
      // Stored behind the answer, not waited for: on a first visit the database opens only once the
      // first screen's reads have settled (cacheGate.ts), so waiting would hold the gate shut.
      void appQueries.persist(query.key);
      // A request already under way was joined: its answer counts if the server gave it.
      return answered ?? (appQueries.isConfirmed(query.key) ? data : undefined);
    } catch (error) {
      // Replaced by a newer read of the key (a change asked it again, cancelling ours, and that one
      // was replaced in turn before it answered): the newest one, begun after this call, is joined.
      const replaced = error instanceof CancelledError && error.silent === true;
      if (!replaced || attempt === MAX_REPLACED) return undefined;
    }
  }
}

/** How often a read asked for a decision may be replaced by newer ones before it gives up. */
const MAX_REPLACED = 5;

/** Cache-first read of a query; `null` reads nothing (e.g. no id yet). */
export function useQuery<T>(query: Query<T> | null, options?: UseSyncedOptions): Synced<T> {
  return useSynced(query?.key ?? null, query ? query.fetch : noFetch, options);
}

const noFetch = (): Promise<never> => Promise.reject(new Error('no query'));
