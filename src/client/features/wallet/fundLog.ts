/** The fund log's filter: its date range and the kinds of change it shows (SPEC.md section 2, Fund log). */
import { FUND_LOG_DEFAULT_DAYS } from '../../../shared/constants';
import { DAY_MS, serverDateOf } from '../../../shared/serverDay';
import type { FundReasonCode, FundLogEntry } from '../../../shared/api/types';
import type { DayRange } from '../../data/fundHistory';

/** YYYY-MM-DD to YYYY-MM-DD, inclusive, in the server's day. */
export type DateRange = DayRange;

/** The kinds of change the filter offers, each the reasons it gathers (null: every row). */
export const FUND_KINDS = {
  all: null,
  orders: ['stake', 'stake_refund'],
  payouts: ['award'],
  withdrawals: ['withdraw', 'withdraw_refund', 'withdraw_cancel'],
  credits: ['deposit'],
} as const satisfies Record<string, readonly FundReasonCode[] | null>;

export type FundKind = keyof typeof FUND_KINDS;

export const FUND_KIND_NAMES = Object.keys(FUND_KINDS) as FundKind[];

/** What the fund log shows: a range of the server's days and a kind of change. */
export interface FundLogFilterValue extends DateRange {
  kind: FundKind;
}

/**
 * The contract reads dates in the server's day, UTC+8 (FinanceFlowRequest). "Today" is taken in
 * that day too, so a member west of UTC+8 late in the evening still sees the newest rows.
 */

export function serverToday(now = Date.now()): string {
  return serverDateOf(now);
}

/** Default range: the last FUND_LOG_DEFAULT_DAYS days back to today (SPEC.md section 9). */
export function defaultRange(now = Date.now()): DateRange {
  return rangeEndingOn(serverDateOf(now));
}

/** FUND_LOG_DEFAULT_DAYS days back from a YYYY-MM-DD day, to that day. */
export function rangeEndingOn(day: string): DateRange {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - FUND_LOG_DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10);
  return { start, end: day };
}

/** Class 1 adds to the balance; every other class takes from it (SPEC.md section 3). */
export function isIncrease(row: Pick<FundLogEntry, 'type'>): boolean {
  return row.type === 1;
}
