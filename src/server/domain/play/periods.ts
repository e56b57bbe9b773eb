/**
 * The limits' periods at an instant, and a limit as it stands then: a looser limit asked for
 * becomes the one in force once its time has come, read this way rather than by a job that
 * rewrites rows (the row is brought up to date at the member's next change).
 */
import { periodAt, type PlayPeriod } from '../../../shared/play';
import type { PeriodInstants, PeriodStarts } from '../../repositories/play';

/** The first server day of the day, week and month of an instant (play_state's usage keys). */
export function startsAt(now: number): PeriodStarts {
  return {
    day: periodAt('day', now).startDay,
    week: periodAt('week', now).startDay,
    month: periodAt('month', now).startDay,
  };
}

/** The first instant of the day, week and month of an instant. */
export function instantsAt(now: number): PeriodInstants {
  return {
    day: periodAt('day', now).startsAt,
    week: periodAt('week', now).startsAt,
    month: periodAt('month', now).startsAt,
  };
}

export function endsAt(period: PlayPeriod, now: number): number {
  return periodAt(period, now).endsAt;
}

/** The columns of a limit that say what is in force and what waits. */
export interface LimitColumns {
  limit_cents: number | null;
  next_cents: number | null;
  next_at: number | null;
}

/** The limit in force at `now` (0 = none). */
export function limitInForce(row: LimitColumns, now: number): number {
  if (row.next_at !== null && row.next_cents !== null && row.next_at <= now) return row.next_cents;
  return row.limit_cents ?? 0;
}

/** The looser limit still waiting at `now`, if any. */
export function waitingLimit(row: LimitColumns, now: number): { cents: number; at: number } | null {
  if (row.next_at === null || row.next_cents === null || row.next_at <= now) return null;
  return { cents: row.next_cents, at: row.next_at };
}
