/**
 * Why a balance changed, as stored in fund_log.reason_code. Later issues add order stakes,
 * awards, refunds and withdrawals; GAME_REASONS is what "total win" adds up.
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
