/** Operator settings changed from the admin command, checked so the app never reads junk. */
import { readSettings, writeSetting } from '../repositories/settings';
import { DEFAULT_SETTINGS, type SettingKey } from './appConfig';
import type { Deps } from './deps';
import { isCleanUrlText } from '../../shared/validation';
import { checkOperatorText, OperatorInputError } from './operator';
import {
  MAX_TURNOVER_MULTIPLE,
  MAX_WITHDRAWALS_PER_DAY_LIMIT,
  parseMaxWithdrawalsPerDay,
  parseTurnoverMultiple,
} from './wallet/walletSettings';

/** A few sentences: what a phone shows on one screen. */
const MAX_DEPOSIT_INSTRUCTIONS = 600;

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

function checkValue(key: SettingKey, value: string): void {
  // Every setting is shown to members or printed by the CLI as text.
  checkOperatorText(key, value);
  const url = (protocols: string[]) => {
    // A link is written into an attribute, a header (the price feed's origin) or handed to the
    // browser: one clean token; the scheme is checked below.
    if (!isCleanUrlText(value)) throw new OperatorInputError(`${key} must be a URL without spaces or quotes`);
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new OperatorInputError(`${key} must be a URL (${protocols.join(', ')})`);
    }
    if (!protocols.includes(parsed.protocol))
      throw new OperatorInputError(`${key} must be a URL (${protocols.join(', ')})`);
  };
  if (key === 'agreement' && value !== '1' && value !== '2') {
    throw new OperatorInputError('agreement is 1 (registration open) or 2 (registration blocked)');
  }
  if (key === 'serviceUrl') url(['http:', 'https:', 'mailto:', 'tel:']);
  if (key === 'priceFeedUrl') url(['ws:', 'wss:']);
  if ((key === 'version.android.url' || key === 'version.ios.url') && value !== '') url(['http:', 'https:']);
  if (key === 'depositInstructions' && value.length > MAX_DEPOSIT_INSTRUCTIONS) {
    throw new OperatorInputError(`depositInstructions is at most ${MAX_DEPOSIT_INSTRUCTIONS} characters`);
  }
  if (key === 'siteName' && value.trim() === '') throw new OperatorInputError('siteName cannot be empty');
  if (key === 'maxWithdrawalsPerDay' && parseMaxWithdrawalsPerDay(value) === null) {
    throw new OperatorInputError(
      `maxWithdrawalsPerDay is a whole number from 0 (withdrawals stopped) to ${MAX_WITHDRAWALS_PER_DAY_LIMIT}`,
    );
  }
  if (key === 'turnoverMultiple' && parseTurnoverMultiple(value) === null) {
    throw new OperatorInputError(
      `turnoverMultiple is a number from 0 (no turnover needed) to ${MAX_TURNOVER_MULTIPLE} with at most two decimals`,
    );
  }
}

export async function changeSetting(
  deps: Deps,
  key: string,
  value: string,
): Promise<{ before: string; after: string }> {
  if (!isSettingKey(key)) throw new OperatorInputError(`unknown setting "${key}"; known: ${SETTING_KEYS.join(', ')}`);
  checkValue(key, value);
  const before = (await readSettings(deps.db)).get(key) ?? DEFAULT_SETTINGS[key];
  await writeSetting(deps.db, key, value);
  return { before, after: value };
}
