/**
 * Why a balance changed, as stored in fund_log.reason_code. Stake: an order's total (ref: order
 * group); StakeRefund: a cancelled line's stake (ref: order line); Award: what a settled round
 * paid a member, wins and 13/14 refunds (ref: round); Withdraw: money moved to held by a
 * withdrawal request (ref: withdrawal); WithdrawRefund: a rejected withdrawal given back (ref:
 * withdrawal); WithdrawCancel: a withdrawal the member cancelled while pending, given back (ref:
 * withdrawal). The codes are exactly the contract's FUND_REASONS (checked below).
 */
import type { FundReasonCode } from '../../shared/api/types';

export const FundReason = {
  OperatorDeposit: 'deposit',
  Stake: 'stake',
  StakeRefund: 'stake_refund',
  Award: 'award',
  Withdraw: 'withdraw',
  WithdrawRefund: 'withdraw_refund',
  WithdrawCancel: 'withdraw_cancel',
} as const satisfies Record<string, FundReasonCode>;

export type FundReason = (typeof FundReason)[keyof typeof FundReason];

/**
 * Compile-time check: every code of the contract has a name here, and no other code exists.
 * @public (read by the compiler, not by code)
 */
export const fundReasonsCoverContract: [Exclude<FundReasonCode, FundReason>] extends [never] ? true : never = true;

/** The game's reasons: stakes, refunds of cancelled stakes and awards (their sum is a member's total win). */
export const GAME_REASONS: readonly FundReason[] = [FundReason.Stake, FundReason.StakeRefund, FundReason.Award];

/** Fund-log ref_type of the withdrawal rows (both directions). */
export const WITHDRAWAL_REF = 'withdrawal';
