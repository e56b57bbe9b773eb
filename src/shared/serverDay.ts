/**
 * The server's day: UTC+8, the day of the rounds' sequence numbers, "today" and the trend figures,
 * and of the dates the fund-log call reads (FinanceFlowRequest). Both sides count days this way.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** UTC+8 (DESIGN.md leaves the day open; the price feed's start of day, sodUtc8, is UTC+8 too). */
export const SERVER_DAY_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The same offset as an IANA zone (its sign is inverted by convention: Etc/GMT-8 is UTC+8). */
export const SERVER_TIME_ZONE = 'Etc/GMT-8';

/** Days since 1970-01-01 in UTC+8. */
export function dayNumber(epochMs: number): number {
  return Math.floor((epochMs + SERVER_DAY_OFFSET_MS) / DAY_MS);
}

/** The first instant (epoch ms) of a UTC+8 day. */
export function dayStart(day: number): number {
  return day * DAY_MS - SERVER_DAY_OFFSET_MS;
}

/** 2026-11-22 for a day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The server's date (YYYY-MM-DD) at an instant. */
export function serverDateOf(epochMs: number): string {
  return isoDate(dayNumber(epochMs));
}
