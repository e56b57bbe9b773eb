/**
 * Request and answer types of every path (SPEC.md section 7). Amounts on the wire are USD
 * numbers with at most two decimals (see money.ts); times are epoch seconds.
 */
import type { ApiPath } from './paths';

// ---- Accounts ---------------------------------------------------------------

export interface AppConfig {
  siteName: string;
  /** External customer-service page (tab bar, quick menu, /ServicePage). */
  serviceUrl: string;
  /** 1 = registration open, 2 = registration blocked (SPEC.md section 4). */
  agreement: 1 | 2;
  defaultQuhao: string;
  /** Public websocket of the price feed. */
  priceFeedUrl: string;
  /** Version page entries. */
  versions: { android: AppVersionEntry; ios: AppVersionEntry };
  /** Server clock at answer time, epoch ms, so the app can correct its countdowns. */
  serverTime: number;
}

export interface AppVersionEntry {
  version: string;
  url: string;
}

export interface LoginRequest {
  quhao?: string;
  username: string;
  password: string;
}

export interface TokenAnswer {
  token: string;
}

/** Login and register failures also carry the code in data (SPEC.md section 7). */
export interface ErrCodeAnswer {
  errCode: number;
}

export interface RegisterRequest {
  quhao?: string;
  username: string;
  phone: string;
  captcha: string;
  password: string;
  spassword: string;
  invitation: string;
  /** Withdrawal password, optional at registration. */
  payPwd?: string;
}

export interface SmsSendRequest {
  quhao?: string;
  mobile: string;
}

/** Seconds until another code may be sent. */
export interface SmsSendAnswer {
  lockSeconds: number;
}

export interface ChangeLoginPasswordRequest {
  /** Current password. */
  passwd: string;
  /** New password. */
  npasswd: string;
}

export interface ChangePayPasswordRequest {
  /** Current withdrawal password; ignored while none is set (noPassword2 = 1). */
  srcpwd?: string;
  newpwd: string;
  newpwd2: string;
}

export interface UserInfo {
  /** Account name. */
  name: string;
  nickname: string;
  level: number;
  money: number;
  /** Total win (settled awards minus stakes), may be negative. */
  totalWin: number;
  /** 1 = no withdrawal password set yet. */
  noPassword2: 0 | 1;
  lang: string;
}

// ---- Content ------------------------------------------------------------------

export interface Banner {
  id: number;
  path: string;
  path_tw: string;
  path_vi: string;
  path_yw: string;
}

export interface Article {
  id: number;
  category: number;
  title: string;
  title_ft: string;
  title_yw: string;
  title_vi: string;
  content: string;
  content_ft: string;
  content_yw: string;
  content_vi: string;
  img: string[];
  time: number;
}

/** What an article list shows (SPEC.md section 2, Article list: titles and images): no content. */
export type ArticleSummary = Omit<Article, 'content' | 'content_ft' | 'content_yw' | 'content_vi'>;

/**
 * getOneclassArticle (whole articles, newest first) and getArticlelist (summaries, newest first),
 * at most the 100 newest of the category; an unknown category answers []. A missing or
 * non-integer `type` is refused with 1001.
 * Categories: 9 news, 14 announcements, 2 help, 26 the introduction (see ARTICLE_CATEGORY).
 */
export interface ArticleCategoryRequest {
  type: number;
}

/** getArticledetail: a missing or non-integer `id`, or an id no article has, is refused with 1001. */
export interface ArticleDetailRequest {
  id: number;
}

/**
 * Addition: one row of the home ticker, built from a real settled winning order line (DESIGN.md
 * section 3). Newest first.
 */
export interface WinnerEntry {
  /** Order line id, stable for keys. */
  id: number;
  /** The member's account name, masked (e.g. `de***01`, as the live order table masks it). */
  user: string;
  gametype: number;
  seqno: string;
  /** Outcome index 0..10 and its name in the request's language. */
  value: number;
  valuecn: string;
  /** The award paid (stake x odds), USD. */
  money: number;
  /** Settlement time, epoch seconds. */
  time: number;
}

/**
 * Addition: a mining-pool tier (SPEC.md section 9), operator configuration served by the server.
 * Display only: no call moves money into a tier.
 */
export interface FinanceProduct {
  id: number;
  /** Minimum amount, USD. */
  minimum: number;
  /** Daily rate in percent with at most two decimals (0.15 = 0.15 % a day). */
  dailyRate: number;
  /** Lock-up length in days. */
  days: number;
}

// ---- Games and rooms -------------------------------------------------------------

export interface GameListItem {
  id: number;
  type: number;
  minjoin: number;
  /** The standard room of this game, where a home tile leads (/activity/:roomid). */
  roomid: number;
  /** Round length in seconds. */
  seconds: number;
  /** Ordering stops when this many seconds remain (60 unless the operator changed it). */
  closeSeconds?: number;
  /** false = trading stopped (1020) for this game. */
  enabled?: boolean;
}

export interface RoomListRequest {
  /** 1 USDT, 2 BTC, 3 ETH. */
  roomtype: number;
}

export const ROOM_KINDS = ['standard', 'vip', 'superior', 'premier'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

export interface Room {
  id: number;
  /** Coin group: 1 USDT, 2 BTC, 3 ETH. */
  type: number;
  title: string;
  kind: RoomKind;
  gameid: number;
  minjoin: number;
  minbuy: number;
  /** VIP level needed to enter; 0 for rooms open to every member. */
  minlevel: number;
  /** The house variant that refunds two-way outcomes on a sum of 13 or 14. */
  refund1314: boolean;
  /** false = trading stopped (1020) in this room. */
  enabled?: boolean;
  rate0: number;
  rate1: number;
  rate2: number;
  rate3: number;
  rate4: number;
  rate5: number;
  rate6: number;
  rate7: number;
  rate8: number;
  rate9: number;
  rate10: number;
}

/** A round's life: orders taken while open; closed in the last 60 s; drawn (and settled) at 0. */
export type RoundStatus = 'open' | 'closed' | 'drawn';

export interface GameRound {
  id: number;
  seqno: string;
  gametype: number;
  status: RoundStatus;
  /** Total staked in the round so far (USD), from real order rows. */
  initmoney: number;
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
  /** Names of the winning outcomes in the request's language, joined; '' before the draw. */
  resultcn: string;
  /** Winning outcome indices; [] before the draw. */
  results: number[];
  /** Time left until the draw at answer time. */
  diff: { minute: number; second: number };
  /** Epoch ms of the draw, and of the close (draw - 60 s). */
  drawAt: number;
  closeAt: number;
  /** Fairness: SHA-256 of the seed, published before the round opens. */
  commitment: string;
  /** Fairness: the seed, revealed after the draw; null before. */
  seed: string | null;
  /** Fairness: the published anchor of the hash chain this round's seed belongs to. */
  anchor: string;
}

export interface GameInfoRequest {
  roomid: number;
}

export interface GameInfoAnswer {
  room: Room;
  /** The current round (open or closed). */
  game: GameRound;
  diff: { minute: number; second: number };
  /** Recent drawn rounds of this game, newest first. */
  his: GameRound[];
  /** Server clock at answer time, epoch ms, so countdowns can be corrected. */
  serverTime: number;
}

/**
 * Two forms on one path (SPEC.md section 7): with `isfirst` it is the live feed of everyone's
 * orders in the room's current round newer than the `order_id` cursor; without it, the member's
 * own orders of a round (`roomid` + `gameseq`).
 */
export interface VorderRequest {
  roomid?: number;
  order_id?: number;
  gameseq?: string;
  isfirst?: 0 | 1;
  gametype?: number;
}

export interface LiveOrder {
  id: number;
  /** Masked, e.g. de***01. */
  username: string;
  value: number;
  valuecn: string;
  rate: number;
  money: number;
  seqno: string;
  time: number;
}

export interface VorderAnswer {
  list: LiveOrder[];
  /** The newest order id seen: the cursor for the next poll. */
  order_id: number;
}

/** [outcome index, odds, price]: odds as the room shows them (e.g. 1.96), price in USD. */
export type OrderLine = [number, number, number];

export interface OrderRequest {
  gameid: number;
  roomid: number;
  order_info: OrderLine[];
  /** Optional: a repeated key with the same body returns the first answer. */
  idempotencyKey?: string;
}

export interface OrderAnswer {
  order_ids: number[];
  seqno: string;
  /** Balance after the debit (USD). */
  money: number;
}

export type OrderStatus = 'wait' | 'win' | 'lose' | 'refund' | 'cancel';

export interface OwnOrderItem {
  order_id: number;
  roomid: number;
  gametype: number;
  value: number;
  valuecn: string;
  seqno: string;
  rate: number;
  money: number;
  status: OrderStatus;
  /** What the line paid back (USD); 0 until settled. */
  award: number;
  time: number;
  /** The round's draw, once drawn. */
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
}

export interface CurrentRequest {
  gameseq: string;
  gametype: number;
}

export interface CurrentAnswer {
  /** What the member's lines of the round paid back (USD), 0 before settlement or on a loss. */
  award: number;
  /** Whether the round has been settled yet. */
  settled?: boolean;
  /** The member's stakes in the round (USD), cancelled lines excluded. */
  total?: number;
}

export interface GameLogRequest {
  gameseq?: string;
  gametype?: number;
  /** Paging: orders older than this id. */
  before?: number;
  limit?: number;
}

export interface GameCancelRequest {
  roomid: number;
  order_id: number;
}

export interface TodayWinLost {
  /** Awards minus stakes of today's settled orders (USD); may be negative. */
  win: number;
  /** Stakes of today's orders (USD). */
  total: number;
}

export interface TrendData {
  yeswin: number;
  yestotal: number;
  todaywin: number;
  todaytotal: number;
  /** One point per day, oldest first, from the member's own orders; [] when there are none. */
  chartdata: { date: string; win: number; total: number }[];
}

// ---- Wallet -------------------------------------------------------------------

export const BANK_CARD_TYPES = ['Bank', 'USDT-TRC20', 'USDT-ERC20'] as const;
export type BankCardType = (typeof BANK_CARD_TYPES)[number];

export interface BankCard {
  id: number;
  type: BankCardType;
  bank: string;
  account: string;
  username: string;
  branch: string;
  address: string;
}

export interface AddBankCardRequest {
  type: BankCardType;
  bank?: string;
  account?: string;
  username?: string;
  branch?: string;
  address?: string;
}

export interface DeleteBankCardRequest {
  id: number;
}

export interface WithdrawRequest {
  bank_id: number;
  money: number;
  pwd: string;
  idempotencyKey?: string;
}

export interface LeftMoneyAnswer {
  /** What the member may withdraw now (USD): the balance, unless turnover is still owed. */
  leftmoney: number;
  /** Stakes still needed since the last deposit before a withdrawal is allowed (USD); 0 when none. */
  turnoverRemaining: number;
  /** Whether a withdrawal password is set (the page sends the member to set one otherwise). */
  hasPayPassword: boolean;
}

/** Withdrawal states: held at request, then paid or rejected (refunded) by the operator. */
export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';

export interface FinanceFlowRequest {
  /** YYYY-MM-DD, inclusive, in the server's day (UTC+8, as rounds' sequence numbers). */
  start: string;
  end: string;
  /** Paging: rows older than this id (newest first). */
  before?: number;
  /** Page size, at most 200 (default 50). */
  limit?: number;
}

/** Why a balance changed; the app shows it in the member's language. */
export const FUND_REASONS = [
  'deposit',
  'stake',
  /** A cancelled order's stake given back. */
  'stake_refund',
  /** What a settled round paid: wins, and stakes given back by a room's 13/14 rule. */
  'award',
  /** Money moved to held by a withdrawal request. */
  'withdraw',
  /** A rejected withdrawal given back. */
  'withdraw_refund',
] as const;
export type FundReasonCode = (typeof FUND_REASONS)[number];

export interface FundLogEntry {
  id: number;
  time: number;
  /** 1 = increase, otherwise decrease. */
  type: number;
  /** The amount of the change (USD, positive; its sign is `type`). */
  money: number;
  before: number;
  after: number;
  /** The reason in the request's language. */
  reason: string;
  reasonCode: FundReasonCode;
  /** Free text: the operator's note, the round or the withdrawal it belongs to. */
  ref: string;
}

export interface ApiContract {
  '/api/Index/getconfig': { req: Record<string, never>; res: AppConfig };
  '/api/Index/login': { req: LoginRequest; res: TokenAnswer };
  '/api/index/register': { req: RegisterRequest; res: TokenAnswer };
  '/api/index/sms_send': { req: SmsSendRequest; res: SmsSendAnswer };
  '/api/Index/repasswd': { req: ChangeLoginPasswordRequest; res: null };
  '/api/Index/resetpaypwd': { req: ChangePayPasswordRequest; res: null };
  '/api/Index/logout': { req: Record<string, never>; res: null };
  '/api/Game/getuserinfo': { req: Record<string, never>; res: UserInfo };
  '/api/Game/todayWinLost': { req: Record<string, never>; res: TodayWinLost };
  '/api/Game/slide': { req: Record<string, never>; res: Banner[] };
  '/api/Game/getOneclassArticle': { req: ArticleCategoryRequest; res: Article[] };
  '/api/Game/getArticledetail': { req: ArticleDetailRequest; res: Article };
  '/api/Game/getArticlelist': { req: ArticleCategoryRequest; res: ArticleSummary[] };
  '/api/Game/getWinners': { req: Record<string, never>; res: WinnerEntry[] };
  '/api/Game/getFinanceProducts': { req: Record<string, never>; res: FinanceProduct[] };
  '/api/Game/getRoomList': { req: RoomListRequest; res: Room[] };
  '/api/Game/getGameList': { req: Record<string, never>; res: GameListItem[] };
  '/api/Game/getGameinfo': { req: GameInfoRequest; res: GameInfoAnswer };
  '/api/Game/getVorder': { req: VorderRequest; res: VorderAnswer | { list: OwnOrderItem[] } };
  '/api/Game/order': { req: OrderRequest; res: OrderAnswer };
  '/api/Game/current': { req: CurrentRequest; res: CurrentAnswer };
  '/api/Game/getGamelog': { req: GameLogRequest; res: OwnOrderItem[] };
  '/api/Game/getGamecancel': { req: GameCancelRequest; res: null };
  '/api/Game/getBankcardlist': { req: Record<string, never>; res: BankCard[] };
  '/api/Game/delbankcard': { req: DeleteBankCardRequest; res: null };
  '/api/Game/addbankcard': { req: AddBankCardRequest; res: BankCard };
  '/api/Game/withdraw': { req: WithdrawRequest; res: 1 };
  '/api/Game/getLeftmoney': { req: Record<string, never>; res: LeftMoneyAnswer };
  '/api/Game/getfinanceflow': { req: FinanceFlowRequest; res: FundLogEntry[] };
  '/api/Game/getTrendData': { req: Record<string, never>; res: TrendData };
}

// Compile-time check: the contract names exactly the paths of paths.ts.
type MissingPaths = Exclude<ApiPath, keyof ApiContract>;
type ExtraPaths = Exclude<keyof ApiContract, ApiPath>;
export const contractCoversAllPaths: [MissingPaths, ExtraPaths] extends [never, never] ? true : never = true;

export type ApiRequestOf<P extends keyof ApiContract> = ApiContract[P]['req'];
export type ApiAnswerOf<P extends keyof ApiContract> = ApiContract[P]['res'];
