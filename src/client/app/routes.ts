import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One route of SPEC.md section 2. */
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
  { path: '/', screen: home, tabBar: true },
  { path: '/languageSet', screen: language },
  { path: '/info/:id', screen: info },
  { path: '/finance', screen: finance },
  { path: '/productorder', screen: productOrder },
  { path: '/productrule', screen: productRule },
  { path: '/productdetail', screen: productDetail },
  { path: '/producttransferin', screen: productTransferIn },
  { path: '/help/list', screen: helpList },
  { path: '/help/:id', screen: help },
  { path: '/ServicePage', screen: service },
  { path: '/recharge/:back?', screen: recharge, tabBar: true },
  { path: '/lotteryprize', screen: lotteryPrize, tabBar: true },
  { path: '/user', screen: account, auth: true, tabBar: true },
  { path: '/my_income', screen: income, auth: true },
  { path: '/withdraw', screen: withdraw, auth: true },
  { path: '/message', screen: messages, auth: true },
  { path: '/my_password', screen: passwordsMenu, auth: true },
  { path: '/banklist', screen: bankList, auth: true },
  { path: '/bankadd', screen: bankAdd, auth: true },
  { path: '/my_set', screen: settings, auth: true },
  { path: '/my_update', screen: version },
  { path: '/login', screen: login, keepAlive: false },
  { path: '/register', screen: register, keepAlive: false },
  { path: '/userloginpassword', screen: loginPassword, auth: true },
  { path: '/usercipherpassword', screen: payPassword, auth: true },
  { path: '/activity/:id', screen: activity, auth: true, keepAlive: false },
  { path: '/room_list/:type', screen: roomList, auth: true },
  { path: '/current/:id', screen: current, auth: true },
  // Addition: a past round's fairness proof, re-checked in the browser (DESIGN.md section 3).
  { path: '/fairness/:roomid/:seqno', screen: fairness, auth: true },
];
