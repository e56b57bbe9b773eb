/**
 * An instant written for a person, the same way on both sides: date and time to the minute in
 * 24-hour time. The server does not know the reader's time zone, so it writes the server's and
 * names it ("01/01/2026, 08:00 GMT+8"); the app writes the device's own, unnamed.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatInstant(epochMs: number, locale: string, timeZone?: string): string {
  const key = `${locale} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format.format(new Date(epochMs));
}
