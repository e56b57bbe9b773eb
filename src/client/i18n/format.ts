import { currentLocale } from './i18n';

/** Date and time of an epoch-ms instant in the member's language, e.g. for 'stale since'. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  const sameDay = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(
    currentLocale(),
    sameDay
      ? { hour: '2-digit', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}
