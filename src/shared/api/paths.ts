import { CALLS, type CallName } from './calls';

/**
 * Every path of the contract by its call's name (`ApiPath.order` is '/api/Game/order'), read from
 * the call table (calls.ts), where each call's row says everything else about it.
 */
export const ApiPath = Object.fromEntries(Object.entries(CALLS).map(([name, call]) => [name, call.path])) as {
  readonly [N in CallName]: (typeof CALLS)[N]['path'];
};

export type ApiPath = (typeof ApiPath)[keyof typeof ApiPath];

/**
 * Addition: the live streams (docs/live-events.md). GET, answered as server-sent events, opened
 * with `?ticket=` from liveTicket instead of the token: the session token never goes in a URL.
 */
export const LivePath = {
  room: '/api/live/room/:roomid',
  member: '/api/live/member',
} as const;

/** The stream paths: they check their ticket themselves, not a token in a body. */
export const LIVE_STREAM_PATHS: ReadonlySet<string> = new Set<string>(Object.values(LivePath));

/** The local manifest the client reads its API base from (GET ./manifest.json). */
export const APP_MANIFEST_PATH = '/manifest.json';

/** Whether a path is the API's (every call and live stream above), never a page or a file of the app. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/');
}
