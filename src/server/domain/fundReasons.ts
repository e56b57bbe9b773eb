/**
 * Why a balance changed, as stored in fund_log.reason_code. Stake: an order's total (ref: order
 * group); StakeRefund: a cancelled line's stake (ref: order line); Award: what a settled round
 * paid a member, wins and 13/14 refunds (ref: round).
 */
export const FundReason = {
  OperatorDeposit: 'deposit',
  Stake: 'stake',
  StakeRefund: 'stake_refund',
  Award: 'award',
} as const;

export type FundReason = (typeof FundReason)[keyof typeof FundReason];

/** Awards minus stakes (refunds of cancelled stakes net them out): a member's total win. */
export const GAME_REASONS: readonly FundReason[] = [FundReason.Stake, FundReason.StakeRefund, FundReason.Award];
