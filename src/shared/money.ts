/**
 * Money is integer cents everywhere a figure is kept or compared. The wire carries USD
 * amounts with at most two decimals; these helpers are the only way in and out.
 */
import type { Locale } from './locale';

export type Cents = number;

/*
 * Bounds on amounts. Cents are JavaScript numbers, exact only up to Number.MAX_SAFE_INTEGER
 * (about 90 trillion USD); past it a fund-log row would lose cents and the audit would fail. Each
 * operation has a ceiling a real member or operator never meets, and a balance has one far below
 * the exact range, so whatever the order of deposits, stakes and wins, every figure stays exact
 * (docs/decisions.md, "Amounts are bounded").
 */

/** The most one operator deposit credits: 100,000,000.00 USD. */
export const MAX_DEPOSIT_CENTS: Cents = 100_000_000_00;

/** The most one withdrawal asks for: 100,000,000.00 USD. */
export const MAX_WITHDRAWAL_CENTS: Cents = 100_000_000_00;

/** The most one order line stakes: 1,000,000 USD (stakes are whole USD). */
export const MAX_STAKE_CENTS: Cents = 1_000_000_00;

/**
 * The most a balance may hold after a deposit, or after an order at its best outcome:
 * 100,000,000,000.00 USD, 900 times below the exact range, so wins of orders already open can
 * never carry a balance out of it.
 */
export const MAX_BALANCE_CENTS: Cents = 100_000_000_000_00;

const AMOUNT_PATTERN = /^\d+(\.\d{0,2})?$/;

/** USD (number or text) to cents; null for anything that is not a non-negative amount with <= 2 decimals. */
export function toCents(usd: number | string): Cents | null {
  const text = typeof usd === 'number' ? (Number.isFinite(usd) ? String(usd) : '') : usd.trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * A USD figure from the wire (a balance, a room's minimum, an order's stake) in cents. The server
 * sends cents / 100, so the rounding only takes off the float's noise (0.1 + 0.2 is 30 cents);
 * 0 for a figure that is missing or not a number.
 */
export function wireCents(usd: number | null | undefined): Cents {
  return typeof usd === 'number' && Number.isFinite(usd) ? Math.round(usd * 100) : 0;
}

/** Cents as an amount field holds them, the way toCents reads them back: 1234.50, no grouping. */
export function amountText(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`;
}

/** Cents to a USD number for the wire (exact for every safe integer number of cents). */
export function toUsd(cents: Cents): number {
  return cents / 100;
}

/** How a language writes numbers: the thousands separator and the decimal point. */
export interface Separators {
  group: string;
  decimal: string;
}

/**
 * The app's languages' separators, as Intl writes them (a unit test holds each to Intl). Written
 * out because a page's first Intl number format costs a slow phone about 100 ms (ICU's locale
 * data), on the first screen of every page that shows an amount or the odds.
 */
const SEPARATORS: Record<Locale, Separators> = {
  en: { group: ',', decimal: '.' },
  'zh-CN': { group: ',', decimal: '.' },
  'zh-TW': { group: ',', decimal: '.' },
  vi: { group: '.', decimal: ',' },
};

/** A language's separators. */
export function separatorsOf(locale: Locale): Separators {
  return SEPARATORS[locale];
}

/** A whole number's digits in groups of three: "1234567" -> "1,234,567". */
export function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, group);
}

/**
 * Two decimals with the language's separators (SPEC.md section 9): -1,234.50 in English,
 * -1.234,50 in Vietnamese. Exact: the whole part and the cents are written apart, never through
 * a float. Without a locale (operator console, server logs) English.
 */
export function formatMoney(cents: Cents, locale: Locale = 'en'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const { group, decimal } = separatorsOf(locale);
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${sign}${groupDigits(String(Math.floor(abs / 100)), group)}${decimal}${fraction}`;
}

/** Format a USD amount from the wire. */
export function formatUsd(usd: number, locale: Locale = 'en'): string {
  return formatMoney(wireCents(usd), locale);
}

/**
 * What an amount field keeps as the member types: digits and one decimal point only
 * (SPEC.md section 5, Withdraw). Commas are stripped, other characters dropped.
 */
export function sanitizeAmountInput(raw: string): string {
  const kept = raw.replace(/,/g, '').replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  return kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}
