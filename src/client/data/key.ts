import { isOwnedPath } from '../../shared/api/routes';
import type { ApiContract, ApiRequestOf } from '../../shared/api/types';

export type CallPath = keyof ApiContract;

/**
 * A read's identity: the call and its parameters, e.g. `/api/Game/getRoomList {"roomtype":1}`.
 * Parameters are sorted by name, so the same read always has the same key.
 */
export type QueryKey = string & { readonly __queryKey: true };

export function queryKey<P extends CallPath>(path: P, params: ApiRequestOf<P>): QueryKey {
  const entries = Object.entries(params as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path} ${JSON.stringify(Object.fromEntries(entries))}` as QueryKey;
}

/**
 * A list read in windows (the fund log): one key for the call, the window it holds is in the
 * cached data itself, so the list the member scrolled through opens offline whatever its range.
 */
export function windowedKey(path: CallPath): QueryKey {
  return `${path} {}` as QueryKey;
}

export function pathOfKey(key: QueryKey): string {
  return key.slice(0, key.indexOf(' '));
}

/**
 * Whether a read's rows are the member's own (the route table's `owned`): cached under the member's
 * session and cleared at logout. Everything else (config, content, games) is the same for everyone and stays.
 */
export function isMemberKey(key: QueryKey): boolean {
  return isOwnedPath(pathOfKey(key));
}
