/** Read-only queries on order lines for the member's views, the live feed and the figures. */
import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** Total staked per round (cancelled lines excluded). */
export async function stakesOfRounds(db: Db, roundIds: number[]): Promise<Map<number, number>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select(['round_id', (eb) => eb.fn.sum<number>('stake_cents').as('total')])
    .where('round_id', 'in', roundIds)
    .where('status', '<>', 'cancel')
    .groupBy('round_id')
    .execute();
  return new Map(rows.map((r) => [r.round_id, Number(r.total)]));
}

export interface LiveLineRow {
  id: number;
  username: string;
  outcome: number;
  rate: number;
  stake_cents: number;
  created_at: number;
}

/** Everyone's live (not cancelled) lines of a round in a room, with the member's name. */
function liveLines(db: Db, roundId: number, roomId: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('members', 'members.id', 'order_lines.member_id')
    .select([
      'order_lines.id',
      'members.username',
      'order_lines.outcome',
      'order_lines.rate',
      'order_lines.stake_cents',
      'order_lines.created_at',
    ])
    .where('order_lines.round_id', '=', roundId)
    .where('order_lines.room_id', '=', roomId)
    .where('order_lines.status', '<>', 'cancel');
}

/** The live lines after a cursor, oldest first. */
export function liveLinesAfter(
  db: Db,
  roundId: number,
  roomId: number,
  afterId: number,
  limit: number,
): Promise<LiveLineRow[]> {
  return liveLines(db, roundId, roomId)
    .where('order_lines.id', '>', afterId)
    .orderBy('order_lines.id')
    .limit(limit)
    .execute();
}

/** The newest live lines, newest first. */
export function latestLiveLines(db: Db, roundId: number, roomId: number, limit: number): Promise<LiveLineRow[]> {
  return liveLines(db, roundId, roomId).orderBy('order_lines.id', 'desc').limit(limit).execute();
}

export interface OwnLineRow {
  id: number;
  room_id: number;
  game_id: number;
  outcome: number;
  rate: number;
  stake_cents: number;
  status: string;
  award_cents: number;
  created_at: number;
  seqno: string;
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
}

export interface OwnLinesFilter {
  memberId: number;
  roundId?: number;
  roomId?: number;
  gameId?: number;
  seqno?: string;
  beforeId?: number;
  limit: number;
}

/** A member's own lines with their round, newest first. */
export function ownLines(db: Db, filter: OwnLinesFilter): Promise<OwnLineRow[]> {
  return db
    .selectFrom('order_lines')
    .innerJoin('rounds', 'rounds.id', 'order_lines.round_id')
    .select([
      'order_lines.id',
      'order_lines.room_id',
      'rounds.game_id',
      'order_lines.outcome',
      'order_lines.rate',
      'order_lines.stake_cents',
      'order_lines.status',
      'order_lines.award_cents',
      'order_lines.created_at',
      'rounds.seqno',
      'rounds.num1',
      'rounds.num2',
      'rounds.num3',
      'rounds.sum',
    ])
    .where('order_lines.member_id', '=', filter.memberId)
    .$if(filter.roundId !== undefined, (q) => q.where('order_lines.round_id', '=', filter.roundId!))
    .$if(filter.roomId !== undefined, (q) => q.where('order_lines.room_id', '=', filter.roomId!))
    .$if(filter.gameId !== undefined, (q) => q.where('rounds.game_id', '=', filter.gameId!))
    .$if(filter.seqno !== undefined, (q) => q.where('rounds.seqno', '=', filter.seqno!))
    .$if(filter.beforeId !== undefined, (q) => q.where('order_lines.id', '<', filter.beforeId!))
    .orderBy('order_lines.id', 'desc')
    .limit(filter.limit)
    .execute();
}

export interface RoundTotals {
  awardCents: number;
  stakeCents: number;
}

/** A member's stakes (cancelled excluded) and awards in one round. */
export async function memberRoundTotals(db: Db, memberId: number, roundId: number): Promise<RoundTotals> {
  const row = await db
    .selectFrom('order_lines')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('award_cents'), eb.val(0)).as('award'),
      eb.fn.coalesce(eb.fn.sum<number>('stake_cents'), eb.val(0)).as('stake'),
    ])
    .where('member_id', '=', memberId)
    .where('round_id', '=', roundId)
    .where('status', '<>', 'cancel')
    .executeTakeFirstOrThrow();
  return { awardCents: Number(row.award), stakeCents: Number(row.stake) };
}

export interface DayFigures {
  day: number;
  /** Awards minus stakes of settled lines. */
  winCents: number;
  /** Stakes of lines not cancelled. */
  stakeCents: number;
}

/**
 * A member's figures per day (days counted in epoch ms shifted by `offsetMs`), from `fromMs` on.
 * Integer division gives the same day number in both dialects.
 */
export async function memberDailyFigures(
  db: Db,
  memberId: number,
  fromMs: number,
  offsetMs: number,
  dayMs: number,
): Promise<DayFigures[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select((eb) => [
      // Literals, not parameters: SQLite binds numbers as REAL (the division would not truncate)
      // and PostgreSQL cannot type two parameters around an operator.
      sql<number>`(created_at + ${sql.lit(offsetMs)}) / ${sql.lit(dayMs)}`.as('day'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('status', 'in', ['win', 'lose', 'refund'])
            .then(eb('award_cents', '-', eb.ref('stake_cents')))
            .else(0)
            .end(),
        )
        .as('win'),
      eb.fn.sum<number>('stake_cents').as('stake'),
    ])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', fromMs)
    .where('status', '<>', 'cancel')
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: Number(r.day), winCents: Number(r.win), stakeCents: Number(r.stake) }));
}

/** Awards minus stakes of all of a member's settled lines: the account page's total win. */
export async function memberTotalWin(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('order_lines')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>(eb('award_cents', '-', eb.ref('stake_cents'))), eb.val(0)).as('win'),
    )
    .where('member_id', '=', memberId)
    .where('status', 'in', ['win', 'lose', 'refund'])
    .executeTakeFirstOrThrow();
  return Number(row.win);
}

export interface WinnerRow {
  /** The round result's id (round_results), stable for keys. */
  id: number;
  round_id: number;
  member_id: number;
  username: string;
  gametype: number;
  seqno: string;
  /** What the round paid the member back minus what the member staked on it: always > 0 here. */
  net_cents: number;
  settled_at: number;
}

/**
 * The latest settled rounds that paid a member more than the member staked on them, newest first.
 * `award_cents > stake_cents` is written as the partial index round_results_winners (migration
 * 0012) declares it, so both databases read `limit` index entries and their joins, however many
 * rounds there are.
 */
export function latestWinningRounds(db: Db, limit: number): Promise<WinnerRow[]> {
  return winningRoundsQuery(db, limit).execute();
}

/** The query of latestWinningRounds, for a test that reads its plan. */
export function winningRoundsQuery(db: Db, limit: number) {
  return db
    .selectFrom('round_results')
    .innerJoin('members', 'members.id', 'round_results.member_id')
    .innerJoin('rounds', 'rounds.id', 'round_results.round_id')
    .innerJoin('games', 'games.id', 'rounds.game_id')
    .select((eb) => [
      'round_results.id',
      'round_results.round_id',
      'round_results.member_id',
      'members.username',
      'games.type as gametype',
      'rounds.seqno',
      eb('round_results.award_cents', '-', eb.ref('round_results.stake_cents')).as('net_cents'),
      'round_results.settled_at',
    ])
    .where(sql<boolean>`round_results.award_cents > round_results.stake_cents`)
    .orderBy('round_results.settled_at', 'desc')
    .orderBy('round_results.id', 'desc')
    .limit(limit);
}

/** The outcomes each member's winning lines were on in the given rounds (a few rounds of the ticker). */
export async function winningOutcomes(
  db: Db,
  pairs: readonly { round_id: number; member_id: number }[],
): Promise<{ round_id: number; member_id: number; outcome: number; award_cents: number }[]> {
  if (pairs.length === 0) return [];
  return db
    .selectFrom('order_lines')
    .select(['round_id', 'member_id', 'outcome', 'award_cents'])
    .where('status', '=', 'win')
    .where((eb) =>
      eb.or(pairs.map((p) => eb.and([eb('round_id', '=', p.round_id), eb('member_id', '=', p.member_id)]))),
    )
    .execute();
}
