/**
 * What a member may withdraw now, defined once for the server's check and every screen that shows
 * it (docs/decisions.md, "One meaning of withdrawable"). A withdrawal asked for leaves the balance
 * at once (it is held until the operator pays or rejects it), so the balance is what remains; of
 * that, nothing is withdrawable while betting turnover is still owed, and all of it once it is not.
 * Never negative.
 */
import type { Cents } from './money';

export interface WithdrawableInput {
  balanceCents: Cents;
  /** Stakes still to play since the last deposit (settled lines only; see turnover on the server). */
  turnoverRemainingCents: Cents;
}

export interface WithdrawableBreakdown {
  /** What may be withdrawn now. */
  withdrawableCents: Cents;
  /** The part of the balance the unmet turnover holds back. */
  heldByTurnoverCents: Cents;
}

export function withdrawable(input: WithdrawableInput): WithdrawableBreakdown {
  const balance = Math.max(0, input.balanceCents);
  const withdrawableCents = input.turnoverRemainingCents > 0 ? 0 : balance;
  return { withdrawableCents, heldByTurnoverCents: balance - withdrawableCents };
}
