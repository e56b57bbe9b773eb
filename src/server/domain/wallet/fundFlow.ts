/**
 * The member's fund log (SPEC.md sections 2 Fund log, 3 Fund log entry): their own rows between
 * two dates, inclusive, in the server's UTC+8 day (the day of the rounds' sequence numbers),
 * newest first, a page at a time below an id cursor. A date that is not a real YYYY-MM-DD day
 * answers 1001; a start after the end answers 1001 with the date-range text (SPEC.md section 5).
 */
import type { FundLogEntry, FundReasonCode } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { toUsd } from '../../../shared/money';
import { validateDateRange } from '../../../shared/validation/wallet';
import type { FundLogRow } from '../../db/schema';
import { memberFundLogRange } from '../../repositories/fundFlow';
import type { Deps } from '../deps';
import { WITHDRAWAL_REF } from '../fundReasons';
import { DAY_MS, dayStart, isoDate } from '../game/timing';
import { refused, refusedFrom } from '../refused';

export const FUND_FLOW_DEFAULT_LIMIT = 50;
export const FUND_FLOW_MAX_LIMIT = 200;

export interface FundFlowQuery {
  start: string;
  end: string;
  before?: number;
  limit?: number;
}

export type FundReasonNames = Readonly<Record<FundReasonCode, string>>;

/** The UTC+8 day number of a YYYY-MM-DD date, or null when it is not a real day. */
export function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
  // Date.UTC rolls 2025-02-30 over to March: only a day that reads back the same is real.
  return Number.isInteger(day) && isoDate(day) === text ? day : null;
}

/** A reference that reads the same in every language: the round, the order, the withdrawal. */
function refOf(row: FundLogRow): string {
  switch (row.ref_type) {
    case 'order':
    case 'round':
      // Stakes and awards keep the round's sequence number as their text.
      return row.reason_text || `#${row.ref_id}`;
    case 'order_line':
      return `#${row.ref_id}`;
    case WITHDRAWAL_REF:
      return row.reason_text ? `#${row.ref_id} · ${row.reason_text}` : `#${row.ref_id}`;
    default:
      // Operator deposits: the operator's own reference (e.g. a bank transfer id).
      return row.ref_id;
  }
}

function entryOf(row: FundLogRow, names: FundReasonNames): FundLogEntry {
  // The ledger writes only FundReason codes, which are exactly the contract's FUND_REASONS.
  const reasonCode = row.reason_code as FundReasonCode;
  return {
    id: row.id,
    time: Math.floor(row.created_at / 1000),
    type: row.amount_cents > 0 ? 1 : 2,
    money: toUsd(Math.abs(row.amount_cents)),
    before: toUsd(row.before_cents),
    after: toUsd(row.after_cents),
    reason: names[reasonCode] ?? row.reason_code,
    reasonCode,
    ref: refOf(row),
  };
}

export async function fundFlow(
  deps: Deps,
  memberId: number,
  query: FundFlowQuery,
  names: FundReasonNames,
): Promise<FundLogEntry[]> {
  const first = parseDay(query.start);
  const last = parseDay(query.end);
  if (first === null || last === null) throw refused(ErrorCode.IncompleteParameters);
  const refusal = validateDateRange(query.start, query.end);
  if (refusal) throw refusedFrom(refusal);
  const limit = query.limit ?? FUND_FLOW_DEFAULT_LIMIT;
  if (limit < 1 || limit > FUND_FLOW_MAX_LIMIT) throw refused(ErrorCode.IncompleteParameters);
  const rows = await memberFundLogRange(deps.db, {
    memberId,
    fromMs: dayStart(first),
    toMs: dayStart(last + 1),
    beforeId: query.before,
    limit,
  });
  return rows.map((row) => entryOf(row, names));
}
