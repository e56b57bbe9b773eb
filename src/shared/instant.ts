/**
 * The one way an instant is written for a person, on both sides, in the reader's language: the
 * same date order and 24-hour time on every screen and in every message. The app writes the
 * device's own zone, unnamed; the server, which does not know the reader's zone, writes the
 * server's (UTC+8, src/shared/serverDay.ts) and names it ("11/29/2026, 11:00 GMT+8").
 * Styles:
 * - moment: date and time to the minute (messages, withdrawals, orders, pauses, limits, stale marks);
 * - ledger: to the second (a fund-log row is a statement);
 * - day: the date alone (an article, a range of the server's days);
 * - time: the time alone (a moment of every day, such as when the server's day begins);
 * - ticker: month, day and time (the home ticker's narrow rows, always of recent days).
 */
const STYLES = {
  moment: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
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
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ticker: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type InstantStyle = keyof typeof STYLES;

/** A zone other than the device's: `named` writes its name after the time (the server's messages). */
export interface InstantZone {
  timeZone: string;
  named: boolean;
}

/** The zone this runtime writes times in when given none (UTC where it cannot say). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Zones found known, remembered (an unknown one is never kept). Intl takes a name in any case, so
 * spellings are bounded too: past the bound a name is checked each time, as before it was kept.
 */
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 1_000;

/** Whether this runtime knows a zone by that name (a cookie's value is checked before use). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  if (knownZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(name);
  return true;
}

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatInstant(
  epochMs: number,
  locale: string,
  style: InstantStyle = 'moment',
  zone?: InstantZone,
): string {
  const key = `${locale} ${style} ${zone?.timeZone ?? ''} ${zone?.named ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      ...STYLES[style],
      ...(zone ? { timeZone: zone.timeZone, ...(zone.named ? { timeZoneName: 'short' } : {}) } : {}),
    });
    formats.set(key, format);
  }
  // ICU versions differ in the spaces they write (a thin space between date and time in
  // Traditional Chinese in Node's, a plain one in Chromium's): one kind, so the server's page and
  // the app's render of it say the same.
  return format.format(new Date(epochMs)).replace(ICU_SPACES, ' ');
}

const ICU_SPACES = /[\u00a0\u2009\u202f]/g;

/** A day of the server's calendar (YYYY-MM-DD, as the fund log's range is asked for) in the day style. */
export function formatServerDate(isoDay: string, locale: string): string {
  // The day's own calendar date, whatever the device's zone: written at UTC midnight, read in UTC.
  return formatInstant(Date.parse(`${isoDay}T00:00:00Z`), locale, 'day', { timeZone: 'UTC', named: false });
}
