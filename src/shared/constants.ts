/** Business constants and limits (SPEC.md section 9). Times in milliseconds unless named otherwise. */
export const REQUEST_TIMEOUT_MS = 6_000;
/**
 * How long the app waits for a call that checks or sets a password (the call table's `checksPassword`):
 * the check is deliberately slow work queued on the server's hashing threads, which refuse at once
 * with 3005 when their queue is full. Giving up sooner would only throw away a check the server
 * still makes, and the member's retry would queue a second one (docs/decisions.md).
 */
export const PASSWORD_CHECK_TIMEOUT_MS = 20_000;

export const MIN_ORDER_USD = 20;
export const MAX_SELECTED_OUTCOMES = 9;
export const OUTCOME_COUNT = 11;

export const NEXT_ROUND_DELAY_MS = 3_000;

export const LIVE_ORDERS_POLL_MS = 10_000;
export const LIVE_ORDERS_STEP_MS = 3_000;

export const CAPTCHA_LOCK_SECONDS = 60;
export const CAPTCHA_ACCOUNT_MIN_DIGITS = 6;
export const CAPTCHA_ACCOUNT_MAX_DIGITS = 15;
/** How long a sent verification code stays valid (the spec names 2054 "code expired" without a figure). */
export const CAPTCHA_TTL_SECONDS = 600;

export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 16;
export const PAY_PASSWORD_MIN_DIGITS = 6;

export const FUND_LOG_DEFAULT_DAYS = 3;
export const DEFAULT_QUHAO = '+84';

export const FINANCE_TRANSFER_MIN_USD = 100_000;
export const FINANCE_TRANSFER_MAX_USD = 1_500_000;

export const PRICE_SUBSCRIBE_DELAY_MS = 2_000;

export const VIP_LEVELS = 8;
/** Levels run 1..VIP_LEVELS: a new member's, and the one assumed until the profile has loaded. */
export const FIRST_VIP_LEVEL = 1;
export const WITHDRAW_ARRIVAL_HOURS = 24;

/** Session token lifetime on the server, from login, however much it is used. */
export const SESSION_TTL_DAYS = 30;
/** A session not used for this long ends before its lifetime does. */
export const SESSION_IDLE_DAYS = 7;

/**
 * A withdrawal account can receive withdrawals only this long after it was added, so that a
 * member whose session was stolen has a day to see the message about it and act.
 */
export const NEW_ACCOUNT_HOLD_HOURS = 24;

/** The coins of the trend page's price list, in the spec's order (SPEC.md section 2, Trend page). */
export const PRICE_COINS = ['BTC', 'USDT', 'ETH', 'BNB', 'SOL', 'USDC', 'DOGE', 'TRX'] as const;
export type PriceCoin = (typeof PRICE_COINS)[number];

/** The public websocket of the price feed when the operator has not set another (OKX v5). */
export const DEFAULT_PRICE_FEED_URL = 'wss://ws.okx.com:8443/ws/v5/public';

/** How many recent winners the home ticker shows. */
export const WINNERS_LIMIT = 20;
