/**
 * Every path of the contract (SPEC.md section 7), all POST with a JSON body.
 * Additions of ours are marked; they never change an existing path.
 */
export const ApiPath = {
  getConfig: '/api/Index/getconfig',
  login: '/api/Index/login',
  register: '/api/index/register',
  smsSend: '/api/index/sms_send',
  /** Addition: a member resets a forgotten login password with an SMS code. */
  resetPassword: '/api/index/reset_password',
  changeLoginPassword: '/api/Index/repasswd',
  changePayPassword: '/api/Index/resetpaypwd',
  /** Addition: revokes the token on the server as well as on the device. */
  logout: '/api/Index/logout',
  userInfo: '/api/Game/getuserinfo',
  /** Addition: the member's live sessions (device, place, last use). */
  sessions: '/api/Game/getSessions',
  /** Addition: ends every session of the member but the one asking. */
  endOtherSessions: '/api/Game/endOtherSessions',
  todayWinLost: '/api/Game/todayWinLost',
  slide: '/api/Game/slide',
  oneClassArticle: '/api/Game/getOneclassArticle',
  articleDetail: '/api/Game/getArticledetail',
  articleList: '/api/Game/getArticlelist',
  /** Addition: the home ticker's recent winners (masked), from settled orders. */
  winners: '/api/Game/getWinners',
  /** Addition: the mining-pool tiers the finance pages show (operator configuration). */
  financeProducts: '/api/Game/getFinanceProducts',
  roomList: '/api/Game/getRoomList',
  gameList: '/api/Game/getGameList',
  /** Addition: home's game tiles, named and pictured per language by the operator. */
  homeTiles: '/api/Game/getHomeTiles',
  gameInfo: '/api/Game/getGameinfo',
  /** Addition: a drawn round of any age with its fairness proof. */
  getRound: '/api/Game/getRound',
  vorder: '/api/Game/getVorder',
  order: '/api/Game/order',
  current: '/api/Game/current',
  gameLog: '/api/Game/getGamelog',
  gameCancel: '/api/Game/getGamecancel',
  bankCardList: '/api/Game/getBankcardlist',
  deleteBankCard: '/api/Game/delbankcard',
  addBankCard: '/api/Game/addbankcard',
  /** Addition: every withdrawal account the member added (deleted ones too), for the messages page. */
  addedAccounts: '/api/Game/getAddedAccounts',
  /** Addition: the operator's credits to the member (amount, reference), for the messages page. */
  deposits: '/api/Game/getDeposits',
  withdraw: '/api/Game/withdraw',
  /** Addition: the member's withdrawals and their status. */
  withdrawals: '/api/Game/getWithdrawals',
  /** Addition: how far the member has read the messages about their account, and how many are unread. */
  messageReads: '/api/Game/getMessageReads',
  /** Addition: the member has seen those messages up to a moment. */
  readMessages: '/api/Game/readMessages',
  /** Addition: the member cancels a withdrawal still waiting for the operator; the amount goes back. */
  cancelWithdrawal: '/api/Game/cancelWithdrawal',
  /** The spec reads data.leftmoney without naming the path; this is ours. */
  leftMoney: '/api/Game/getLeftmoney',
  financeFlow: '/api/Game/getfinanceflow',
  trendData: '/api/Game/getTrendData',
  /** Addition: the member's play limits, their use in the current periods, the pause and the history. */
  playLimits: '/api/Game/getPlayLimits',
  /** Addition: a limit per period and kind; a tighter one applies at once, a looser one after 24 hours. */
  setPlayLimit: '/api/Game/setPlayLimit',
  /** Addition: a cool-off or a self-exclusion, which nobody lifts early. */
  pausePlay: '/api/Game/pausePlay',
  /** Addition: how often the room shows the reality check (minutes of play; 0 = off). */
  setRealityCheck: '/api/Game/setRealityCheck',
  /** Addition: a short-lived, single-use ticket that opens one live stream (LivePath). */
  liveTicket: '/api/Game/liveTicket',
} as const;

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
