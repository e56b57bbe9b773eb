/**
 * App config (GET-like /api/Index/getconfig): operator settings with defaults, plus the server
 * clock so the app can correct its countdowns.
 */
import type { AppConfig } from '../../shared/api/types';
import { DEFAULT_QUHAO } from '../../shared/constants';
import { readSettings } from '../repositories/settings';
import type { Deps } from './deps';
import { WALLET_SETTING_DEFAULTS } from './wallet/walletSettings';

/** Setting keys and the values a fresh install starts with (the seed writes them). */
export const DEFAULT_SETTINGS = {
  siteName: 'RoundPlay',
  // A placeholder the operator replaces with the real support page (settings table).
  serviceUrl: 'https://example.com/support',
  // How members add money (method, hours, limits, what to quote), shown on the recharge page as
  // written; empty until the operator writes it (the page then points to customer service only).
  depositInstructions: '',
  agreement: '1',
  priceFeedUrl: 'wss://ws.okx.com:8443/ws/v5/public',
  'version.android': '1.0.0',
  'version.android.url': '',
  'version.ios': '1.0.0',
  'version.ios.url': '',
  // Not part of the app config the client reads (SPEC.md section 1: the daily maximum is not shown).
  ...WALLET_SETTING_DEFAULTS,
} as const satisfies Record<string, string>;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;

export async function appConfig(deps: Deps): Promise<AppConfig> {
  const stored = await readSettings(deps.db);
  const get = (key: SettingKey): string => stored.get(key) ?? DEFAULT_SETTINGS[key];
  return {
    siteName: get('siteName'),
    serviceUrl: get('serviceUrl'),
    depositInstructions: get('depositInstructions'),
    agreement: get('agreement') === '2' ? 2 : 1,
    defaultQuhao: DEFAULT_QUHAO,
    priceFeedUrl: get('priceFeedUrl'),
    versions: {
      android: { version: get('version.android'), url: get('version.android.url') },
      ios: { version: get('version.ios'), url: get('version.ios.url') },
    },
    serverTime: deps.clock(),
  };
}
