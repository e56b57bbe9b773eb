/**
 * Round timing and sequence numbers. A round's sequence number is `YYYYMMDD-NNNN`: the day its
 * ordering opened in UTC+8 (the price feed's and the operators' day), then the round's place in
 * that day for its game, from 0001. The same UTC+8 day is used for "today" and the trend figures.
 */
import { dayNumber, isoDate } from '../../../shared/serverDay';

/** The day arithmetic is shared with the app (src/shared/serverDay.ts). */
export { DAY_MS, SERVER_DAY_OFFSET_MS, dayNumber, dayStart, isoDate } from '../../../shared/serverDay';

export function seqnoDay(epochMs: number): string {
  return isoDate(dayNumber(epochMs)).replace(/-/g, '');
}

/** The sequence number after `previous` for a round opening at `openAt`. */
export function nextSeqno(previous: string | undefined, openAt: number): string {
  const day = seqnoDay(openAt);
  const match = previous === undefined ? null : /^(\d{8})-(\d+)$/.exec(previous);
  const next = match && match[1] === day ? Number(match[2]) + 1 : 1;
  return `${day}-${String(next).padStart(4, '0')}`;
}

export type RoundPhase = 'open' | 'closed' | 'drawn';

/**
 * Orders and cancels are taken only while open: before close_at, not yet drawn, and not called off
 * (whatever this process's clock says of the close time another process brought forward).
 */
export function roundPhase(
  round: { status: string; close_at: number; voided_at: number | null },
  now: number,
): RoundPhase {
  if (round.status === 'drawn') return 'drawn';
  return now < round.close_at && round.voided_at === null ? 'open' : 'closed';
}

/** Limits an operator may set (admin game:set): long enough to order, the close inside the round. */
export const MIN_ROUND_SECONDS = 10;
export const MAX_ROUND_SECONDS = 24 * 60 * 60;

export interface RoundTiming {
  roundSeconds: number;
  closeSeconds: number;
}

export function timingProblem(timing: RoundTiming): string | null {
  const { roundSeconds, closeSeconds } = timing;
  if (!Number.isInteger(roundSeconds) || roundSeconds < MIN_ROUND_SECONDS || roundSeconds > MAX_ROUND_SECONDS) {
    return `round seconds must be a whole number from ${MIN_ROUND_SECONDS} to ${MAX_ROUND_SECONDS}`;
  }
  if (!Number.isInteger(closeSeconds) || closeSeconds < 0 || closeSeconds >= roundSeconds) {
    return 'close seconds must be a whole number from 0 to less than the round length';
  }
  return null;
}
