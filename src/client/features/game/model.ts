/**
 * Pure rules of the game screens: the server clock, round phases, order lines, the live feed
 * queue and fairness proofs. No React and no I/O here, so each rule is tested on its own.
 */
import type { GameRound, LiveOrder, OrderLine, OwnOrderItem, Room } from '../../../shared/api/types';
import { OUTCOME_COUNT } from '../../../shared/constants';
import {
  payoutIfWon,
  ratesOf,
  secondsUntil,
  winningOutcomes,
  type Outcome,
  type RoundProof,
} from '../../../shared/game';
import { localized, type Locale } from '../../../shared/locale';
import { toUsd, wireCents, type Cents } from '../../../shared/money';
import { formatDecimal } from '../../i18n';

// ---- Server clock -----------------------------------------------------------------

/**
 * How far the server clock is ahead of this device (ms). The server stamped `serverTime` somewhere
 * between sending and receiving, so the midpoint of the request is the best local guess for it.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** open: orders taken; closed: the last stretch before the draw; drawn: at 0, the next round loads shortly. */
export type RoundPhase = 'open' | 'closed' | 'drawn';

/** The last seconds before orders close, when the room warns that time is nearly up. */
export const CLOSING_SOON_SECONDS = 10;

export interface RoundClock {
  phase: RoundPhase;
  /** Whole seconds until the draw. */
  secondsLeft: number;
  /** Whole seconds until orders close (0 once closed): the figure a member acts on. */
  secondsToClose: number;
  closed: boolean;
  /** Open, with no more than CLOSING_SOON_SECONDS left to order. */
  closingSoon: boolean;
}

/** What the room acts on, which changes a few times a round (the countdown's seconds are the countdown's). */
export type RoundPhaseClock = Pick<RoundClock, 'phase' | 'closed' | 'closingSoon'>;

/** The round's state at a moment of the server clock, from the server's own drawAt and closeAt. */
export function roundClock(round: Pick<GameRound, 'drawAt' | 'closeAt' | 'status'>, estimatedNow: number): RoundClock {
  // The server says closed only once its clock has passed closeAt: when this device's estimate of
  // that clock is still short of it, the estimate is behind, and the time to the draw counts from closeAt.
  const serverNow = round.status === 'closed' ? Math.max(estimatedNow, round.closeAt) : estimatedNow;
  const secondsLeft = secondsUntil(round.drawAt, serverNow);
  if (serverNow >= round.drawAt || round.status === 'drawn')
    return { phase: 'drawn', secondsLeft: 0, secondsToClose: 0, closed: true, closingSoon: false };
  if (serverNow >= round.closeAt || round.status === 'closed')
    return { phase: 'closed', secondsLeft, secondsToClose: 0, closed: true, closingSoon: false };
  const secondsToClose = secondsUntil(round.closeAt, serverNow);
  return {
    phase: 'open',
    secondsLeft,
    secondsToClose,
    closed: false,
    closingSoon: secondsToClose <= CLOSING_SOON_SECONDS,
  };
}

/**
 * Local ms until the display of a countdown next changes: the next whole second to the draw, or,
 * while open, to the close (the two need not fall on the same fraction of a second).
 */
export function msUntilNextTick(round: Pick<GameRound, 'drawAt' | 'closeAt'>, serverNow: number): number {
  const toDraw = round.drawAt - serverNow;
  if (toDraw <= 0) return 1000;
  const toClose = round.closeAt - serverNow;
  const next = toClose > 0 ? Math.min(toDraw % 1000 || 1000, toClose % 1000 || 1000) : toDraw % 1000 || 1000;
  // A few ms late rather than early, so the new second has really begun when the timer fires.
  return Math.max(1, next + 5);
}

// ---- Rooms ------------------------------------------------------------------------

/** The eleven odds of a room as decimals, by outcome index. */
export function roomRates(room: Room): number[] {
  return ratesOf(room);
}

/** The odds summary of a room card: the two-way odds (big) and the best odds on offer. */
export function oddsSummary(room: Room): { twoWay: number; best: number } {
  const rates = roomRates(room);
  return { twoWay: rates[0], best: Math.max(...rates) };
}

/** Odds as shown: at least two decimals, more when the room set more (1.96, 2.00, 150.00; 1,96 in Vietnamese). */
export function formatOdds(odds: number): string {
  return formatDecimal(odds, Math.max(2, (String(odds).split('.')[1] ?? '').length));
}

// ---- Orders -----------------------------------------------------------------------

/** The order_info of a buy: one [outcome, the room's odds, stake in USD] per selected outcome, in grid order. */
export function orderLines(room: Room, selected: readonly number[], stakeCents: Cents): OrderLine[] {
  const rates = roomRates(room);
  return [...selected]
    .filter((value) => Number.isInteger(value) && value >= 0 && value < OUTCOME_COUNT)
    .sort((a, b) => a - b)
    .map((value) => [value, rates[value], toUsd(stakeCents)]);
}

export function orderTotalCents(lines: readonly OrderLine[]): Cents {
  return lines.reduce((sum, [, , price]) => sum + wireCents(price), 0);
}

/** What a line of the confirmation pays back if its outcome wins (cents), by the shared payout rule. */
export function linePayoutIfWon([, odds, price]: OrderLine): Cents | null {
  return payoutIfWon(wireCents(price), odds);
}

// ---- A drawn round's result for the member -------------------------------------------

/** won: paid back more than staked; lost: less; even: exactly the stakes back. */
export type RoundVerdict = 'won' | 'lost' | 'even';

export interface RoundTally {
  stakeCents: Cents;
  paidCents: Cents;
  /** Paid minus staked: the sign decides the verdict. */
  netCents: Cents;
  verdict: RoundVerdict;
}

export function roundTally(stakeCents: Cents, paidCents: Cents): RoundTally {
  const netCents = paidCents - stakeCents;
  return { stakeCents, paidCents, netCents, verdict: netCents > 0 ? 'won' : netCents < 0 ? 'lost' : 'even' };
}

/** The tally of the member's lines of a round once all are settled; null while one still waits. */
export function tallyOfOrders(orders: readonly OwnOrderItem[]): RoundTally | null {
  const counted = orders.filter((order) => order.status !== 'cancel');
  if (counted.length === 0 || counted.some((order) => order.status === 'wait')) return null;
  const sum = (pick: (order: OwnOrderItem) => number) => counted.reduce((total, o) => total + wireCents(pick(o)), 0);
  return roundTally(
    sum((o) => o.money),
    sum((o) => o.award),
  );
}

/** One key per attempt; see api/idempotency.ts. */
export { newIdempotencyKey } from '../../api/idempotency';

// ---- Results ----------------------------------------------------------------------

export type DrawnNumbers = readonly [number, number, number];

export function numbersOf(round: Pick<GameRound, 'num1' | 'num2' | 'num3'>): DrawnNumbers | null {
  const { num1, num2, num3 } = round;
  if (num1 === null || num2 === null || num3 === null) return null;
  return [num1, num2, num3];
}

/** The outcomes a drawn round won, computed here from its numbers (not taken from the server's text). */
export function resultOutcomes(round: Pick<GameRound, 'num1' | 'num2' | 'num3'>): Outcome[] {
  const numbers = numbersOf(round);
  return numbers ? winningOutcomes(numbers) : [];
}

// ---- Live orders --------------------------------------------------------------------

/** Rows kept in the live table; older ones scroll away. */
export const LIVE_ROWS_KEPT = 40;

export interface LiveFeed {
  /** The round the feed belongs to; rows of other rounds are dropped. */
  seqno: string | null;
  /** Shown rows, newest first. */
  shown: LiveOrder[];
  /** Received, waiting to be revealed, oldest first. */
  queue: LiveOrder[];
  /** The newest order id received: the cursor of the next poll. */
  cursor: number;
}

export const EMPTY_FEED: LiveFeed = { seqno: null, shown: [], queue: [], cursor: 0 };

/**
 * Adds a poll's answer. The first answer of a round is shown at once (those orders are already
 * there); later ones wait in the queue and are revealed one at a time.
 */
export function receiveLive(feed: LiveFeed, seqno: string, list: readonly LiveOrder[], cursor: number): LiveFeed {
  const base = feed.seqno === seqno ? feed : { ...EMPTY_FEED, seqno };
  const known = new Set([...base.shown, ...base.queue].map((order) => order.id));
  const fresh = list.filter((order) => order.seqno === seqno && !known.has(order.id)).sort((a, b) => a.id - b.id);
  const nextCursor = Math.max(base.cursor, cursor, ...fresh.map((order) => order.id));
  const first = base.cursor === 0 && base.shown.length === 0 && base.queue.length === 0;
  if (first) {
    return { seqno, shown: [...fresh].reverse().slice(0, LIVE_ROWS_KEPT), queue: [], cursor: nextCursor };
  }
  return { ...base, queue: [...base.queue, ...fresh], cursor: nextCursor };
}

/** Moves the oldest waiting order to the top of the table. */
export function revealNext(feed: LiveFeed): LiveFeed {
  if (feed.queue.length === 0) return feed;
  const [next, ...rest] = feed.queue;
  return { ...feed, shown: [next, ...feed.shown].slice(0, LIVE_ROWS_KEPT), queue: rest };
}

// ---- Fairness -----------------------------------------------------------------------

/**
 * The published fields of a drawn round as verifyRound takes them; null before the seed is
 * revealed. `previousSeed` is what the server says the round links to (getRound): the seed of
 * the round before in the chain, or the anchor for the chain's first round.
 */
export function proofOf(round: GameRound, previousSeed: string | null): RoundProof | null {
  const numbers = numbersOf(round);
  if (!round.seed || !numbers) return null;
  return {
    // The draw's HMAC message is the round's id (GameRound.id), as the server draws it.
    roundId: round.id,
    commitment: round.commitment,
    seed: round.seed,
    numbers,
    previousSeed: previousSeed ?? undefined,
  };
}

/** A room's title in the member's language (the English one where the operator set no translation). */
export function roomTitle(room: Pick<Room, 'title' | 'titles'>, locale: Locale): string {
  return room.titles ? localized(room.titles, locale) : room.title;
}
