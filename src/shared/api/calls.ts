/**
 * Every call of the contract (SPEC.md section 7), one row each, and everything both sides know of
 * it: its path, the part of the contract that holds its schemas, who may make it, whether it reads
 * or writes, whose its answer is, whether the app keeps that answer offline, what a write changes,
 * its request limit and the refusal codes of its fields. The server registers each route and its
 * auth, limit and refusals by walking this table (routes/calls.ts); the app derives its offline
 * refusal, idempotency keys, cache ownership and invalidations from it. A new call is one row
 * here (and its schemas in its part), never a path added to several lists.
 *
 * Plain values, no zod: the app imports it at run time. Every call is a POST with a JSON body.
 * Additions of ours are marked; they never change an existing path.
 */
import { ErrorCode, MessageKey } from '../errors';
import type { ApiPath } from './paths';

/** The domain file that keeps a call's schemas (contract.ts joins them): the chunk the app loads for it. */
export type ContractPart =
  'accounts' | 'content' | 'game' | 'wallet' | 'messages' | 'play' | 'live' | 'ledger' | 'push';

/** Who may call: anyone, or only a live session (any other answers 409, or 403 when frozen). */
export type CallAccess = 'guest' | 'member';

/** A read changes nothing and answers `info` 'ok'; a write answers the localized 1039, and is refused offline. */
export type CallKind = 'read' | 'write';

/** The server's request limits, each a number per minute an operator may change (server config). */
export type LimitName = 'login' | 'register' | 'smsSend' | 'withdraw' | 'liveTicket' | 'ledgerProof';

/** A refusal code a field of a request answers when it is missing, empty or of the wrong type. */
export type FieldCode = ErrorCode | MessageKey;

export interface CallLimit {
  /** The counter's name in the database (requestCounters): calls sharing a name share a count. */
  counter: string;
  /** Counted per address (calls that create accounts or sessions) or per session (a stolen token spends its own). */
  per: 'address' | 'session';
  /** Which of the operator's per-minute numbers applies. */
  max: LimitName;
  /** The refusal past the limit (default 1004, "network error, refresh"). */
  code?: ErrorCode;
}

export interface CallDescriptor {
  path: `/api/${string}`;
  part: ContractPart;
  access: CallAccess;
  kind: CallKind;
  /**
   * The answer is the member's own (a balance, a fund log, accounts, the rooms a session may enter):
   * cached under the member's session and cleared at logout, so the next person on the device
   * never reads it.
   */
  owned: boolean;
  /**
   * The app keeps the answer in IndexedDB, so its screen opens offline, marked stale. A write's
   * answer, a ticket or a figure only true now (the round's award) is never stored.
   */
  persists: boolean;
  /** A money-moving write: each attempt carries an idempotency key, kept for the retry after no answer. */
  idempotent: boolean;
  /**
   * The call checks or sets a password (scrypt on the server's hashing threads): the app waits for
   * it up to PASSWORD_CHECK_TIMEOUT_MS rather than REQUEST_TIMEOUT_MS (docs/decisions.md).
   */
  checksPassword?: true;
  limit?: CallLimit;
  /** The spec's app reads data.errCode on this call's refusals, a body that never parsed included. */
  errCodeInData?: true;
  /** A hot call: a session checked within the last second is enough (the debit itself checks the member). */
  cachedAuth?: true;
  /**
   * The fields with a code of their own, in the order the call's rules check them: when several
   * fields are wrong, the first listed answers (routes/parse.ts, fieldCodes.ts); any other is 1001.
   */
  fields?: readonly (readonly [field: string, code: FieldCode])[];
  /** The reads (by name) a successful write changes: asked again where shown, unconfirmed elsewhere. */
  invalidates?: readonly string[];
  /** A write whose answer is what this read (by name) now holds, whole: stored as its answer, nothing asked again. */
  answerIs?: string;
}

const publicRead = { access: 'guest', kind: 'read', owned: false, persists: true, idempotent: false } as const;
const guestWrite = { access: 'guest', kind: 'write', owned: false, persists: false, idempotent: false } as const;
const memberRead = { access: 'member', kind: 'read', owned: true, persists: true, idempotent: false } as const;
const memberWrite = { access: 'member', kind: 'write', owned: false, persists: false, idempotent: false } as const;

/** Every read of the member's money: the balance, what can be withdrawn, the fund log. */
const MONEY = ['userInfo', 'leftMoney', 'financeFlow'] as const;
/** What an order or a draw changes: the money, the member's orders and the day's result. */
const PLAYED = [...MONEY, 'gameLog', 'todayWinLost'] as const;
const TOO_FREQUENT = ErrorCode.SendingTooFrequently;
/** The ledger's proofs share one count per session (both may build an old period's tree). */
const LEDGER_PROOF_LIMIT = { counter: 'ledgerProof', per: 'session', max: 'ledgerProof', code: TOO_FREQUENT } as const;

export const CALLS = {
  getConfig: { path: '/api/Index/getconfig', part: 'accounts', ...publicRead },
  login: {
    path: '/api/Index/login',
    part: 'accounts',
    ...guestWrite,
    checksPassword: true,
    limit: { counter: 'login', per: 'address', max: 'login' },
    errCodeInData: true,
  },
  register: {
    path: '/api/index/register',
    part: 'accounts',
    ...guestWrite,
    checksPassword: true,
    limit: { counter: 'register', per: 'address', max: 'register' },
    errCodeInData: true,
    fields: [
      ['username', ErrorCode.UsernameLettersDigits],
      ['password', ErrorCode.PasswordAlphanumeric],
      ['spassword', ErrorCode.PasswordsInconsistent],
      ['invitation', ErrorCode.ReferralCodeWrong],
      ['quhao', ErrorCode.EnterPhoneCorrectly],
      ['phone', ErrorCode.EnterPhoneCorrectly],
      ['captcha', ErrorCode.CaptchaWrong],
      ['payPwd', ErrorCode.PaymentPasswordLength],
    ],
  },
  /** A guest's code (register, reset); a paypwd code authenticates the token it carries itself. */
  smsSend: {
    path: '/api/index/sms_send',
    part: 'accounts',
    ...guestWrite,
    limit: { counter: 'sms_send', per: 'address', max: 'smsSend', code: TOO_FREQUENT },
    errCodeInData: true,
    fields: [
      ['quhao', ErrorCode.EnterPhoneCorrectly],
      ['mobile', ErrorCode.EnterPhoneCorrectly],
    ],
  },
  /** Addition: a member resets a forgotten login password with an SMS code (limited like registering). */
  resetPassword: {
    path: '/api/index/reset_password',
    part: 'accounts',
    ...guestWrite,
    checksPassword: true,
    limit: { counter: 'reset_password', per: 'address', max: 'register' },
    fields: [
      ['quhao', ErrorCode.EnterPhoneCorrectly],
      ['mobile', ErrorCode.EnterPhoneCorrectly],
      ['captcha', ErrorCode.CaptchaWrong],
      ['password', ErrorCode.PasswordAlphanumeric],
      ['repassword', ErrorCode.PasswordsInconsistent],
    ],
  },
  changeLoginPassword: {
    path: '/api/Index/repasswd',
    part: 'accounts',
    ...memberWrite,
    checksPassword: true,
    fields: [
      ['passwd', MessageKey.OriginalInputNull],
      ['npasswd', MessageKey.NewPwdInputNull],
    ],
    invalidates: ['sessions'],
  },
  changePayPassword: {
    path: '/api/Index/resetpaypwd',
    part: 'accounts',
    ...memberWrite,
    checksPassword: true,
    fields: [
      ['srcpwd', MessageKey.OriginalInputNull],
      ['loginpwd', MessageKey.OriginalInputNull],
      ['captcha', ErrorCode.CaptchaWrong],
      ['newpwd', MessageKey.NewPwdInputNull],
      ['newpwd2', MessageKey.NewPwdInputNull],
    ],
    invalidates: ['userInfo'],
  },
  /** Addition: revokes the token on the server as well as on the device. */
  logout: { path: '/api/Index/logout', part: 'accounts', ...memberWrite },
  userInfo: { path: '/api/Game/getuserinfo', part: 'accounts', ...memberRead },
  /** Addition: the member's live sessions (device, place, last use). */
  sessions: { path: '/api/Game/getSessions', part: 'accounts', ...memberRead },
  /** Addition: ends every session of the member but the one asking. */
  endOtherSessions: {
    path: '/api/Game/endOtherSessions',
    part: 'accounts',
    ...memberWrite,
    checksPassword: true,
    invalidates: ['sessions'],
  },
  todayWinLost: { path: '/api/Game/todayWinLost', part: 'game', ...memberRead },
  slide: { path: '/api/Game/slide', part: 'content', ...publicRead },
  oneClassArticle: { path: '/api/Game/getOneclassArticle', part: 'content', ...publicRead },
  articleDetail: { path: '/api/Game/getArticledetail', part: 'content', ...publicRead },
  articleList: { path: '/api/Game/getArticlelist', part: 'content', ...publicRead },
  /** Addition: the home ticker's recent winners (masked), from settled orders. */
  winners: { path: '/api/Game/getWinners', part: 'content', ...publicRead },
  /** Addition: the mining-pool tiers the finance pages show (operator configuration). */
  financeProducts: { path: '/api/Game/getFinanceProducts', part: 'content', ...publicRead },
  /** The same rooms for everyone, but read only by a session: cleared with it. */
  roomList: { path: '/api/Game/getRoomList', part: 'game', ...memberRead },
  gameList: { path: '/api/Game/getGameList', part: 'game', ...publicRead },
  /** Addition: home's game tiles, named and pictured per language by the operator. */
  homeTiles: { path: '/api/Game/getHomeTiles', part: 'content', ...publicRead },
  /** The last good answer is kept so a room opens offline, marked stale; the page polls it. */
  gameInfo: {
    path: '/api/Game/getGameinfo',
    part: 'game',
    ...memberRead,
    cachedAuth: true,
    fields: [['roomid', ErrorCode.RoomNumberEmpty]],
  },
  /** Addition: a drawn round of any age with its fairness proof. */
  getRound: {
    path: '/api/Game/getRound',
    part: 'game',
    ...memberRead,
    fields: [
      ['roomid', ErrorCode.RoomNumberEmpty],
      ['seqno', ErrorCode.PeriodEmpty],
    ],
  },
  /** The room's live orders: the newest table the room stream or the poll told is kept, shown stale offline. */
  vorder: {
    path: '/api/Game/getVorder',
    part: 'game',
    ...memberRead,
    cachedAuth: true,
    fields: [['roomid', ErrorCode.RoomNumberEmpty]],
  },
  order: {
    path: '/api/Game/order',
    part: 'game',
    ...memberWrite,
    idempotent: true,
    cachedAuth: true,
    fields: [
      ['roomid', ErrorCode.RoomNumberEmpty],
      ['order_info', ErrorCode.BetInfoEmpty],
    ],
    invalidates: PLAYED,
  },
  /** A round's award to the member: only true once, asked when the round is drawn, never stored. */
  current: {
    path: '/api/Game/current',
    part: 'game',
    ...memberRead,
    persists: false,
    fields: [['gameseq', ErrorCode.PeriodEmpty]],
  },
  gameLog: { path: '/api/Game/getGamelog', part: 'game', ...memberRead },
  gameCancel: {
    path: '/api/Game/getGamecancel',
    part: 'game',
    ...memberWrite,
    fields: [
      ['roomid', ErrorCode.RoomNumberEmpty],
      // The spec's cancel fails with 2003 whatever the reason (SPEC.md section 4, Cancel).
      ['order_id', ErrorCode.CancelFailed],
    ],
    invalidates: PLAYED,
  },
  trendData: { path: '/api/Game/getTrendData', part: 'game', ...memberRead },
  bankCardList: { path: '/api/Game/getBankcardlist', part: 'wallet', ...memberRead },
  deleteBankCard: {
    path: '/api/Game/delbankcard',
    part: 'wallet',
    ...memberWrite,
    fields: [['id', ErrorCode.BankCardNotFound]],
    invalidates: ['bankCardList', 'addedAccounts'],
  },
  /** Adding an account checks the withdrawal password: limited per session, as a withdrawal is. */
  addBankCard: {
    path: '/api/Game/addbankcard',
    part: 'wallet',
    ...memberWrite,
    checksPassword: true,
    limit: { counter: 'addBankCard', per: 'session', max: 'withdraw', code: TOO_FREQUENT },
    fields: [
      ['address', ErrorCode.EnterAddress],
      ['pwd', ErrorCode.WithdrawPasswordEmpty],
    ],
    invalidates: ['bankCardList', 'addedAccounts'],
  },
  /** Addition: every withdrawal account the member added (deleted ones too), for the messages page. */
  addedAccounts: { path: '/api/Game/getAddedAccounts', part: 'wallet', ...memberRead },
  /** Addition: the operator's credits to the member (amount, reference), for the messages page. */
  deposits: { path: '/api/Game/getDeposits', part: 'wallet', ...memberRead },
  /**
   * A withdrawal checks the withdrawal password: a session's tries are few, wherever they come
   * from, and what one session spends (a stolen token) leaves the member's others their own.
   */
  withdraw: {
    path: '/api/Game/withdraw',
    part: 'wallet',
    ...memberWrite,
    idempotent: true,
    checksPassword: true,
    limit: { counter: 'withdraw', per: 'session', max: 'withdraw', code: TOO_FREQUENT },
    fields: [
      ['bank_id', ErrorCode.SelectWithdrawMethod],
      ['money', ErrorCode.WrongAmount],
      ['pwd', ErrorCode.WithdrawPasswordEmpty],
    ],
    invalidates: [...MONEY, 'withdrawals'],
  },
  /** The spec reads data.leftmoney without naming the path; this is ours. */
  leftMoney: { path: '/api/Game/getLeftmoney', part: 'wallet', ...memberRead },
  /** Addition: the member's withdrawals and their status. */
  withdrawals: { path: '/api/Game/getWithdrawals', part: 'wallet', ...memberRead },
  /**
   * Addition: the member cancels a withdrawal still waiting for the operator; the amount goes back.
   * Answered once, so a retry finds it cancelled (3012).
   */
  cancelWithdrawal: {
    path: '/api/Game/cancelWithdrawal',
    part: 'wallet',
    ...memberWrite,
    invalidates: [...MONEY, 'withdrawals'],
  },
  /** The fund log, kept in the windows the member scrolled through. */
  financeFlow: { path: '/api/Game/getfinanceflow', part: 'wallet', ...memberRead },
  /** Addition: how far the member has read the messages about their account (every device agrees). */
  messageReads: { path: '/api/Game/getMessageReads', part: 'messages', ...memberRead },
  /** Addition: the member has seen those messages up to a moment; answers the new unread count. */
  readMessages: { path: '/api/Game/readMessages', part: 'messages', ...memberWrite, answerIs: 'messageReads' },
  /** Addition: the member's limits, their use in the current periods, the pause and the history. */
  playLimits: { path: '/api/Game/getPlayLimits', part: 'play', ...memberRead },
  /** Addition: a limit per period and kind; a tighter one applies at once, a looser one after 24 hours. */
  setPlayLimit: { path: '/api/Game/setPlayLimit', part: 'play', ...memberWrite, invalidates: ['playLimits'] },
  /** Addition: a cool-off or a self-exclusion, which nobody lifts early. */
  pausePlay: { path: '/api/Game/pausePlay', part: 'play', ...memberWrite, invalidates: ['playLimits'] },
  /** Addition: how often the room shows the reality check (minutes of play; 0 = off). */
  setRealityCheck: { path: '/api/Game/setRealityCheck', part: 'play', ...memberWrite, invalidates: ['playLimits'] },
  /** Addition (docs/ledger.md): the signed heads of the fund log's periods, newest first, anyone's to read. */
  ledgerHeads: { path: '/api/Game/getLedgerHeads', part: 'ledger', ...publicRead },
  /** Addition: the public keys that signed the heads, each later one handed over by the one before. */
  ledgerKeys: { path: '/api/Game/getLedgerKeys', part: 'ledger', ...publicRead },
  /**
   * Addition: the proofs that a page of the member's fund-log rows are in signed periods (rows not
   * the member's or not signed yet are left out). Limited per session: a proof of an old period may
   * rebuild its tree.
   */
  ledgerProof: {
    path: '/api/Game/getLedgerProof',
    part: 'ledger',
    ...memberRead,
    persists: false,
    limit: LEDGER_PROOF_LIMIT,
  },
  /** Addition: the member's balance at a head, on its path to the liabilities root (3018 when none). */
  ledgerLiability: {
    path: '/api/Game/getLedgerLiability',
    part: 'ledger',
    ...memberRead,
    limit: LEDGER_PROOF_LIMIT,
    fields: [['seq', ErrorCode.LedgerNotSigned]],
  },
  /** Addition (issue 47): the server's VAPID public key for a device's subscription; '' when notifications are off. */
  pushKey: { path: '/api/Game/getPushKey', part: 'push', ...publicRead },
  /**
   * Addition: this device's notifications and the kinds asked for: one subscription per session,
   * replaced when asked again, ended with the session (logout, ended elsewhere, a password change).
   */
  pushSubscribe: {
    path: '/api/Game/pushSubscribe',
    part: 'push',
    ...memberWrite,
    invalidates: ['sessions'],
    fields: [['endpoint', ErrorCode.PushEndpointRefused]],
  },
  /** Addition: ends a subscription of the member's (the security page), or this device's. */
  pushUnsubscribe: { path: '/api/Game/pushUnsubscribe', part: 'push', ...memberWrite, invalidates: ['sessions'] },
  /**
   * Addition: a short-lived, single-use ticket that opens one live stream (LivePath): asked for
   * each time a stream opens, never kept; an app asks a few a minute, never dozens.
   */
  liveTicket: {
    path: '/api/Game/liveTicket',
    part: 'live',
    ...memberRead,
    persists: false,
    limit: { counter: 'liveTicket', per: 'session', max: 'liveTicket', code: TOO_FREQUENT },
  },
} as const satisfies Record<string, CallDescriptor>;

export type CallName = keyof typeof CALLS;

// Compile-time check: a write invalidates, or answers for, calls the table has.
type NamedReads =
  | {
      [N in CallName]: (typeof CALLS)[N] extends { invalidates: readonly (infer R)[] } ? R : never;
    }[CallName]
  | {
      [N in CallName]: (typeof CALLS)[N] extends { answerIs: infer R } ? R : never;
    }[CallName];
/** @public Read by the compiler only. */
export const namesAreCalls: [Exclude<NamedReads, CallName>] extends [never] ? true : never = true;

/** Every call's row by its path. */
const BY_PATH: ReadonlyMap<string, CallDescriptor> = new Map(
  Object.values(CALLS as Record<CallName, CallDescriptor>).map((call) => [call.path, call]),
);

/** The row of a path as a request names it; undefined for a path the contract does not have. */
export function callOf(path: string): CallDescriptor | undefined {
  return BY_PATH.get(path);
}

/** The reads a write changes (its `invalidates`), none for a path the table does not know. */
export function readsChangedBy(path: string): CallDescriptor[] {
  return (callOf(path)?.invalidates ?? []).map((name) => CALLS[name as CallName]);
}

/** The read a write's answer is, whole (its `answerIs`), if it has one. */
export function readAnsweredBy(path: string): CallDescriptor | undefined {
  const name = callOf(path)?.answerIs;
  return name === undefined ? undefined : CALLS[name as CallName];
}

/** Paths a guest may call: any other needs a live session, an unknown one included. */
export function isGuestPath(path: string): boolean {
  return callOf(path)?.access === 'guest';
}

/** Paths whose call checks or sets a password, and so may take longer than an ordinary answer. */
export function checksPassword(path: string): boolean {
  return callOf(path)?.checksPassword === true;
}

/** Paths that change something: refused offline, never queued behind the member's back. */
export function isWritePath(path: string): boolean {
  return callOf(path)?.kind === 'write';
}

/**
 * Answers that are the member's own: cached under the session, cleared at logout. A path the table
 * does not know counts as the member's, so a mistake keeps a row private rather than public.
 */
export function isOwnedPath(path: string): boolean {
  return callOf(path)?.owned ?? true;
}

/** Answers the app keeps in IndexedDB; a path the table does not know is not kept. */
export function persistsAnswer(path: string): boolean {
  return callOf(path)?.persists === true;
}

/** Paths that take an idempotency key (money-moving writes). */
export function isIdempotentPath(path: string): boolean {
  return callOf(path)?.idempotent === true;
}

/** Every path whose call passes a test, in the table's order. */
export function pathsWhere(test: (call: CallDescriptor) => boolean): ApiPath[] {
  return Object.values(CALLS as Record<CallName, CallDescriptor>)
    .filter(test)
    .map((call) => call.path as ApiPath);
}
