/** Queries on rounds. Status changes are guarded updates: each happens once, whoever tries twice. */
import { sql, type Insertable } from 'kysely';
import { prepared } from '../db/prepared';
import type { Db, Dialect, RoundRow, RoundsTable } from '../db/schema';

export function latestRoundOfGame(db: Db, gameId: number): Promise<RoundRow | undefined> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function recentDrawnRounds(db: Db, gameId: number, limit: number): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('status', '=', 'drawn')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function roundById(db: Db, id: number): Promise<RoundRow | undefined> {
  return db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function roundBySeqno(db: Db, gameId: number, seqno: string): Promise<RoundRow | undefined> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('seqno', '=', seqno)
    .executeTakeFirst();
}

/** The round that used one element of a hash chain (each element is used once). */
export function roundOfChain(db: Db, chainId: number, chainIndex: number): Promise<RoundRow | undefined> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where('chain_index', '=', chainIndex)
    .executeTakeFirst();
}

/** Undrawn rounds whose draw time has come, oldest first (restart recovery included); none called off. */
export function overdueRounds(db: Db, now: number): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('status', '=', 'open')
    .where('voided_at', 'is', null)
    .where('draw_at', '<=', now)
    .orderBy('draw_at')
    .orderBy('id')
    .execute();
}

export function unsettledDrawnRounds(db: Db): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('status', '=', 'drawn')
    .where('settled_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function insertRound(db: Db, row: Insertable<RoundsTable>): Promise<number> {
  const inserted = await db.insertInto('rounds').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * The round's status and close time, read inside an order or cancel transaction. On PostgreSQL
 * FOR SHARE makes the draw (an UPDATE of this row) wait for those transactions and makes them
 * wait for the draw, so no order can slip into a round after it was drawn. SQLite has one writer.
 */
type GuardRow = { status: string; close_at: number; voided_at: number | null };
const guardQuery = prepared<{ id: number }, GuardRow>((db, p) =>
  db.selectFrom('rounds').select(['status', 'close_at', 'voided_at']).where('id', '=', p('id')),
);
const guardForShareQuery = prepared<{ id: number }, GuardRow>((db, p) =>
  db.selectFrom('rounds').select(['status', 'close_at', 'voided_at']).where('id', '=', p('id')).forShare(),
);

export async function roundGuard(db: Db, dialect: Dialect, id: number): Promise<GuardRow | undefined> {
  const { rows } = await (dialect === 'postgres' ? guardForShareQuery : guardQuery)(db, { id });
  return rows[0];
}

export interface DrawResult {
  seed: string;
  num1: number;
  num2: number;
  num3: number;
  sum: number;
  drawnAt: number;
}

/**
 * Reveals the seed and the numbers; false when the round was already drawn (by us or another
 * process) or called off.
 */
export async function markDrawn(db: Db, id: number, draw: DrawResult): Promise<boolean> {
  const result = await db
    .updateTable('rounds')
    .set({
      status: 'drawn',
      seed: draw.seed,
      num1: draw.num1,
      num2: draw.num2,
      num3: draw.num3,
      sum: draw.sum,
      drawn_at: draw.drawnAt,
    })
    .where('id', '=', id)
    .where('status', '<>', 'drawn')
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSettled(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('rounds')
    .set({ settled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'drawn')
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listRounds(db: Db): Promise<RoundRow[]> {
  return db.selectFrom('rounds').selectAll().orderBy('id').execute();
}

/**
 * When the scheduler next has work: the earliest close still to come (the live streams announce
 * it) or draw of an undrawn round.
 */
export async function nextRoundDeadline(db: Db, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('rounds')
    .select((eb) =>
      eb.fn.min(eb.case().when('close_at', '>', now).then(eb.ref('close_at')).else(eb.ref('draw_at')).end()).as('next'),
    )
    .where('status', '=', 'open')
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** Rounds that stopped taking orders and are not drawn yet (the live streams announce the close). */
export function closedUndrawnRounds(db: Db, now: number): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('status', '=', 'open')
    .where('voided_at', 'is', null)
    .where('close_at', '<=', now)
    .where('draw_at', '>', now)
    .execute();
}

/**
 * Calls a round off: it will never be drawn, and orders and cancels stop at once (its close time is
 * brought forward to now). False when it was drawn or called off already.
 */
export async function markVoided(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('rounds')
    .set({ voided_at: now, close_at: sql<number>`CASE WHEN close_at > ${now} THEN ${now} ELSE close_at END` })
    .where('id', '=', id)
    .where('status', '<>', 'drawn')
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Rounds of these chains neither drawn nor called off. */
export function undrawnRoundsOfChains(db: Db, chainIds: readonly number[]): Promise<RoundRow[]> {
  if (chainIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('chain_id', 'in', chainIds)
    .where('status', '<>', 'drawn')
    .where('voided_at', 'is', null)
    .orderBy('id')
    .execute();
}
