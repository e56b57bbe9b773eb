import { formatMoney as formatMoneyIn, formatUsd as formatUsdIn, groupDigits, separatorsOf } from '../../shared/money';
import { currentLocale } from './i18n';

/**
 * The one date style of each context, so a member reads dates the same way wherever they appear:
 * - ledger: a fund-log row, to the second (it is a statement);
 * - day: an article's date;
 * - ticker: a winner on the home ticker (month, day and time);
 * - moment (formatDateTime): everything else — stale badges, records, messages, withdrawals — the
 *   time for today and the date too for an older day.
 */
const DATE_STYLES = {
  ledger: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  ticker: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  today: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  earlier: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateStyle = 'ledger' | 'day' | 'ticker';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(style: keyof typeof DATE_STYLES): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    dateFormats.set(key, format);
  }
  return format;
}

/** An epoch-seconds instant (as the API sends times) in a context's style and the member's language. */
export function formatDate(epochSeconds: number, style: DateStyle): string {
  return dateFormat(style).format(new Date(epochSeconds * 1000));
}

/** Date and time of an epoch-ms instant: the time for today, the date too for an older day. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  const sameDay = new Date().toDateString() === date.toDateString();
  return dateFormat(sameDay ? 'today' : 'earlier').format(date);
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
