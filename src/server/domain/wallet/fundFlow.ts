/**
 * The member's fund log (SPEC.md sections 2 Fund log, 3 Fund log entry): their own rows between
 * two dates, inclusive, in the server's UTC+8 day (the day of the rounds' sequence numbers),
 * newest first, a page at a time below an id cursor. A date that is not a real YYYY-MM-DD day
 * answers 1001; a start after the end answers 1001 with the date-range text (SPEC.md section 5).
 * Each row says what it belongs to in the member's terms (detailOf), never by an internal tag.
 */
import type { FundLogEntry, FundReasonCode } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { toUsd } from '../../../shared/money';
import { validateDateRange } from '../../../shared/validation/wallet';
import type { FundLogRow, WithdrawalRow } from '../../db/schema';
import { memberFundLogRange, memberLinesWithRounds } from '../../repositories/fundFlow';
import { memberWithdrawalsByIds } from '../../repositories/withdrawals';
import type { Deps } from '../deps';
import { FundReason, WITHDRAWAL_REF } from '../fundReasons';
import { DAY_MS, dayStart, isoDate } from '../game/timing';
import { refused, refusedFrom } from '../refused';
import { maskDestination } from './memberWithdrawals';

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

type Detail = FundLogEntry['detail'];

const NO_DETAIL: Detail = { round: '', outcome: null, account: '', note: '' };

/**
 * What deposits were stored with when the operator gave no reference ("cli" by the `credit`
 * command, "seed" by the demo data), before a deposit's reference was shown to members: internal
 * tags, never shown.
 */
const INTERNAL_DEPOSIT_REFS: ReadonlySet<string> = new Set(['cli', 'seed']);

/** A deposit's reference as a member reads it (fund log, messages): '' for an internal tag. */
export function depositReference(refId: string): string {
  return INTERNAL_DEPOSIT_REFS.has(refId) ? '' : refId;
}

/** What the rows of a page refer to, read once for the page: cancelled lines' rounds, withdrawals' destinations. */
interface Referred {
  lines: Map<string, { outcome: number; seqno: string }>;
  withdrawals: Map<string, WithdrawalRow>;
}

async function referredBy(deps: Deps, memberId: number, rows: FundLogRow[]): Promise<Referred> {
  const idsOf = (type: string) => [
    ...new Set(rows.filter((r) => r.ref_type === type && /^\d{1,15}$/.test(r.ref_id)).map((r) => Number(r.ref_id))),
  ];
  const [lines, withdrawals] = await Promise.all([
    memberLinesWithRounds(deps.db, memberId, idsOf('order_line')),
    memberWithdrawalsByIds(deps.db, memberId, idsOf(WITHDRAWAL_REF)),
  ]);
  return {
    lines: new Map(lines.map((line) => [String(line.id), line])),
    withdrawals: new Map(withdrawals.map((w) => [String(w.id), w])),
  };
}

/**
 * What a row means to the member, never an internal tag or id: the round of a stake, a payout or a
 * cancelled line (with the line's outcome), the masked destination of a withdrawal (with the
 * operator's note when it was rejected), the reference the operator gave a deposit.
 */
function detailOf(row: FundLogRow, referred: Referred): Detail {
  switch (row.ref_type) {
    case 'order':
    case 'round':
      // Stakes and payouts keep the round's sequence number as their text.
      return { ...NO_DETAIL, round: row.reason_text };
    case 'order_line': {
      const line = referred.lines.get(row.ref_id);
      return line ? { ...NO_DETAIL, round: line.seqno, outcome: line.outcome } : NO_DETAIL;
    }
    case WITHDRAWAL_REF: {
      const withdrawal = referred.withdrawals.get(row.ref_id);
      const note = row.reason_code === FundReason.WithdrawRefund ? row.reason_text : '';
      return { ...NO_DETAIL, account: withdrawal ? maskDestination(withdrawal) : '', note };
    }
    default:
      // Operator deposits: the operator's own reference (e.g. a bank transfer id), if one was given.
      return { ...NO_DETAIL, note: depositReference(row.ref_id) };
  }
}

function entryOf(row: FundLogRow, names: FundReasonNames, referred: Referred): FundLogEntry {
  // The ledger writes only FundReason codes, which are exactly the contract's FUND_REASONS.
  const reasonCode = row.reason_code as FundReasonCode;
  const detail = detailOf(row, referred);
  return {
    id: row.id,
    time: Math.floor(row.created_at / 1000),
    type: row.amount_cents > 0 ? 1 : 2,
    money: toUsd(Math.abs(row.amount_cents)),
    before: toUsd(row.before_cents),
    after: toUsd(row.after_cents),
    reason: names[reasonCode] ?? row.reason_code,
    reasonCode,
    ref: [detail.round, detail.account, detail.note].filter((part) => part !== '').join(' · '),
    detail,
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
  const referred = await referredBy(deps, memberId, rows);
  return rows.map((row) => entryOf(row, names, referred));
}
