/**
 * The ledger: the only code that changes a balance (DESIGN.md section 3). Each change is one
 * conditional UPDATE plus a fund_log row with before/after, inside the caller's transaction, so
 * the invariant "balance = sum of fund-log deltas" holds after every commit.
 */
import { ErrorCode } from '../../shared/errors';
import type { Dialect, Trx } from '../db/schema';
import { insertFundLog, insertFundLogRows, type NewFundLogRow } from '../repositories/fundLog';
import { addToBalance, addToBalancesAtOnce, findMemberById } from '../repositories/members';
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

function checkDelta(deltaCents: number): void {
  if (!Number.isSafeInteger(deltaCents) || deltaCents === 0) {
    throw new Error(`ledger: delta must be a non-zero integer of cents, got ${deltaCents}`);
  }
}

/** Takes a Transaction (not a Db) so a change can never be made outside one. */
export async function changeBalance(trx: Trx, change: BalanceChange): Promise<BalanceChanged> {
  checkDelta(change.deltaCents);
  const afterCents = await addToBalance(trx, change.memberId, change.deltaCents, change.requireActive ?? false);
  if (afterCents === undefined) {
    // Nothing matched: tell a frozen member from one short of money (only on this rare path).
    if (change.requireActive && (await findMemberById(trx, change.memberId))?.frozen === 1) {
      throw refused(ErrorCode.AccountFrozen);
    }
    throw change.insufficientRefusal?.() ?? refused(change.insufficientCode);
  }
  const row = fundLogRowOf(change.memberId, change.deltaCents, afterCents, change);
  const fundLogId = await insertFundLog(trx, row);
  return { beforeCents: row.before_cents, afterCents, fundLogId };
}

/** The fund-log row of a balance change, from the balance the conditional UPDATE left. */
function fundLogRowOf(
  memberId: number,
  deltaCents: number,
  afterCents: number,
  change: Pick<BalanceChange, 'reason' | 'reasonText' | 'refType' | 'refId' | 'now'>,
): NewFundLogRow {
  return {
    member_id: memberId,
    amount_cents: deltaCents,
    before_cents: afterCents - deltaCents,
    after_cents: afterCents,
    reason_code: change.reason,
    reason_text: change.reasonText ?? '',
    ref_type: change.refType,
    ref_id: change.refId,
    created_at: change.now,
  };
}

/** What creditBalances tells of each credit. */
export interface Credited {
  memberId: number;
  deltaCents: number;
  afterCents: number;
}

/**
 * Credits many members at once (settlement's awards: thousands a round): each balance by the same
 * conditional UPDATE as changeBalance (on PostgreSQL all of them in one statement, so a batch is
 * not a round trip per member), then their fund-log rows by multi-row inserts. The same reason and
 * reference for all; in the caller's order; each member once.
 */
export async function creditBalances(
  trx: Trx,
  dialect: Dialect,
  credits: readonly { memberId: number; deltaCents: number }[],
  change: Omit<BalanceChange, 'memberId' | 'deltaCents' | 'insufficientRefusal' | 'requireActive'>,
): Promise<Credited[]> {
  for (const { deltaCents } of credits) {
    checkDelta(deltaCents);
    if (deltaCents < 0) throw new Error(`ledger: a credit of ${deltaCents} cents`);
  }
  if (new Set(credits.map((credit) => credit.memberId)).size !== credits.length) {
    throw new Error('ledger: a member credited twice in one batch');
  }
  let after: Map<number, number>;
  if (dialect === 'postgres') after = await addToBalancesAtOnce(trx, credits);
  else {
    after = new Map();
    for (const { memberId, deltaCents } of credits) {
      const afterCents = await addToBalance(trx, memberId, deltaCents);
      if (afterCents !== undefined) after.set(memberId, afterCents);
    }
  }
  const credited: Credited[] = [];
  const rows: NewFundLogRow[] = [];
  for (const { memberId, deltaCents } of credits) {
    const afterCents = after.get(memberId);
    // No such member, or past the exact range: as changeBalance refuses (the transaction rolls back).
    if (afterCents === undefined) throw refused(change.insufficientCode);
    credited.push({ memberId, deltaCents, afterCents });
    rows.push(fundLogRowOf(memberId, deltaCents, afterCents, change));
  }
  await insertFundLogRows(trx, rows);
  return credited;
}
