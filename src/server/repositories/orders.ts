/**
 * Queries that write orders: a group per request (the stake's fund-log reference) and a line per
 * outcome. Every status change is guarded by the status it leaves (`WHERE status = 'wait'`), so a
 * line is settled once or cancelled once, never both.
 */
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import { prepared } from '../db/prepared';
import { rowsAsArrays } from '../db/rowArrays';
import type { Database, Db, Dialect, LineStatus, OrderGroupRow, OrderLineRow, OrderLinesTable } from '../db/schema';

export interface NewOrderGroup {
  member_id: number;
  round_id: number;
  room_id: number;
  total_cents: number;
  idem_key: string | null;
  request_hash: string | null;
  created_at: number;
}

// The order path's statements are prepared (db/prepared.ts): they run on every order.
const insertGroupQuery = prepared<NewOrderGroup & Record<string, unknown>, { id: number }>((db, p) =>
  db
    .insertInto('order_groups')
    .values({
      member_id: p('member_id'),
      round_id: p('round_id'),
      room_id: p('room_id'),
      total_cents: p('total_cents'),
      idem_key: p('idem_key'),
      request_hash: p('request_hash'),
      created_at: p('created_at'),
    })
    .returning('id'),
);

export async function insertOrderGroup(db: Db, row: NewOrderGroup): Promise<number> {
  const { rows } = await insertGroupQuery(db, { ...row });
  if (!rows[0]) throw new Error('order group not written');
  return rows[0].id;
}

export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'id' | 'status' | 'award_cents' | 'finished_at'>;
const LINE_COLUMNS = [
  'group_id',
  'member_id',
  'round_id',
  'room_id',
  'outcome',
  'rate',
  'stake_cents',
  'refund1314',
  'created_at',
] as const;

/** One prepared multi-row insert per number of lines (an order has 1 to 9). */
const lineInserts = new Map<number, ReturnType<typeof lineInsertQuery>>();
function lineInsertQuery(count: number) {
  return prepared<Record<string, number>, { id: number }>((db, p) =>
    db
      .insertInto('order_lines')
      .values(
        Array.from({ length: count }, (_, i) => {
          const row: Record<string, number> = {};
          for (const column of LINE_COLUMNS) row[column] = p(`${column}${i}`);
          return row as unknown as NewOrderLine;
        }),
      )
      .returning('id'),
  );
}

export async function insertOrderLines(db: Db, rows: NewOrderLine[]): Promise<number[]> {
  let query = lineInserts.get(rows.length);
  if (!query) lineInserts.set(rows.length, (query = lineInsertQuery(rows.length)));
  const values: Record<string, number> = {};
  rows.forEach((row, i) => {
    for (const column of LINE_COLUMNS) values[`${column}${i}`] = row[column];
  });
  const { rows: inserted } = await query(db, values);
  return inserted.map((r) => r.id).sort((a, b) => a - b);
}

export function groupByKey(db: Db, memberId: number, key: string): Promise<OrderGroupRow | undefined> {
  return db
    .selectFrom('order_groups')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

export async function lineIdsOfGroup(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('order_lines').select('id').where('group_id', '=', groupId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** A member's own line, locked on PostgreSQL for the cancel transaction. */
export function ownLineForUpdate(
  db: Db,
  dialect: Dialect,
  memberId: number,
  lineId: number,
): Promise<OrderLineRow | undefined> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('id', '=', lineId)
    .where('member_id', '=', memberId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** What cancel_line (migration 0025) did: the line's round, the stake given back, the balance after it. */
export interface CancelledOnPostgres {
  roundId: number;
  refundCents: number;
  afterCents: number;
  fundLogId: number;
}

/**
 * PostgreSQL: a cancel in one round trip (migration 0025's cancel_line); rejects with the
 * function's SQLSTATE (CancelRefusalState) when it refuses, having changed nothing.
 */
export async function cancelLineOnPostgres(
  db: Db,
  cancel: { member: number; line: number; room: number; now: number; reason: string; reasonText: string },
): Promise<CancelledOnPostgres> {
  const { rows } = await sql<{ line_round: number; refund_cents: number; balance_after: number; fund_row: number }>`
    SELECT * FROM cancel_line(${cancel.member}, ${cancel.line}, ${cancel.room}, ${cancel.now}, ${cancel.reason}, ${cancel.reasonText})`.execute(
    db,
  );
  const row = rows[0];
  return {
    roundId: Number(row.line_round),
    refundCents: Number(row.refund_cents),
    afterCents: Number(row.balance_after),
    fundLogId: Number(row.fund_row),
  };
}

export async function markLineCancelled(db: Db, lineId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ status: 'cancel', finished_at: now })
    .where('id', '=', lineId)
    .where('status', '=', 'wait')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- Settlement -------------------------------------------------------------

export interface MemberLineCount {
  member_id: number;
  lines: number;
}

export async function waitingLinesPerMember(db: Db, roundId: number): Promise<MemberLineCount[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select(['member_id', (eb) => eb.fn.countAll<number>().as('lines')])
    .where('round_id', '=', roundId)
    .where('status', '=', 'wait')
    .groupBy('member_id')
    .orderBy('member_id')
    .execute();
  return rows.map((r) => ({ member_id: r.member_id, lines: Number(r.lines) }));
}

export interface WaitingLine {
  id: number;
  member_id: number;
  room_id: number;
  outcome: number;
  rate: number;
  stake_cents: number;
  refund1314: number;
  /** When the line was placed: its stake and result count toward the member's limits of then. */
  created_at: number;
}

export interface MemberRange {
  roundId: number;
  fromMember: number;
  toMember: number;
}

/** Every waiting line of a round (one called off), locked on PostgreSQL until the refunds commit. */
export function waitingLinesOfRound(db: Db, dialect: Dialect, roundId: number): Promise<WaitingLine[]> {
  return db
    .selectFrom('order_lines')
    .select(['id', 'member_id', 'room_id', 'outcome', 'rate', 'stake_cents', 'refund1314', 'created_at'])
    .where('round_id', '=', roundId)
    .where('status', '=', 'wait')
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
}

/** Which outcomes of a drawn round win or refund, for lines without and with the 13/14 rule. */
export interface OutcomeVerdicts {
  winPlain: number[];
  winRefundRule: number[];
  refundRefundRule: number[];
}

/**
 * A line as its settlement left it, as an array (db/rowArrays.ts): a batch returns 10,000 of them,
 * and as objects they cost more than the update itself.
 */
export type SettledRow = [
  id: number,
  memberId: number,
  roomId: number,
  outcome: number,
  rate: number,
  stakeCents: number,
  refund1314: number,
  /** When the line was placed: its result counts toward the member's limits of then. */
  createdAt: number,
  status: 'win' | 'refund' | 'lose',
  awardCents: number,
];

/**
 * Settles the waiting lines of a batch in one statement: each line is read and written once, its
 * status and award decided by the outcome verdicts, guarded by status = 'wait' (a line another
 * process settled meanwhile is neither changed nor returned). Returns exactly the lines changed.
 * Awards use integer division, as linePayout: floor(stake x rate / 100).
 */
export function settleLines(db: Db, range: MemberRange, verdicts: OutcomeVerdicts, now: number): Promise<SettledRow[]> {
  const branches = (eb: ExpressionBuilder<Database, 'order_lines'>, list: { flag: number; outcomes: number[] }[]) => {
    const useful = list.filter((b) => b.outcomes.length > 0);
    return useful.length === 0
      ? sql<boolean>`1 = 0`
      : eb.or(useful.map((b) => eb.and([eb('refund1314', '=', b.flag), eb('outcome', 'in', b.outcomes)])));
  };
  return rowsAsArrays<SettledRow>(
    db,
    db
      .updateTable('order_lines')
      .set((eb) => {
        const wins = branches(eb, [
          { flag: 0, outcomes: verdicts.winPlain },
          { flag: 1, outcomes: verdicts.winRefundRule },
        ]);
        const refunds = branches(eb, [{ flag: 1, outcomes: verdicts.refundRefundRule }]);
        return {
          status: eb
            .case()
            .when(wins)
            .then(eb.val<LineStatus>('win'))
            .when(refunds)
            .then(eb.val<LineStatus>('refund'))
            .else(eb.val<LineStatus>('lose'))
            .end(),
          award_cents: eb
            .case()
            .when(wins)
            .then(sql<number>`stake_cents * rate / 100`)
            .when(refunds)
            .then(eb.ref('stake_cents'))
            .else(0)
            .end(),
          finished_at: now,
        };
      })
      .where('round_id', '=', range.roundId)
      .where('status', '=', 'wait')
      .where('member_id', '>=', range.fromMember)
      .where('member_id', '<=', range.toMember)
      // In SettledRow's order.
      .returning([
        'id',
        'member_id',
        'room_id',
        'outcome',
        'rate',
        'stake_cents',
        'refund1314',
        'created_at',
        'status',
        'award_cents',
      ]),
  );
}

export interface RoundResult {
  round_id: number;
  member_id: number;
  stake_cents: number;
  award_cents: number;
  settled_at: number;
}

/** Rows per insert: five parameters each, far under either database's limit. */
const RESULTS_PER_INSERT = 500;

/**
 * Records what each member of a settled batch staked on the round and what it paid back. A member
 * is settled in one batch, so a row is written once; should a member's lines ever be settled in
 * two runs, the second adds to the first rather than failing the batch.
 */
export async function addRoundResults(db: Db, results: readonly RoundResult[]): Promise<void> {
  for (let start = 0; start < results.length; start += RESULTS_PER_INSERT) {
    await db
      .insertInto('round_results')
      .values(results.slice(start, start + RESULTS_PER_INSERT))
      .onConflict((oc) =>
        oc.columns(['round_id', 'member_id']).doUpdateSet((eb) => ({
          stake_cents: eb('round_results.stake_cents', '+', eb.ref('excluded.stake_cents')),
          award_cents: eb('round_results.award_cents', '+', eb.ref('excluded.award_cents')),
          settled_at: eb.ref('excluded.settled_at'),
        })),
      )
      .execute();
  }
}
