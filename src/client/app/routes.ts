import { matchRoute } from 'wouter';
import { lazyNow, type LazyNow } from '../lib/lazyNow';
import { PATTERNS } from '../routing/paths';
import type { Query } from '../data';
import { bannersQuery, homeTilesQuery, winnersQuery } from '../features/home/homeApi';
import { roomReads } from '../features/game/gameApi';

/**
 * A screen's lazy component, with its loader so the first screen can start loading early
 * (firstScreen.ts); once loaded, it renders without a fallback (lazyNow.ts).
 */
export type Screen = LazyNow<object>;

/** One route of SPEC.md section 2; its pattern comes from the path table (routing/paths.ts). */
export interface RouteDef {
  path: string;
  screen: Screen;
  /** Requires a token; otherwise redirect to /login. */
  auth?: boolean;
  /** Kept alive: state and scroll survive navigating away and back. Default true. */
  keepAlive?: boolean;
  /** Shows the tab bar. */
  tabBar?: boolean;
  /**
   * Reads started with the screen's code when it is the first screen of a visit (firstScreen.ts),
   * from the path's parameters: the ones its first paint waits for. A member's screen has them
   * asked only when there is a session (without one it sends the visitor to log in). Their code is
   * in the entry (a few kilobytes): in a chunk of its own it was one more round trip before the
   * reads could even be asked for, and on a slow link that costs more than the bytes.
   */
  reads?: (params: Record<string, string | undefined>) => readonly Query<unknown>[];
}

const home = lazyNow(() => import('../features/home/HomePage'));
const language = lazyNow(() => import('../features/language/LanguagePage'));
const info = lazyNow(() => import('../features/content/InfoPage'));
const helpList = lazyNow(() => import('../features/content/HelpListPage'));
const help = lazyNow(() => import('../features/content/HelpPage'));
const messages = lazyNow(() => import('../features/content/MessagesPage'));
const finance = lazyNow(() => import('../features/finance/FinancePage'));
const productOrder = lazyNow(() => import('../features/finance/ProductOrderPage'));
const productRule = lazyNow(() => import('../features/finance/ProductRulePage'));
const productDetail = lazyNow(() => import('../features/finance/ProductDetailPage'));
const productTransferIn = lazyNow(() => import('../features/finance/ProductTransferInPage'));
const service = lazyNow(() => import('../features/service/ServicePage'));
const recharge = lazyNow(() => import('../features/recharge/RechargePage'));
const lotteryPrize = lazyNow(() => import('../features/trend/LotteryPrizePage'));
const account = lazyNow(() => import('../features/account/AccountPage'));
const passwordsMenu = lazyNow(() => import('../features/account/PasswordMenuPage'));
const settings = lazyNow(() => import('../features/account/SettingsPage'));
const income = lazyNow(() => import('../features/wallet/IncomePage'));
const withdraw = lazyNow(() => import('../features/wallet/WithdrawPage'));
const bankList = lazyNow(() => import('../features/wallet/BankListPage'));
const bankAdd = lazyNow(() => import('../features/wallet/BankAddPage'));
const version = lazyNow(() => import('../features/version/VersionPage'));
const login = lazyNow(() => import('../features/auth/LoginPage'));
const register = lazyNow(() => import('../features/auth/RegisterPage'));
const forgotPassword = lazyNow(() => import('../features/auth/ForgotPasswordPage'));
const loginPassword = lazyNow(() => import('../features/passwords/LoginPasswordPage'));
const payPassword = lazyNow(() => import('../features/passwords/PayPasswordPage'));
const activity = lazyNow(() => import('../features/game/ActivityPage'));
const roomList = lazyNow(() => import('../features/game/RoomListPage'));
const current = lazyNow(() => import('../features/game/CurrentPage'));
const fairness = lazyNow(() => import('../features/game/FairnessPage'));
const responsiblePlay = lazyNow(() => import('../features/play/PlayLimitsPage'));
const ledger = lazyNow(() => import('../features/wallet/LedgerPage'));

/** First match wins, so fixed paths come before patterns that would also match them. */
export const ROUTES: readonly RouteDef[] = [
  { path: PATTERNS.home, screen: home, tabBar: true, reads: () => [bannersQuery, homeTilesQuery, winnersQuery] },
  { path: PATTERNS.language, screen: language },
  { path: PATTERNS.info, screen: info },
  { path: PATTERNS.finance, screen: finance },
  { path: PATTERNS.productOrder, screen: productOrder },
  { path: PATTERNS.productRule, screen: productRule },
  { path: PATTERNS.productDetail, screen: productDetail },
  { path: PATTERNS.productTransferIn, screen: productTransferIn },
  { path: PATTERNS.helpList, screen: helpList },
  { path: PATTERNS.help, screen: help },
  { path: PATTERNS.service, screen: service },
  { path: PATTERNS.recharge, screen: recharge, tabBar: true },
  { path: PATTERNS.lotteryPrize, screen: lotteryPrize, tabBar: true },
  { path: PATTERNS.account, screen: account, auth: true, tabBar: true },
  { path: PATTERNS.income, screen: income, auth: true },
  { path: PATTERNS.withdraw, screen: withdraw, auth: true },
  { path: PATTERNS.messages, screen: messages, auth: true },
  { path: PATTERNS.passwords, screen: passwordsMenu, auth: true },
  { path: PATTERNS.bankList, screen: bankList, auth: true },
  { path: PATTERNS.bankAdd, screen: bankAdd, auth: true },
  { path: PATTERNS.settings, screen: settings, auth: true },
  { path: PATTERNS.version, screen: version },
  { path: PATTERNS.login, screen: login, keepAlive: false },
  { path: PATTERNS.register, screen: register, keepAlive: false },
  { path: PATTERNS.forgotPassword, screen: forgotPassword, keepAlive: false },
  { path: PATTERNS.loginPassword, screen: loginPassword, auth: true },
  { path: PATTERNS.payPassword, screen: payPassword, auth: true },
  {
    path: PATTERNS.activity,
    screen: activity,
    auth: true,
    keepAlive: false,
    reads: ({ id }) => roomReads(id),
  },
  { path: PATTERNS.roomList, screen: roomList, auth: true },
  { path: PATTERNS.current, screen: current, auth: true },
  { path: PATTERNS.fairness, screen: fairness, auth: true },
  { path: PATTERNS.responsiblePlay, screen: responsiblePlay, auth: true },
  { path: PATTERNS.ledger, screen: ledger, auth: true },
];

/** The route a path shows: the first whose pattern matches it. */
export function findRoute(path: string, parser: Parameters<typeof matchRoute>[0]): RouteDef | null {
  return ROUTES.find((def) => matchRoute(parser, def.path, path)[0]) ?? null;
}
