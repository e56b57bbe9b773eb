import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PATTERNS } from '../routing/paths';

/** One route of SPEC.md section 2; its pattern comes from the path table (routing/paths.ts). */
export interface RouteDef {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Requires a token; otherwise redirect to /login. */
  auth?: boolean;
  /** Kept alive: state and scroll survive navigating away and back. Default true. */
  keepAlive?: boolean;
  /** Shows the tab bar. */
  tabBar?: boolean;
}

const home = lazy(() => import('../features/home/HomePage'));
const language = lazy(() => import('../features/language/LanguagePage'));
const info = lazy(() => import('../features/content/InfoPage'));
const helpList = lazy(() => import('../features/content/HelpListPage'));
const help = lazy(() => import('../features/content/HelpPage'));
const messages = lazy(() => import('../features/content/MessagesPage'));
const finance = lazy(() => import('../features/finance/FinancePage'));
const productOrder = lazy(() => import('../features/finance/ProductOrderPage'));
const productRule = lazy(() => import('../features/finance/ProductRulePage'));
const productDetail = lazy(() => import('../features/finance/ProductDetailPage'));
const productTransferIn = lazy(() => import('../features/finance/ProductTransferInPage'));
const service = lazy(() => import('../features/service/ServicePage'));
const recharge = lazy(() => import('../features/recharge/RechargePage'));
const lotteryPrize = lazy(() => import('../features/trend/LotteryPrizePage'));
const account = lazy(() => import('../features/account/AccountPage'));
const passwordsMenu = lazy(() => import('../features/account/PasswordMenuPage'));
const settings = lazy(() => import('../features/account/SettingsPage'));
const income = lazy(() => import('../features/wallet/IncomePage'));
const withdraw = lazy(() => import('../features/wallet/WithdrawPage'));
const bankList = lazy(() => import('../features/wallet/BankListPage'));
const bankAdd = lazy(() => import('../features/wallet/BankAddPage'));
const version = lazy(() => import('../features/version/VersionPage'));
const login = lazy(() => import('../features/auth/LoginPage'));
const register = lazy(() => import('../features/auth/RegisterPage'));
const loginPassword = lazy(() => import('../features/passwords/LoginPasswordPage'));
const payPassword = lazy(() => import('../features/passwords/PayPasswordPage'));
const activity = lazy(() => import('../features/game/ActivityPage'));
const roomList = lazy(() => import('../features/game/RoomListPage'));
const current = lazy(() => import('../features/game/CurrentPage'));
const fairness = lazy(() => import('../features/game/FairnessPage'));

/** First match wins, so fixed paths come before patterns that would also match them. */
export const ROUTES: readonly RouteDef[] = [
  { path: PATTERNS.home, screen: home, tabBar: true },
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
  { path: PATTERNS.loginPassword, screen: loginPassword, auth: true },
  { path: PATTERNS.payPassword, screen: payPassword, auth: true },
  { path: PATTERNS.activity, screen: activity, auth: true, keepAlive: false },
  { path: PATTERNS.roomList, screen: roomList, auth: true },
  { path: PATTERNS.current, screen: current, auth: true },
  { path: PATTERNS.fairness, screen: fairness, auth: true },
];
