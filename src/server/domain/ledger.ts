/**
 * The ledger: the only code that changes a balance (DESIGN.md section 3). Each change is one
 * conditional UPDATE plus a fund_log row with before/after, inside the caller's transaction, so
 * the invariant "balance = sum of fund-log deltas" holds after every commit.
 */
import { ErrorCode } from '../../shared/errors';
import type { Trx } from '../db/schema';
import { insertFundLog } from '../repositories/fundLog';
import { addToBalance, findMemberById } from '../repositories/members';
import type { FundReason } from './fundReasons';
import { refused, type Refused } from './refused';

export interface BalanceChange {
  memberId: number;
  /** Signed: positive credits, negative debits. */
  deltaCents: number;
  reason: FundReason;
  /** Free text shown next to the reason, e.g. the operator's note. */
  reasonText?: string;
  refType: string;
  refId: string;
  /** The refusal to raise when the balance would go below zero. */
  insufficientCode: ErrorCode;
  /**
   * Raised instead of insufficientCode when given (a code with another catalogue text). A factory,
   * so the error (and its stack) is only built when the debit is actually refused.
   */
  insufficientRefusal?: () => Refused;
  /**
   * Only for a member who is not frozen (1069): checked by the same conditional UPDATE, so a freeze
   * made a moment ago by another process still stops the debit.
   */
  requireActive?: boolean;
  now: number;
}

export interface BalanceChanged {
  beforeCents: number;
  afterCents: number;
  fundLogId: number;
}

/** Takes a Transaction (not a Db) so a change can never be made outside one. */
export async function changeBalance(trx: Trx, change: BalanceChange): Promise<BalanceChanged> {
  if (!Number.isSafeInteger(change.deltaCents) || change.deltaCents === 0) {
    throw new Error(`ledger: delta must be a non-zero integer of cents, got ${change.deltaCents}`);
  }
  const afterCents = await addToBalance(trx, change.memberId, change.deltaCents, change.requireActive ?? false);
  if (afterCents === undefined) {
    // Nothing matched: tell a frozen member from one short of money (only on this rare path).
    if (change.requireActive && (await findMemberById(trx, change.memberId))?.frozen === 1) {
      throw refused(ErrorCode.AccountFrozen);
    }
    throw change.insufficientRefusal?.() ?? refused(change.insufficientCode);
  }
  const beforeCents = afterCents - change.deltaCents;
  const fundLogId = await insertFundLog(trx, {
    member_id: change.memberId,
    amount_cents: change.deltaCents,
    before_cents: beforeCents,
    after_cents: afterCents,
    reason_code: change.reason,
    reason_text: change.reasonText ?? '',
    ref_type: change.refType,
    ref_id: change.refId,
    created_at: change.now,
  });
  return { beforeCents, afterCents, fundLogId };
}
