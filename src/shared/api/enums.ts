/**
 * The closed word lists of the wire. Plain values, no zod: the client imports them at run time
 * (through types.ts) without pulling the schemas into its bundle.
 */

export const ROOM_KINDS = ['standard', 'vip', 'superior', 'premier'] as const;

/** A round's life: orders taken while open; closed in the last 60 s; drawn (and settled) at 0. */
export const ROUND_STATUSES = ['open', 'closed', 'drawn'] as const;

export const ORDER_STATUSES = ['wait', 'win', 'lose', 'refund', 'cancel'] as const;

export const BANK_CARD_TYPES = ['Bank', 'USDT-TRC20', 'USDT-ERC20'] as const;

/**
 * A withdrawal waits for the operator, who pays or rejects it (the amount then goes back); while it
 * waits, the member may cancel it (the amount goes back too).
 */
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;

/** Why a balance changed; the app shows it in the member's language. */
export const FUND_REASONS = [
  'deposit',
  'stake',
  /** A cancelled order's stake given back. */
  'stake_refund',
  /** What a settled round paid: wins, and stakes given back by a room's 13/14 rule. */
  'award',
  /** Money moved to held by a withdrawal request. */
  'withdraw',
  /** A rejected withdrawal given back. */
  'withdraw_refund',
  /** A withdrawal the member cancelled while it waited, given back. */
  'withdraw_cancel',
] as const;

/** The periods a member's own play limits count over: the server's day, week (from Monday) and month. */
export const PLAY_PERIODS = ['day', 'week', 'month'] as const;

/** What a play limit caps: stakes placed, net loss (stakes minus what they paid back), deposits. */
export const PLAY_LIMIT_KINDS = ['stake', 'loss', 'deposit'] as const;

/** A pause the member takes from play: a cool-off (days) or a self-exclusion (months, years). */
export const PAUSE_KINDS = ['cooloff', 'exclusion'] as const;

/** Who changed a member's play settings: the member, or the operator at the member's request. */
export const PLAY_CHANGE_BY = ['member', 'operator'] as const;
