import { queryOptions } from '@tanstack/react-query';
import { OfflineError } from '../api/errors';
import { isBrowserOnline } from '../api/online';
import { appQueries } from './stores';
import type { QueryKey } from './key';

export interface LiveQuery<T> {
  key: QueryKey;
  fetch: () => Promise<T>;
  enabled: boolean;
  /**
   * Asked again this often (ms; TanStack's refetchInterval). A poll is enabled only while the
   * browser is online, so it starts again, at once, when the browser is back.
   */
  pollMs?: number;
}

/**
 * The options of a live read for TanStack's useQuery: a figure only true now (the member's orders
 * of this round, the room's live table while no stream tells it). It goes to the network each
 * time, neither restored from nor stored on the device; offline nothing is sent and the read fails
 * as offline at once. A poll keeps going while the server is out of reach but the browser is
 * online (it is what finds the server again), and the server found again by another request asks
 * at once (refetchOnReconnect, fed by the app's online signal).
 */
export function liveQuery<T>({ key, fetch, enabled, pollMs }: LiveQuery<T>) {
  return queryOptions<T, Error, T, readonly unknown[]>({
    queryKey: key,
    queryFn: () => (isBrowserOnline() ? fetch() : Promise.reject(new OfflineError())),
    enabled,
    persister: appQueries.fromNetwork,
    networkMode: 'always',
    staleTime: 0,
    // Not kept once no screen reads it: a later visit asks anew rather than showing an old answer.
    gcTime: 0,
    refetchInterval: pollMs ?? false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
  });
}
