/**
 * The operator's wallet settings (admin settings:set): how many withdrawals a member may request
 * per UTC+8 day, and the turnover multiple (stakes needed since the last deposit, as a multiple of
 * that deposit). Parsed in one place for the admin check and for the rules that read them.
 */
import { readSettings } from '../../repositories/settings';
import type { Db } from '../../db/schema';

export const WALLET_SETTING_DEFAULTS = {
  maxWithdrawalsPerDay: '3',
  turnoverMultiple: '1',
} as const;

export const MAX_WITHDRAWALS_PER_DAY_LIMIT = 1000;
export const MAX_TURNOVER_MULTIPLE = 100;

/** A whole number 0..1000; 0 stops withdrawals. Null when the text is not one. */
export function parseMaxWithdrawalsPerDay(text: string): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_WITHDRAWALS_PER_DAY_LIMIT ? value : null;
}

/** 0..100 with at most two decimals, in hundredths (1.5 -> 150), so the rule stays in integers. */
export function parseTurnoverMultiple(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths <= MAX_TURNOVER_MULTIPLE * 100 ? hundredths : null;
}

export interface WalletSettings {
  maxWithdrawalsPerDay: number;
  /** The turnover multiple in hundredths: 100 = 1x. */
  turnoverHundredths: number;
}

/** Read on every use (no cache), so an operator's change applies to the next request. */
export async function readWalletSettings(db: Db): Promise<WalletSettings> {
  const stored = await readSettings(db);
  const max = parseMaxWithdrawalsPerDay(stored.get('maxWithdrawalsPerDay') ?? '');
  const multiple = parseTurnoverMultiple(stored.get('turnoverMultiple') ?? '');
  return {
    maxWithdrawalsPerDay: max ?? Number(WALLET_SETTING_DEFAULTS.maxWithdrawalsPerDay),
    turnoverHundredths: multiple ?? Number(WALLET_SETTING_DEFAULTS.turnoverMultiple) * 100,
  };
}
