/**
 * Request and answer types of every path (SPEC.md section 7), inferred from the contract's
 * schemas: one source, no drift. Amounts on the wire are USD numbers with at most two decimals
 * (see money.ts); times are epoch seconds. Type imports only, so the client bundle holds no zod.
 */
import type { z } from 'zod';
import type * as accounts from './accounts';
import type * as content from './content';
import type { apiContract } from './contract';
import type { BANK_CARD_TYPES, FUND_REASONS, ORDER_STATUSES, ROOM_KINDS, WITHDRAWAL_STATUSES } from './enums';
import type * as game from './game';
import type * as messages from './messages';
import type * as live from './live';
import type * as ledger from './ledger';
import type * as play from './play';
import type * as push from './push';
import type * as wallet from './wallet';

export { BANK_CARD_TYPES, FUND_REASONS, PAUSE_KINDS, PLAY_LIMIT_KINDS, PLAY_PERIODS, ROOM_KINDS } from './enums';

// ---- Accounts ---------------------------------------------------------------

export type AppConfig = z.infer<typeof accounts.AppConfigSchema>;
export type AppVersionEntry = z.infer<typeof accounts.AppVersionEntrySchema>;
export type RegisterRequest = z.infer<typeof accounts.RegisterRequestSchema>;
export type ChangePayPasswordRequest = z.infer<typeof accounts.ChangePayPasswordRequestSchema>;
export type UserInfo = z.infer<typeof accounts.UserInfoSchema>;
export type SessionItem = z.infer<typeof accounts.SessionItemSchema>;

// ---- Content ------------------------------------------------------------------

export type Banner = z.infer<typeof content.BannerSchema>;
export type HomeTile = z.infer<typeof content.HomeTileSchema>;
export type Article = z.infer<typeof content.ArticleSchema>;
export type ArticleSummary = z.infer<typeof content.ArticleSummarySchema>;
export type WinnerEntry = z.infer<typeof content.WinnerEntrySchema>;
export type FinanceProduct = z.infer<typeof content.FinanceProductSchema>;

// ---- Games and rooms -------------------------------------------------------------

export type RoomKind = (typeof ROOM_KINDS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type GameListItem = z.infer<typeof game.GameListItemSchema>;
export type Room = z.infer<typeof game.RoomSchema>;
export type GameRound = z.infer<typeof game.GameRoundSchema>;
export type GameInfoAnswer = z.infer<typeof game.GameInfoAnswerSchema>;
export type GetRoundAnswer = z.infer<typeof game.GetRoundAnswerSchema>;
export type LiveOrder = z.infer<typeof game.LiveOrderSchema>;
export type VorderAnswer = z.infer<typeof game.VorderAnswerSchema>;
export type OrderLine = z.infer<typeof game.OrderLineSchema>;
export type OrderRequest = z.infer<typeof game.OrderRequestSchema>;
export type OrderAnswer = z.infer<typeof game.OrderAnswerSchema>;
export type OwnOrderItem = z.infer<typeof game.OwnOrderItemSchema>;
export type GameLogRequest = z.infer<typeof game.GameLogRequestSchema>;
export type CurrentAnswer = z.infer<typeof game.CurrentAnswerSchema>;
export type TodayWinLost = z.infer<typeof game.TodayWinLostSchema>;
export type LedgerHead = z.infer<typeof ledger.LedgerHeadSchema>;
export type LedgerKey = z.infer<typeof ledger.LedgerKeySchema>;
export type PushSubscribeRequest = z.infer<typeof push.PushSubscribeRequestSchema>;
export type SessionPush = z.infer<typeof push.SessionPushSchema>;
export type LedgerProof = z.infer<typeof ledger.LedgerProofSchema>;
export type LedgerProofsAnswer = z.infer<typeof ledger.LedgerProofsAnswerSchema>;
export type LedgerLiabilityAnswer = z.infer<typeof ledger.LedgerLiabilityAnswerSchema>;
export type TrendData = z.infer<typeof game.TrendDataSchema>;

// ---- Wallet -------------------------------------------------------------------

export type BankCardType = (typeof BANK_CARD_TYPES)[number];
export type FundReasonCode = (typeof FUND_REASONS)[number];

/** Withdrawal states: held at request, then paid or rejected (refunded) by the operator. */
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export type WithdrawalItem = z.infer<typeof wallet.WithdrawalItemSchema>;

export type BankCard = z.infer<typeof wallet.BankCardSchema>;
export type AddBankCardRequest = z.infer<typeof wallet.AddBankCardRequestSchema>;
export type AddedAccount = z.infer<typeof wallet.AddedAccountSchema>;
export type DepositItem = z.infer<typeof wallet.DepositItemSchema>;
export type LeftMoneyAnswer = z.infer<typeof wallet.LeftMoneyAnswerSchema>;
export type FinanceFlowRequest = z.infer<typeof wallet.FinanceFlowRequestSchema>;
export type FundLogEntry = z.infer<typeof wallet.FundLogEntrySchema>;

// ---- Messages about the member's account ---------------------------------------------

export type MessageReads = z.infer<typeof messages.MessageReadsSchema>;

// ---- Responsible play -------------------------------------------------------------

export type PlayLimit = z.infer<typeof play.PlayLimitSchema>;
export type PlayPause = z.infer<typeof play.PlayPauseSchema>;
export type PlayChange = z.infer<typeof play.PlayChangeSchema>;
export type PlayLimitsAnswer = z.infer<typeof play.PlayLimitsAnswerSchema>;

// ---- Live streams ----------------------------------------------------------------

export type LiveTicketAnswer = z.infer<typeof live.LiveTicketAnswerSchema>;
export type LiveLine = z.infer<typeof live.LiveLineSchema>;
export type RoomEvent = z.infer<typeof live.RoomEventSchema>;
export type MemberEvent = z.infer<typeof live.MemberEventSchema>;

// ---- Every path ------------------------------------------------------------------

export type ApiContract = typeof apiContract;

/** What a client may send on a path (ids and amounts may also be numeric strings). */
export type ApiRequestOf<P extends keyof ApiContract> = z.input<ApiContract[P]['request']>;
/** The `data` of a success on a path. */
export type ApiAnswerOf<P extends keyof ApiContract> = z.infer<ApiContract[P]['data']>;
