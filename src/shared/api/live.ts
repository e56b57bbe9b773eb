/**
 * Live streams (server-sent events, docs/live-events.md): what a room and a member are told as it
 * happens, instead of polling. Every event is one JSON object in an event's `data:` line, told
 * apart by `type`; texts are never sent (outcomes, reasons and statuses are codes the app names
 * in the member's language). A stream is opened with a single-use ticket from `liveTicket`.
 */
import { z } from '../zod';
import { FUND_REASONS, ORDER_STATUSES } from './enums';
import { usd, whole, type Calls, NoFieldsSchema } from './fields';
import { ApiPath } from './paths';

/** Answer of `liveTicket`: a ticket that opens one stream, once, within `expiresIn` seconds. */
export const LiveTicketAnswerSchema = z.object({
  ticket: z.string(),
  expiresIn: whole,
});

/** A round as a room's stream announces it when it opens. */
const LiveRoundSchema = z.strictObject({
  id: whole,
  seqno: z.string(),
  /** Epoch ms: orders taken from openAt until closeAt; drawn at drawAt. */
  openAt: whole,
  closeAt: whole,
  drawAt: whole,
  /** Fairness: SHA-256 of the seed, published before the round opens. */
  commitment: z.string(),
});

/** A drawn round: the three numbers, their sum, the winning outcome indices and the revealed seed. */
const LiveDrawSchema = z.strictObject({
  id: whole,
  seqno: z.string(),
  num1: whole,
  num2: whole,
  num3: whole,
  sum: whole,
  /** Winning outcome indices (0..10), as getGameinfo's `results`. */
  results: z.array(whole),
  seed: z.string(),
  drawnAt: whole,
});

/** One live order line, masked as getVorder masks it; the outcome is its index, named by the app. */
export const LiveLineSchema = z.strictObject({
  id: whole,
  /** Masked, e.g. de***01. */
  username: z.string(),
  value: whole,
  rate: z.number(),
  money: usd,
  seqno: z.string(),
  /** Epoch seconds. */
  time: whole,
});

export const RoundOpenedEventSchema = z.strictObject({
  type: z.literal('round.opened'),
  gameid: whole,
  gametype: whole,
  round: LiveRoundSchema,
});

export const RoundClosedEventSchema = z.strictObject({
  type: z.literal('round.closed'),
  gameid: whole,
  gametype: whole,
  roundId: whole,
  seqno: z.string(),
  closeAt: whole,
});

export const RoundDrawnEventSchema = z.strictObject({
  type: z.literal('round.drawn'),
  gameid: whole,
  gametype: whole,
  round: LiveDrawSchema,
});

export const OrdersEventSchema = z.strictObject({
  type: z.literal('orders'),
  roomid: whole,
  roundId: whole,
  lines: z.array(LiveLineSchema),
});

export const OrdersCancelledEventSchema = z.strictObject({
  type: z.literal('orders.cancelled'),
  roomid: whole,
  roundId: whole,
  /** Line ids to take off the live table. */
  ids: z.array(whole),
});

/**
 * The room as it is now: sent first on a new stream, and instead of the missed events when a
 * reconnect's Last-Event-ID is older than the replay window (or unknown).
 */
export const RoomSnapshotEventSchema = z.strictObject({
  type: z.literal('snapshot'),
  roomid: whole,
  gameid: whole,
  gametype: whole,
  /** The current round (open or closed), or null between a draw and the next round. */
  round: LiveRoundSchema.extend({ status: z.enum(['open', 'closed', 'drawn']) }).nullable(),
  /** The latest drawn round, or null before the first draw. */
  last: LiveDrawSchema.nullable(),
  /** The current round's newest live lines, oldest first (at most 30). */
  lines: z.array(LiveLineSchema),
  serverTime: whole,
});

export const RoomEventSchema = z.discriminatedUnion('type', [
  RoundOpenedEventSchema,
  RoundClosedEventSchema,
  RoundDrawnEventSchema,
  OrdersEventSchema,
  OrdersCancelledEventSchema,
  RoomSnapshotEventSchema,
]);

export const BalanceEventSchema = z.strictObject({
  type: z.literal('balance'),
  /** The balance after the change (USD). */
  balance: usd,
  /** Signed change (USD). */
  change: usd,
  reason: z.enum(FUND_REASONS),
  /** Epoch seconds. */
  time: whole,
});

export const SettledEventSchema = z.strictObject({
  type: z.literal('settled'),
  roundId: whole,
  seqno: z.string(),
  /** What the member's lines of the round paid back in all (USD); 0 when every line lost. */
  award: usd,
  lines: z.array(
    z.strictObject({ id: whole, roomid: whole, value: whole, status: z.enum(ORDER_STATUSES), award: usd }),
  ),
});

export const WithdrawalEventSchema = z.strictObject({
  type: z.literal('withdrawal'),
  id: whole,
  status: z.enum(['paid', 'rejected']),
  amount: usd,
});

/** A new message (category 9 news or 14 announcement): the app reads it with getOneclassArticle. */
export const MessageEventSchema = z.strictObject({
  type: z.literal('message'),
  id: whole,
  category: whole,
});

export const MemberSnapshotEventSchema = z.strictObject({
  type: z.literal('snapshot'),
  balance: usd,
  serverTime: whole,
});

export const MemberEventSchema = z.discriminatedUnion('type', [
  BalanceEventSchema,
  SettledEventSchema,
  WithdrawalEventSchema,
  MessageEventSchema,
  MemberSnapshotEventSchema,
]);

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const liveCalls = {
  [ApiPath.liveTicket]: { request: NoFieldsSchema, data: LiveTicketAnswerSchema },
} as const satisfies Calls;
