import { isOwnedPath } from '../../shared/api/calls';
import type { ApiContract, ApiRequestOf } from '../../shared/api/types';

export type CallPath = keyof ApiContract;

type Params = Readonly<Record<string, unknown>>;

/**
 * A read's identity, as the query libraries have it: the call and its parameters,
 * e.g. `['/api/Game/getRoomList', { roomtype: 1 }]`. Reads are found by it, and invalidated by a
 * prefix of it (TanStack's partial key match).
 */
export type QueryKey = readonly [path: CallPath, params: Params];

/** A key or the start of one: every read of a call, or those whose parameters include these. */
export type KeyPrefix = readonly [path: CallPath] | QueryKey;

export function queryKey<P extends CallPath>(path: P, params: ApiRequestOf<P>): QueryKey {
  return [path, params];
}

/**
 * A list read in windows (the fund log): one key for the call, the window it holds is in the
 * cached data itself, so the list the member scrolled through opens offline whatever its range.
 */
export function windowedKey(path: CallPath): QueryKey {
  return [path, {}];
}

/** JSON with every object's properties sorted by name: the same parameters give the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Params)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The text a key is stored under, e.g. `/api/Game/getRoomList {"roomtype":1}` (the same text the
 * cache has used since version 3, so no stored row needs moving).
 */
export function hashKey(key: QueryKey): string {
  return `${key[0]} ${stableJson(key[1])}`;
}

/**
 * Whether a read's rows are the member's own (the call table's `owned`): cached under the member's
 * session and cleared at logout. Everything else (config, content, games) is the same for everyone and stays.
 */
export function isMemberKey(key: QueryKey): boolean {
  return isOwnedPath(key[0]);
}
