import type { ComponentType } from 'react';
import { matchRoute } from 'wouter';
import { lazyNow, type LazyNow } from '../lazyNow';
import { PATTERNS } from '../routing/paths';
import type { Query } from '../data';
import { bannersQuery, homeTilesQuery, winnersQuery } from '../features/home/homeApi';
import { roomReads } from '../features/game/gameApi';
import { firstFundLogQuery } from '../features/wallet/fundLog';

/**
 * A screen's lazy component, with its loader so the first screen can start loading early
 * (firstScreen.ts); once loaded, it renders without a fallback (lazyNow.ts).
 */
export type Screen = LazyNow<object>;

function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  return lazyNow(load);
}

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

const home = lazyScreen(() => import('../features/home/HomePage'));
const language = lazyScreen(() => import('../features/language/LanguagePage'));
const info = lazyScreen(() => import('../features/content/InfoPage'));
const helpList = lazyScreen(() => import('../features/content/HelpListPage'));
const help = lazyScreen(() => import('../features/content/HelpPage'));
const messages = lazyScreen(() => import('../features/content/MessagesPage'));
const finance = lazyScreen(() => import('../features/finance/FinancePage'));
const productOrder = lazyScreen(() => import('../features/finance/ProductOrderPage'));
const productRule = lazyScreen(() => import('../features/finance/ProductRulePage'));
const productDetail = lazyScreen(() => import('../features/finance/ProductDetailPage'));
const productTransferIn = lazyScreen(() => import('../features/finance/ProductTransferInPage'));
const service = lazyScreen(() => import('../features/service/ServicePage'));
const recharge = lazyScreen(() => import('../features/recharge/RechargePage'));
const lotteryPrize = lazyScreen(() => import('../features/trend/LotteryPrizePage'));
const account = lazyScreen(() => import('../features/account/AccountPage'));
const passwordsMenu = lazyScreen(() => import('../features/account/PasswordMenuPage'));
const settings = lazyScreen(() => import('../features/account/SettingsPage'));
const income = lazyScreen(() => import('../features/wallet/IncomePage'));
const withdraw = lazyScreen(() => import('../features/wallet/WithdrawPage'));
const bankList = lazyScreen(() => import('../features/wallet/BankListPage'));
const bankAdd = lazyScreen(() => import('../features/wallet/BankAddPage'));
const version = lazyScreen(() => import('../features/version/VersionPage'));
const login = lazyScreen(() => import('../features/auth/LoginPage'));
const register = lazyScreen(() => import('../features/auth/RegisterPage'));
const forgotPassword = lazyScreen(() => import('../features/auth/ForgotPasswordPage'));
const loginPassword = lazyScreen(() => import('../features/passwords/LoginPasswordPage'));
const payPassword = lazyScreen(() => import('../features/passwords/PayPasswordPage'));
const activity = lazyScreen(() => import('../features/game/ActivityPage'));
const roomList = lazyScreen(() => import('../features/game/RoomListPage'));
const current = lazyScreen(() => import('../features/game/CurrentPage'));
const fairness = lazyScreen(() => import('../features/game/FairnessPage'));
const responsiblePlay = lazyScreen(() => import('../features/play/PlayLimitsPage'));

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
  {
    path: PATTERNS.income,
    screen: income,
    auth: true,
    reads: () => [firstFundLogQuery()],
  },
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
];

/** The route a path shows: the first whose pattern matches it. */
export function findRoute(path: string, parser: Parameters<typeof matchRoute>[0]): RouteDef | null {
  return ROUTES.find((def) => matchRoute(parser, def.path, path)[0]) ?? null;
}
