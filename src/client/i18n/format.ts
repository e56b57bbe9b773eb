import { formatMoney as formatMoneyIn, formatUsd as formatUsdIn, groupDigits, separatorsOf } from '../../shared/money';
import { formatInstant, formatServerDate, type InstantStyle, type InstantZone } from '../../shared/instant';
import { dayNumber, dayStart } from '../../shared/serverDay';
import { currentLocale } from './i18n';

/**
 * Instants in the member's language and the device's zone, through the one formatter both sides
 * use (src/shared/instant.ts): each context has its style there (a fund-log row to the second, an
 * article's day, the ticker's short rows), and every other instant is a moment, date and time.
 */
/**
 * The zone instants are written in: the device's, except while the server renders a page for a
 * device whose zone its cookie named (ssr/renderPage.tsx sets it per page).
 */
export const renderZone: { timeZone: string | null } = { timeZone: null };

const zone = (): InstantZone | undefined =>
  renderZone.timeZone === null ? undefined : { timeZone: renderZone.timeZone, named: false };

/** The contexts' own styles; every other instant is a moment (formatDateTime). */
type DateStyle = Extract<InstantStyle, 'ledger' | 'day' | 'ticker'>;

/** An epoch-seconds instant (as the API sends times) in a context's style and the member's language. */
export function formatDate(epochSeconds: number, style: DateStyle): string {
  return formatInstant(epochSeconds * 1000, currentLocale(), style, zone());
}

/** Date and time of an epoch-ms instant (always both: a time alone does not say which day). */
export function formatDateTime(ms: number): string {
  return formatInstant(ms, currentLocale(), 'moment', zone());
}

/** A day of the server's calendar (YYYY-MM-DD) in the member's language. */
export function formatServerDay(isoDay: string): string {
  return formatServerDate(isoDay, currentLocale());
}

/** When the server's day begins (00:00 UTC+8), as a time of this device's day ("16:00"). */
export function serverMidnightHere(now: number = Date.now()): string {
  return formatInstant(dayStart(dayNumber(now) + 1), currentLocale(), 'time', zone());
}

/** A USD amount from the wire with two decimals and the member's separators (1.234,50 in Vietnamese). */
export function formatUsd(usd: number): string {
  return formatUsdIn(usd, currentLocale());
}

/** Cents with two decimals and the member's separators. */
export function formatMoney(cents: number): string {
  return formatMoneyIn(cents, currentLocale());
}

/** A net in cents with its sign: +1.50, -1.50, and 0.00 with none (nothing won or lost). */
export function formatSignedMoney(cents: number): string {
  return `${cents > 0 ? '+' : cents < 0 ? '-' : ''}${formatMoney(Math.abs(cents))}`;
}

const decimalFormats = new Map<string, Intl.NumberFormat>();
/** A plain decimal as String writes it (no exponent): what can be written out without rounding. */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A number with exactly `digits` decimals and the member's separators (1.96; 1,96 in Vietnamese).
 * A value with no more decimals than that (odds, always) is written out with the language's
 * separators, as Intl would; one that must be rounded goes through Intl's rounding.
 */
export function formatDecimal(value: number, digits: number): string {
  const locale = currentLocale();
  const plain = PLAIN_DECIMAL.exec(String(value));
  if (plain && (plain[3] ?? '').length <= digits) {
    const [, sign, whole, fraction = ''] = plain;
    const { group, decimal } = separatorsOf(locale);
    return `${sign}${groupDigits(whole, group)}${digits > 0 ? decimal + fraction.padEnd(digits, '0') : ''}`;
  }
  const key = `${locale} ${digits}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

/** A percentage with two decimals in the member's language: 0.15 -> "0.15%" ("0,15%" in Vietnamese). */
export function formatPercent(value: number): string {
  return `${formatDecimal(value, 2)}%`;
}
