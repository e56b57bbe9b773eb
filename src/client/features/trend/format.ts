/** How the price list writes figures: grouped digits, enough decimals for cheap coins. */
const formats = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale} ${min} ${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format;
}

/**
 * In the member's language's separators: 43210.5 -> "43,210.50" ("43.210,50" in Vietnamese);
 * 1.0002 -> "1.0002"; 0.0795 -> "0.0795"; 0.00001234 -> "0.00001234".
 */
export function formatPrice(value: number, locale = 'en'): string {
  if (value >= 1_000) return formatter(locale, 2, 2).format(value);
  if (value >= 1) return formatter(locale, 2, 4).format(value);
  if (value >= 0.01) return formatter(locale, 2, 5).format(value);
  return formatter(locale, 2, 8).format(value);
}

export type Direction = 'up' | 'down' | 'flat';

/** Day change with its sign and two decimals; what rounds to zero is flat. */
export function formatChange(percent: number, locale = 'en'): { text: string; direction: Direction } {
  const rounded = Math.round(percent * 100) / 100;
  const text = `${formatter(locale, 2, 2).format(Math.abs(rounded))}%`;
  if (rounded === 0) return { text, direction: 'flat' };
  return rounded > 0 ? { text: `+${text}`, direction: 'up' } : { text: `-${text}`, direction: 'down' };
}

/** Whole seconds since an instant, never negative. */
export function ageSeconds(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}
