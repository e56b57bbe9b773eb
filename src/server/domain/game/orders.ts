/**
 * Taking an order (SPEC.md section 5 Buy, section 9; DESIGN.md sections 3 and 4). The shared buy
 * rules decide on cents and the server's clock; then one transaction holds the whole order: the
 * round still open, the order group, ONE conditional debit of the total with its fund-log row, and
 * the lines. All lines or none.
 *
 * Codes (the catalogue has no dedicated ones for some rules, so the nearest are used):
 * 1057 unknown room; 1052 unknown game or not this room's; 1020 game or room stopped; 2055 VIP
 * level too low; 1028 no round yet; 1029 (text "stopped") round closed or drawn; 1030 no lines,
 * more than 9, an unknown outcome or one twice; 1024 a price that is not a whole USD amount of at
 * least 20; 1040 odds that are not the room's current rate; 1031 (text naming the minimum) total
 * below the room's minbuy; 1043 (text noEnoughMoney) balance below the total; 1069 frozen;
 * 1001 an idempotency key reused with a different order; 1050 a price above MAX_STAKE_CENTS, or an
 * order that, if every line won, would take the balance past MAX_BALANCE_CENTS (src/shared/money.ts);
 * 3013 / 3014 a stake or loss limit the member set, 3016 a cool-off or self-exclusion (domain/play/).
 */
import type { OrderAnswer, OrderLine } from '../../../shared/api/types';
import { ErrorCode, MessageKey, refuse } from '../../../shared/errors';
import { linePayout, oddsToHundredths } from '../../../shared/game';
import { MAX_BALANCE_CENTS, toUsd } from '../../../shared/money';
import { validateBuy } from '../../../shared/validation';
import type { Member, RoundRow } from '../../db/schema';
import { fundLogByRef } from '../../repositories/fundLog';
import { groupByKey, insertOrderGroup, insertOrderLines, lineIdsOfGroup } from '../../repositories/orders';
import { placeOrderOnPostgres, type PostgresOrderTaken } from '../../repositories/orderBatch';
import { roundById, roundGuard } from '../../repositories/rounds';
import { isUniqueViolation } from '../dbErrors';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { changeBalance, type BalanceChanged } from '../ledger';
import type { LiveNews } from '../live/bus';
import { announce, balanceChanged, liveLine, ordersPlaced } from '../live/news';
import {
  checkOrderAgainstPlay,
  NO_LIMIT,
  passedLimitRefusal,
  pausedRefusal,
  type GameLimits,
  type UsageState,
} from '../play/orderCheck';
import { startsAt } from '../play/periods';
import type { PeriodStarts } from '../../repositories/play';
import type { PauseKind } from '../../../shared/play';
import { OrderRefusalState } from '../../db/migrations/0022_order_function';
import { Refused, refused, refusedFrom } from '../refused';
import { sha256Hex } from '../secrets';
import type { RoomSettings } from './catalog';
import type { GameEngine } from './engine';
import { roundPhase } from './timing';

export interface OrderInput {
  gameid: number;
  roomid: number;
  lines: OrderLine[];
  idempotencyKey?: string;
}

interface CheckedLine {
  outcome: number;
  rate: number;
  stakeCents: number;
}

/** A price as the member typed it, for the shared rule (which reads text). */
function priceText(price: number): string {
  return Number.isFinite(price) ? String(price) : '';
}

/** The buy rules on every line; returns the lines in cents and the total. */
export function checkLines(
  lines: readonly OrderLine[],
  room: RoomSettings,
  roundClosed: boolean,
): { lines: CheckedLine[]; totalCents: number; bestPayoutCents: number } {
  const outcomes = lines.map((line) => line[0]);
  const prices = lines.length === 0 ? [0] : [...new Set(lines.map((line) => line[2]))];
  for (const price of prices) {
    const verdict = validateBuy({
      roundClosed,
      selected: outcomes,
      amount: priceText(price),
      // Balance and minimum are checked below on the whole order (prices may differ per line).
      balance: Number.MAX_SAFE_INTEGER,
      minBuy: 0,
    });
    if ('refusal' in verdict) throw refusedFrom(verdict.refusal);
  }
  if (new Set(outcomes).size !== outcomes.length) throw refused(ErrorCode.BetInfoEmpty);
  const checked = lines.map(([outcome, odds, price]) => {
    const rate = room.rates[outcome];
    if (oddsToHundredths(odds) !== rate) throw refused(ErrorCode.OrderFailed2);
    const stakeCents = price * 100;
    // Keeps stake x rate (the payout) an exact integer.
    if (!Number.isSafeInteger(stakeCents * rate)) throw refusedFrom(refuse(MessageKey.InputCorrectTip));
    return { outcome, rate, stakeCents };
  });
  const totalCents = checked.reduce((sum, line) => sum + line.stakeCents, 0);
  if (totalCents < room.minbuyCents) {
    throw refusedFrom(refuse(MessageKey.MinBuy, { num: { cents: room.minbuyCents } }));
  }
  // What the order pays if every line won: more than any draw can pay, so a safe bound.
  const bestPayoutCents = checked.reduce((sum, line) => sum + linePayout(line.stakeCents, line.rate, 'win'), 0);
  return { lines: checked, totalCents, bestPayoutCents };
}

function requestHash(input: OrderInput): string {
  return sha256Hex(JSON.stringify([input.gameid, input.roomid, input.lines]));
}

/** The answer of an order already taken under this key, or the refusal of a reused key. */
async function replay(deps: Deps, member: Member, key: string, hash: string): Promise<OrderAnswer | null> {
  const group = await groupByKey(deps.db, member.id, key);
  if (!group) return null;
  if (group.request_hash !== hash) throw refused(ErrorCode.IncompleteParameters);
  const [ids, round, stake] = await Promise.all([
    lineIdsOfGroup(deps.db, group.id),
    roundById(deps.db, group.round_id),
    fundLogByRef(deps.db, member.id, FundReason.Stake, 'order', String(group.id)),
  ]);
  return { order_ids: ids, seqno: round?.seqno ?? '', money: toUsd(stake?.after_cents ?? member.money_cents) };
}

async function currentRound(engine: GameEngine, gameId: number, gametype: number): Promise<RoundRow> {
  const board = await engine.boards.get(gameId, gametype);
  if (!board.current) throw refused(ErrorCode.NoActiveActivity);
  return board.current;
}

/**
 * The order itself: rules, then one transaction (round still open, group, debit, lines). Answers
 * what the live streams are told once it committed: the room's new lines and the member's balance.
 */
async function take(
  engine: GameEngine,
  member: Member,
  input: OrderInput,
  hash: string | null,
): Promise<{ answer: OrderAnswer; news: LiveNews[] }> {
  const { deps } = engine;
  const { room, game } = await engine.roomAndGame(input.roomid);
  if (input.gameid !== game.id) throw refused(ErrorCode.GameNotFound);
  if (!game.enabled || !room.enabled) throw refused(ErrorCode.TradingStopped);
  if (member.level < room.minlevel) throw refused(ErrorCode.NotVip);
  const round = await currentRound(engine, game.id, game.type);
  const order = checkLines(input.lines, room, roundPhase(round, deps.clock()) !== 'open');

  if (deps.dialect === 'postgres') return takeOnPostgres(engine, member, input, hash, { room, round, order });

  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    const guard = await roundGuard(trx, deps.dialect, round.id);
    if (!guard || roundPhase(guard, now) !== 'open') throw refusedFrom(refuse(MessageKey.Stopped));
    // First in the transaction: a reused idempotency key fails here, before any money moves.
    const groupId = await insertOrderGroup(trx, {
      member_id: member.id,
      round_id: round.id,
      room_id: room.id,
      total_cents: order.totalCents,
      idem_key: input.idempotencyKey ?? null,
      request_hash: hash,
      created_at: now,
    });
    const debit = await changeBalance(trx, {
      memberId: member.id,
      deltaCents: -order.totalCents,
      reason: FundReason.Stake,
      reasonText: round.seqno,
      refType: 'order',
      refId: String(groupId),
      insufficientCode: ErrorCode.TransferExceedsBalance,
      insufficientRefusal: notEnoughMoney,
      requireActive: true,
      now,
    });
    // Wins can never carry a balance out of the exact range (money.ts): refused here, rolled back.
    if (debit.afterCents + order.bestPayoutCents > MAX_BALANCE_CENTS) throw refused(ErrorCode.WrongAmount);
    // The member's own limits and pause, after the debit (which holds the member's row): 3013, 3014, 3016.
    await checkOrderAgainstPlay(trx, member.id, order.totalCents, now);
    const ids = await insertOrderLines(
      trx,
      order.lines.map((line) => ({
        group_id: groupId,
        member_id: member.id,
        round_id: round.id,
        room_id: room.id,
        outcome: line.outcome,
        rate: line.rate,
        stake_cents: line.stakeCents,
        refund1314: room.refund1314 ? 1 : 0,
        created_at: now,
      })),
    );
    return taken(member, { room, round, order }, ids, debit, now);
  });
}

interface CheckedOrder {
  room: RoomSettings;
  round: RoundRow;
  order: ReturnType<typeof checkLines>;
}

function notEnoughMoney(): Refused {
  return new Refused(ErrorCode.TransferExceedsBalance, MessageKey.NoEnoughMoney);
}

/** The answer of a taken order and what the live streams are told of it. */
function taken(
  member: Member,
  { room, round, order }: CheckedOrder,
  ids: number[],
  debit: BalanceChanged,
  now: number,
): { answer: OrderAnswer; news: LiveNews[] } {
  const lines = order.lines.map((line, index) =>
    liveLine(
      { id: ids[index], username: member.username, ...line, stake_cents: line.stakeCents, created_at: now },
      round.seqno,
    ),
  );
  return {
    answer: { order_ids: ids, seqno: round.seqno, money: toUsd(debit.afterCents) },
    news: [
      ordersPlaced(room.id, round, lines),
      balanceChanged(member.id, { ...debit, deltaCents: -order.totalCents, reason: FundReason.Stake, now }),
    ],
  };
}

/**
 * The same order on PostgreSQL in one function call (migration 0022's place_order), sent with the
 * other orders under way in one round trip and one commit (repositories/orderBatch.ts): its
 * transaction holds the round's and the member's rows for the database's own work only, not for
 * the server's between eight statements. Its refusals come back as the SQLite path's.
 */
async function takeOnPostgres(
  engine: GameEngine,
  member: Member,
  input: OrderInput,
  hash: string | null,
  checked: CheckedOrder,
): Promise<{ answer: OrderAnswer; news: LiveNews[] }> {
  const { deps } = engine;
  const { room, round, order } = checked;
  const now = deps.clock();
  const starts = startsAt(now);
  let result: PostgresOrderTaken;
  try {
    result = await placeOrderOnPostgres(deps.db, {
      member: member.id,
      round: round.id,
      room: room.id,
      now,
      total: order.totalCents,
      bestPayout: order.bestPayoutCents,
      balanceCeiling: MAX_BALANCE_CENTS,
      idemKey: input.idempotencyKey ?? null,
      requestHash: hash,
      reason: FundReason.Stake,
      reasonText: round.seqno,
      outcomes: order.lines.map((line) => line.outcome),
      rates: order.lines.map((line) => line.rate),
      stakes: order.lines.map((line) => line.stakeCents),
      refund1314: room.refund1314 ? 1 : 0,
      ...starts,
      noLimit: NO_LIMIT,
    });
  } catch (error) {
    throw refusalOfPostgres(error, starts, order.totalCents, member.id) ?? error;
  }
  const debit = {
    beforeCents: result.afterCents + order.totalCents,
    afterCents: result.afterCents,
    fundLogId: result.fundLogId,
  };
  return taken(member, checked, result.lineIds, debit, now);
}

/** The refusal place_order raised (its SQLSTATE and detail), as the SQLite path refuses; null for any other error. */
function refusalOfPostgres(error: unknown, starts: PeriodStarts, stakeCents: number, memberId: number): Refused | null {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  switch (code) {
    case OrderRefusalState.roundClosed:
      return refusedFrom(refuse(MessageKey.Stopped));
    case OrderRefusalState.notEnoughMoney:
      return notEnoughMoney();
    case OrderRefusalState.frozen:
      return refused(ErrorCode.AccountFrozen);
    case OrderRefusalState.balanceCeiling:
      return refused(ErrorCode.WrongAmount);
    case OrderRefusalState.paused: {
      const pause = JSON.parse(String(detail)) as { pause: PauseKind; until: number };
      return pausedRefusal(pause.pause, Number(pause.until));
    }
    case OrderRefusalState.limit: {
      const { limits, state } = JSON.parse(String(detail)) as { limits: GameLimits; state: UsageState };
      return passedLimitRefusal(numbersOf(limits), numbersOf(state), starts, stakeCents, memberId);
    }
    default:
      return null;
  }
}

/** JSON from PostgreSQL writes bigints as numbers; the same, checked, whatever the nesting. */
function numbersOf<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, field: unknown) =>
    typeof field === 'string' && /^-?\d+$/.test(field) ? Number(field) : field,
  ) as T;
}

export async function placeOrder(engine: GameEngine, member: Member, input: OrderInput): Promise<OrderAnswer> {
  const key = input.idempotencyKey;
  const hash = key === undefined ? null : requestHash(input);
  try {
    const { answer, news } = await take(engine, member, input, hash);
    await announce(engine.deps, news);
    return answer;
  } catch (error) {
    // With a key, a refusal or a clash on the key may be a retry of an order already taken (even
    // after its round closed): answer that order. Looked up only on this path, never per order.
    if (key !== undefined && hash !== null && (error instanceof Refused || isUniqueViolation(error))) {
      const earlier = await replay(engine.deps, member, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}
