/**
 * Games, rooms and rounds: the game list, a room's round (getGameinfo), ordering and cancelling,
 * and what members read of orders and results.
 */
import { z } from '../zod';
import { ORDER_STATUSES, ROOM_KINDS, ROUND_STATUSES } from './enums';
import {
  filledTextField,
  idField,
  localizedText,
  numberField,
  textField,
  usd,
  whole,
  type Calls,
  NoFieldsSchema,
  NoDataSchema,
} from './fields';
import { ApiPath } from './paths';

export const GameListItemSchema = z.object({
  id: whole,
  type: whole,
  minjoin: usd,
  /** The standard room of this game, where a home tile leads (/activity/:roomid). */
  roomid: whole,
  /** Round length in seconds. */
  seconds: whole,
  /** Ordering stops when this many seconds remain (60 unless the operator changed it). */
  closeSeconds: whole.optional(),
  /** false = trading stopped (1020) for this game. */
  enabled: z.boolean().optional(),
});

export const RoomListRequestSchema = z.object({
  /** 1 USDT, 2 BTC, 3 ETH. */
  roomtype: idField,
});

export const RoomKindSchema = z.enum(ROOM_KINDS);

export const RoomSchema = z.object({
  id: whole,
  /** Coin group: 1 USDT, 2 BTC, 3 ETH. */
  type: whole,
  /** In English. */
  title: z.string(),
  /** The title in each language as the operator set it (localized()). */
  titles: localizedText.optional(),
  kind: RoomKindSchema,
  gameid: whole,
  minjoin: usd,
  minbuy: usd,
  /** VIP level needed to enter; 0 for rooms open to every member. */
  minlevel: whole,
  /** The house variant that refunds two-way outcomes on a sum of 13 or 14. */
  refund1314: z.boolean(),
  /** false = trading stopped (1020) in this room. */
  enabled: z.boolean().optional(),
  /** Odds of each outcome index 0..10, as the room shows them (e.g. 1.96). */
  rate0: z.number(),
  rate1: z.number(),
  rate2: z.number(),
  rate3: z.number(),
  rate4: z.number(),
  rate5: z.number(),
  rate6: z.number(),
  rate7: z.number(),
  rate8: z.number(),
  rate9: z.number(),
  rate10: z.number(),
});

/** A round's life: orders taken while open; closed in the last 60 s; drawn (and settled) at 0. */
export const RoundStatusSchema = z.enum(ROUND_STATUSES);

const TimeLeftSchema = z.object({ minute: whole, second: whole });

export const GameRoundSchema = z.object({
  id: whole,
  seqno: z.string(),
  gametype: whole,
  status: RoundStatusSchema,
  /** Total staked in the round so far (USD), from real order rows. */
  initmoney: usd,
  num1: whole.nullable(),
  num2: whole.nullable(),
  num3: whole.nullable(),
  sum: whole.nullable(),
  /** Names of the winning outcomes in the request's language, joined; '' before the draw. */
  resultcn: z.string(),
  /** Winning outcome indices; [] before the draw. */
  results: z.array(whole),
  /** Time left until the draw at answer time. */
  diff: TimeLeftSchema,
  /** Epoch ms of the draw, and of the close (draw - 60 s). */
  drawAt: whole,
  closeAt: whole,
  /** Fairness: SHA-256 of the seed, published before the round opens. */
  commitment: z.string(),
  /** Fairness: the seed, revealed after the draw; null before. */
  seed: z.string().nullable(),
  /** Fairness: the published anchor of the hash chain this round's seed belongs to. */
  anchor: z.string(),
});

/** A missing room id is refused with its own code (1026, fieldCodes.ts), not as a malformed body. */
export const GameInfoRequestSchema = z.object({ roomid: idField });

export const GameInfoAnswerSchema = z.object({
  room: RoomSchema,
  /** The current round (open or closed). */
  game: GameRoundSchema,
  diff: TimeLeftSchema,
  /** Recent drawn rounds of this game, newest first. */
  his: z.array(GameRoundSchema),
  /** Server clock at answer time, epoch ms, so countdowns can be corrected. */
  serverTime: whole,
});

/**
 * Addition (README, "Verify any round"): one drawn round of a room's game by its number, of any
 * age, with what its fairness proof needs. Missing room 1026, blank number 1027, unknown round 1028,
 * not yet drawn 3002.
 */
export const GetRoundRequestSchema = z.object({ roomid: idField, seqno: filledTextField(32) });

export const GetRoundAnswerSchema = z.object({
  round: GameRoundSchema,
  /**
   * What links the round to its hash chain: the seed of the round before in the same chain (its
   * commitment must equal it), or the chain's published anchor for the chain's first round; null
   * when the round before has no revealed seed.
   */
  previousSeed: z.string().nullable(),
});

/**
 * Two forms on one path (SPEC.md section 7): with `isfirst` it is the live feed of everyone's
 * orders in the room's current round newer than the `order_id` cursor; without it, the member's
 * own orders of a round (`roomid` + `gameseq`). A missing room id is refused with 1026.
 */
export const VorderRequestSchema = z.object({
  roomid: idField,
  order_id: idField.optional(),
  gameseq: textField(32).optional(),
  isfirst: idField.optional(),
  gametype: idField.optional(),
});

export const LiveOrderSchema = z.object({
  id: whole,
  /** Masked, e.g. de***01. */
  username: z.string(),
  value: whole,
  valuecn: z.string(),
  rate: z.number(),
  money: usd,
  seqno: z.string(),
  time: whole,
});

export const VorderAnswerSchema = z.object({
  list: z.array(LiveOrderSchema),
  /** The newest order id seen: the cursor for the next poll. */
  order_id: whole,
});

/** [outcome index, odds, price]: odds as the room shows them (e.g. 1.96), price in USD. */
export const OrderLineSchema = z.tuple([numberField, numberField, numberField]);

/** Far more lines than the rules allow (9), so "10 options" gets its own code, not a shape error. */
const MAX_WIRE_LINES = 50;

/**
 * A missing room id is refused with 1026 and missing order lines with theirs (1030); an empty list
 * is the rules' "select at least one option" (validateBuy, 1030 too).
 */
export const OrderRequestSchema = z.object({
  gameid: idField,
  roomid: idField,
  order_info: z.array(OrderLineSchema).max(MAX_WIRE_LINES),
  /** Optional: a repeated key with the same body returns the first answer. */
  idempotencyKey: z.string().min(1).max(128).optional(),
});

export const OrderAnswerSchema = z.object({
  order_ids: z.array(whole),
  seqno: z.string(),
  /** Balance after the debit (USD). */
  money: usd,
});

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OwnOrderItemSchema = z.object({
  order_id: whole,
  roomid: whole,
  gametype: whole,
  value: whole,
  valuecn: z.string(),
  seqno: z.string(),
  rate: z.number(),
  money: usd,
  status: OrderStatusSchema,
  /** What the line paid back (USD); 0 until settled. */
  award: usd,
  time: whole,
  /** The round's draw, once drawn. */
  num1: whole.nullable(),
  num2: whole.nullable(),
  num3: whole.nullable(),
  sum: whole.nullable(),
});

/** The member's own orders of a round: getVorder without `isfirst`. */
export const OwnRoundOrdersAnswerSchema = z.object({ list: z.array(OwnOrderItemSchema) });

/** A missing or blank round number is refused with its own code (1027). */
export const CurrentRequestSchema = z.object({ gameseq: filledTextField(32), gametype: idField });

export const CurrentAnswerSchema = z.object({
  /** What the member's lines of the round paid back (USD), 0 before settlement or on a loss. */
  award: usd,
  /** Whether the round has been settled yet. */
  settled: z.boolean().optional(),
  /** The member's stakes in the round (USD), cancelled lines excluded. */
  total: usd.optional(),
});

export const GameLogRequestSchema = z.object({
  gameseq: textField(32).optional(),
  gametype: idField.optional(),
  /** Paging: orders older than this id. */
  before: idField.optional(),
  limit: idField.optional(),
});

/** A missing room id is refused with 1026, a missing order line with the cancel's 2003. */
export const GameCancelRequestSchema = z.object({ roomid: idField, order_id: idField });

export const TodayWinLostSchema = z.object({
  /** Awards minus stakes of today's settled orders (USD); may be negative. */
  win: usd,
  /** Stakes of today's orders (USD). */
  total: usd,
});

export const TrendDataSchema = z.object({
  yeswin: usd,
  yestotal: usd,
  todaywin: usd,
  todaytotal: usd,
  /** One point per day, oldest first, from the member's own orders; [] when there are none. */
  chartdata: z.array(z.object({ date: z.string(), win: usd, total: usd })),
});

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const gameCalls = {
  [ApiPath.todayWinLost]: { request: NoFieldsSchema, data: TodayWinLostSchema },
  [ApiPath.roomList]: { request: RoomListRequestSchema, data: z.array(RoomSchema) },
  [ApiPath.gameList]: { request: NoFieldsSchema, data: z.array(GameListItemSchema) },
  [ApiPath.gameInfo]: { request: GameInfoRequestSchema, data: GameInfoAnswerSchema },
  [ApiPath.getRound]: { request: GetRoundRequestSchema, data: GetRoundAnswerSchema },
  [ApiPath.vorder]: {
    request: VorderRequestSchema,
    data: z.union([VorderAnswerSchema, OwnRoundOrdersAnswerSchema]),
  },
  [ApiPath.order]: { request: OrderRequestSchema, data: OrderAnswerSchema },
  [ApiPath.current]: { request: CurrentRequestSchema, data: CurrentAnswerSchema },
  [ApiPath.gameLog]: { request: GameLogRequestSchema, data: z.array(OwnOrderItemSchema) },
  [ApiPath.gameCancel]: { request: GameCancelRequestSchema, data: NoDataSchema },
  [ApiPath.trendData]: { request: NoFieldsSchema, data: TrendDataSchema },
} as const satisfies Calls;
