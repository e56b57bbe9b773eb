/**
 * Money is integer cents everywhere a figure is kept or compared. The wire carries USD
 * amounts with at most two decimals; these helpers are the only way in and out.
 */
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

/** Cents to a USD number for the wire (exact for every safe integer number of cents). */
export function toUsd(cents: Cents): number {
  return cents / 100;
}

interface MoneyStyle {
  whole: Intl.NumberFormat;
  decimal: string;
}
const styles = new Map<string, MoneyStyle>();

function moneyStyle(locale: string): MoneyStyle {
  let style = styles.get(locale);
  if (!style) {
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    style = { whole, decimal };
    styles.set(locale, style);
  }
  return style;
}

/**
 * Two decimals with the language's separators (SPEC.md section 9): -1,234.50 in English,
 * -1.234,50 in Vietnamese. Exact: the whole part and the cents are written apart, never through
 * a float. Without a locale (operator console, server logs) English.
 */
export function formatMoney(cents: Cents, locale = 'en'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const { whole, decimal } = moneyStyle(locale);
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${sign}${whole.format(Math.floor(abs / 100))}${decimal}${fraction}`;
}

/** Format a USD amount from the wire. */
export function formatUsd(usd: number, locale = 'en'): string {
  return formatMoney(Math.round(usd * 100), locale);
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
