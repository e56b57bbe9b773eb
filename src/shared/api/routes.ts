/**
 * The route table: for every path of the contract (paths.ts, contract.ts), who may call it, whether
 * it reads or writes, whose its answer is, whether it takes an idempotency key and how the app keeps
 * its answer. The server's auth and the app's offline refusal, cache ownership and idempotency keys
 * are all read from here, so a new call is one line here, never a path added to several lists.
 * Plain values, no zod: the app imports it at run time.
 */
import { ApiPath } from './paths';

/** Who may call a path: anyone, or only a live session (any other answers 409, or 403 when frozen). */
export type RouteAccess = 'guest' | 'member';

/** A read changes nothing and answers `info` 'ok'; a write answers the localized 1039, and is refused offline. */
export type RouteKind = 'read' | 'write';

/**
 * How the app keeps an answer:
 * - `cached`: a cache-first row in IndexedDB, shown at once and revalidated (data/queryCache.ts);
 * - `windowed`: a long list cached in the windows the member scrolled through (fund log, order history);
 * - `live`: a figure only true now, polled and never stored (the round's own orders, its award);
 * - `none`: a write's answer, which is never a row.
 */
export type CachePolicy = 'cached' | 'windowed' | 'live' | 'none';

export interface Route {
  access: RouteAccess;
  kind: RouteKind;
  /**
   * The answer is the member's own (a balance, a fund log, accounts, the rooms a session may enter):
   * cached under the member's session and cleared at logout, so the next person on the device
   * never reads it.
   */
  owned: boolean;
  /** A money-moving write: each attempt carries an idempotency key, kept for the retry after no answer. */
  idempotent: boolean;
  cache: CachePolicy;
  /**
   * The call checks or sets a password (scrypt on the server's hashing threads): the app waits for
   * it up to PASSWORD_CHECK_TIMEOUT_MS rather than REQUEST_TIMEOUT_MS (docs/decisions.md).
   */
  checksPassword?: true;
}

const publicRead: Route = { access: 'guest', kind: 'read', owned: false, idempotent: false, cache: 'cached' };
const guestWrite: Route = { access: 'guest', kind: 'write', owned: false, idempotent: false, cache: 'none' };
const memberRead: Route = { access: 'member', kind: 'read', owned: true, idempotent: false, cache: 'cached' };
const memberWrite: Route = { access: 'member', kind: 'write', owned: false, idempotent: false, cache: 'none' };

export const ROUTES = {
  [ApiPath.getConfig]: publicRead,
  [ApiPath.login]: { ...guestWrite, checksPassword: true },
  [ApiPath.register]: { ...guestWrite, checksPassword: true },
  /** A guest's code (register, reset); a paypwd code authenticates the token it carries itself. */
  [ApiPath.smsSend]: guestWrite,
  [ApiPath.resetPassword]: { ...guestWrite, checksPassword: true },
  [ApiPath.changeLoginPassword]: { ...memberWrite, checksPassword: true },
  [ApiPath.changePayPassword]: { ...memberWrite, checksPassword: true },
  [ApiPath.logout]: memberWrite,
  [ApiPath.userInfo]: memberRead,
  [ApiPath.sessions]: memberRead,
  [ApiPath.endOtherSessions]: { ...memberWrite, checksPassword: true },
  [ApiPath.todayWinLost]: memberRead,
  [ApiPath.slide]: publicRead,
  [ApiPath.oneClassArticle]: publicRead,
  [ApiPath.articleDetail]: publicRead,
  [ApiPath.articleList]: publicRead,
  [ApiPath.winners]: publicRead,
  [ApiPath.financeProducts]: publicRead,
  /** The same rooms for everyone, but read only by a session: cleared with it. */
  [ApiPath.roomList]: memberRead,
  [ApiPath.gameList]: publicRead,
  [ApiPath.homeTiles]: publicRead,
  /** The last good answer is kept so a room opens offline, marked stale; the page polls it. */
  [ApiPath.gameInfo]: memberRead,
  [ApiPath.getRound]: memberRead,
  [ApiPath.vorder]: { ...memberRead, cache: 'live' },
  [ApiPath.order]: { ...memberWrite, idempotent: true },
  [ApiPath.current]: { ...memberRead, cache: 'live' },
  [ApiPath.gameLog]: { ...memberRead, cache: 'windowed' },
  [ApiPath.gameCancel]: memberWrite,
  [ApiPath.bankCardList]: memberRead,
  [ApiPath.deleteBankCard]: memberWrite,
  [ApiPath.addBankCard]: { ...memberWrite, checksPassword: true },
  [ApiPath.addedAccounts]: memberRead,
  [ApiPath.deposits]: memberRead,
  [ApiPath.withdraw]: { ...memberWrite, idempotent: true, checksPassword: true },
  [ApiPath.leftMoney]: memberRead,
  [ApiPath.withdrawals]: memberRead,
  /** Gives a pending withdrawal's amount back: answered once, so a retry finds it cancelled (3012). */
  [ApiPath.cancelWithdrawal]: memberWrite,
  [ApiPath.financeFlow]: { ...memberRead, cache: 'windowed' },
  [ApiPath.trendData]: memberRead,
  /** How far the member has read the messages about their account (every device agrees). */
  [ApiPath.messageReads]: memberRead,
  [ApiPath.readMessages]: memberWrite,
  /** The member's limits, their use, the pause and the reality check's interval; readable offline. */
  [ApiPath.playLimits]: memberRead,
  [ApiPath.setPlayLimit]: memberWrite,
  [ApiPath.pausePlay]: memberWrite,
  [ApiPath.setRealityCheck]: memberWrite,
  /** A single-use ticket for one live stream: asked for each time a stream opens, never kept. */
  [ApiPath.liveTicket]: { ...memberRead, cache: 'live' },
} as const satisfies Record<ApiPath, Route>;

const ALL_PATHS = Object.keys(ROUTES) as ApiPath[];

/** The route of a path as a request names it; undefined for a path the contract does not have. */
export function routeOf(path: string): Route | undefined {
  return Object.hasOwn(ROUTES, path) ? ROUTES[path as ApiPath] : undefined;
}

/** Paths a guest may call: any other needs a live session, an unknown one included. */
export function isGuestPath(path: string): boolean {
  return routeOf(path)?.access === 'guest';
}

/** Paths whose call checks or sets a password, and so may take longer than an ordinary answer. */
export function checksPassword(path: string): boolean {
  return routeOf(path)?.checksPassword === true;
}

/** Paths that change something: refused offline, never queued behind the member's back. */
export function isWritePath(path: string): boolean {
  return routeOf(path)?.kind === 'write';
}

/**
 * Answers that are the member's own: cached under the session, cleared at logout. A path the table
 * does not know counts as the member's, so a mistake keeps a row private rather than public.
 */
export function isOwnedPath(path: string): boolean {
  return routeOf(path)?.owned ?? true;
}

/** Paths that take an idempotency key (money-moving writes). */
export function isIdempotentPath(path: string): boolean {
  return routeOf(path)?.idempotent === true;
}

/** Every path whose route passes a test, in the table's order. */
export function pathsWhere(test: (route: Route) => boolean): ApiPath[] {
  return ALL_PATHS.filter((path) => test(ROUTES[path]));
}
