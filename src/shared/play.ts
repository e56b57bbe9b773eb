/**
 * Responsible play: the limits a member sets for themselves, the pauses they can take and the
 * reality check, as both sides apply them. The server enforces them (in the same transaction as
 * the money); the app explains them with the same figures and words.
 */
import type { PAUSE_KINDS, PLAY_LIMIT_KINDS, PLAY_PERIODS } from './api/enums';
import { ErrorCode, refuse, type Refusal } from './errors';
import { MAX_DEPOSIT_CENTS, toCents, type Cents } from './money';
import { DAY_MS, dayNumber, dayStart } from './serverDay';

export type PlayPeriod = (typeof PLAY_PERIODS)[number];
export type PlayLimitKind = (typeof PLAY_LIMIT_KINDS)[number];
export type PauseKind = (typeof PAUSE_KINDS)[number];

/**
 * A limit made looser (raised, or removed) waits this long before it applies, so a decision taken
 * in the heat of play cannot undo one taken calmly. A tighter limit applies at once.
 */
export const LIMIT_LOOSENING_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * The lengths a member may choose, in days: a cool-off of 24 hours, 7 or 30 days; a
 * self-exclusion of 6 months (183 days), 1 year (365) or 5 years (1826). Neither ends early.
 */
export const PAUSE_DAYS: Readonly<Record<PauseKind, readonly number[]>> = {
  cooloff: [1, 7, 30],
  exclusion: [183, 365, 1826],
};

/** How often the room shows the reality check, in minutes of play; 0 = off. */
export const REALITY_CHECK_CHOICES = [15, 30, 60, 0] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 30;

/** The most a limit may be: the largest deposit the operator can make at once. */
export const MAX_PLAY_LIMIT_CENTS: Cents = MAX_DEPOSIT_CENTS;

/** A limit as typed: empty or 0 removes it (0 cents); 1050 for anything that is not an amount. */
export function validatePlayLimit(money: string | number | undefined): { cents: Cents } | { refusal: Refusal } {
  const text = money === undefined ? '' : String(money).replace(/,/g, '').trim();
  if (text === '') return { cents: 0 };
  const cents = toCents(text);
  if (cents === null || cents > MAX_PLAY_LIMIT_CENTS) return { refusal: refuse(ErrorCode.WrongAmount) };
  return { cents };
}

export function isPauseLength(kind: PauseKind, days: number): boolean {
  return PAUSE_DAYS[kind].includes(days);
}

export function isRealityCheckChoice(minutes: number): boolean {
  return (REALITY_CHECK_CHOICES as readonly number[]).includes(minutes);
}

/**
 * When a change of a limit applies (0 cents = no limit): 'now' when it is tighter (a first limit,
 * or a lower one), 'later' (after LIMIT_LOOSENING_DELAY_MS) when it is looser (higher, or removed),
 * 'unchanged' when it is the limit already in force.
 */
export function limitChangeTiming(currentCents: Cents, requestedCents: Cents): 'now' | 'later' | 'unchanged' {
  if (requestedCents === currentCents) return 'unchanged';
  if (currentCents === 0) return 'now';
  if (requestedCents === 0) return 'later';
  return requestedCents < currentCents ? 'now' : 'later';
}

/** The first server day of the period that holds `day` (weeks start on Monday; 1970-01-01 was a Thursday). */
export function periodStartDay(period: PlayPeriod, day: number): number {
  if (period === 'day') return day;
  if (period === 'week') return day - ((((day + 3) % 7) + 7) % 7);
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
}

/** The first server day of the period after the one that holds `day`. */
function nextPeriodStartDay(period: PlayPeriod, day: number): number {
  if (period === 'day') return day + 1;
  if (period === 'week') return periodStartDay('week', day) + 7;
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
}

/** The period that holds an instant: its first day, and when it starts and ends (epoch ms, UTC+8). */
export function periodAt(period: PlayPeriod, epochMs: number): { startDay: number; startsAt: number; endsAt: number } {
  const day = dayNumber(epochMs);
  const startDay = periodStartDay(period, day);
  return { startDay, startsAt: dayStart(startDay), endsAt: dayStart(nextPeriodStartDay(period, day)) };
}

/** What is left of a limit after `usedCents` (never below zero); a loss limit may have more left than its size after wins. */
export function leftOf(limitCents: Cents, usedCents: Cents): Cents {
  return Math.max(0, limitCents - usedCents);
}
