/** How the price list writes figures: grouped digits, enough decimals for cheap coins. */
const formats = new Map<number, Intl.NumberFormat>();

function formatter(min: number, max: number): Intl.NumberFormat {
  const key = min * 100 + max;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format;
}

/** 43210.5 -> "43,210.50"; 1.0002 -> "1.0002"; 0.0795 -> "0.0795"; 0.00001234 -> "0.00001234". */
export function formatPrice(value: number): string {
  if (value >= 1_000) return formatter(2, 2).format(value);
  if (value >= 1) return formatter(2, 4).format(value);
  if (value >= 0.01) return formatter(2, 5).format(value);
  return formatter(2, 8).format(value);
}

export type Direction = 'up' | 'down' | 'flat';

/** Day change with its sign and two decimals; what rounds to zero is flat. */
export function formatChange(percent: number): { text: string; direction: Direction } {
  const rounded = Math.round(percent * 100) / 100;
  if (rounded === 0) return { text: '0.00%', direction: 'flat' };
  return rounded > 0
    ? { text: `+${rounded.toFixed(2)}%`, direction: 'up' }
    : { text: `${rounded.toFixed(2)}%`, direction: 'down' };
}

/** Whole seconds since an instant, never negative. */
export function ageSeconds(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}
