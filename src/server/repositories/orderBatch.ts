/**
 * PostgreSQL's order intake: orders go to the database together (migration 0024's place_orders,
 * by a BatchQueue): several members' orders in one round trip and one commit, each still its own
 * conditional debit, fund-log row and lines (0022's place_order), each refused alone. Under load
 * an order waits for a batch to come back and goes in the next: a shorter wait than the queue for
 * a pool connection it replaces. Orders of a batch are sent by member id, so two batches (of this instance or
 * another) always take members' rows in the same order and never deadlock. An answer is given
 * only once its batch is committed: an acknowledged order is as durable as the database's commit.
 */
import { CompiledQuery } from 'kysely';
import { BatchQueue } from '../db/batchQueue';
import type { Db } from '../db/schema';

/** What place_order is given: the order as domain/game/orders.ts checked it. */
export interface PostgresOrder {
  member: number;
  round: number;
  room: number;
  now: number;
  total: number;
  bestPayout: number;
  balanceCeiling: number;
  idemKey: string | null;
  requestHash: string | null;
  reason: string;
  reasonText: string;
  outcomes: number[];
  rates: number[];
  stakes: number[];
  refund1314: number;
  day: number;
  week: number;
  month: number;
  noLimit: number;
}

export interface PostgresOrderTaken {
  groupId: number;
  afterCents: number;
  fundLogId: number;
  lineIds: number[];
}

/** A refused order: its SQLSTATE and detail, as the database error of a statement of its own has them. */
export class OrderRefusedByDatabase extends Error {
  constructor(
    readonly code: string,
    readonly detail: string | null,
  ) {
    super(`place_order refused: ${code}`);
  }
}

/**
 * Orders in one batch at most. Each is a subtransaction; PostgreSQL keeps 64 of a transaction's
 * in each snapshot before it overflows to a slower lookup for every reader.
 */
export const MAX_BATCH = 32;
/** Batches under way at once per instance: the rest of the pool stays for reads. */
export const MAX_IN_FLIGHT = 4;

type Answer =
  { group: number; after: number; fund: number; lines: number[] } | { state: string; detail: string | null };

const placeOrdersSql = 'SELECT place_orders($1::jsonb) AS answers';

/** One batch: one call of place_orders, an answer per order. */
async function placeOrders(db: Db, orders: PostgresOrder[]): Promise<(PostgresOrderTaken | Error)[]> {
  const { rows } = await db.executeQuery<{ answers: Answer[] }>(
    CompiledQuery.raw(placeOrdersSql, [JSON.stringify(orders)]),
  );
  return (rows[0]?.answers ?? []).map((answer) =>
    'state' in answer
      ? new OrderRefusedByDatabase(answer.state, answer.detail)
      : { groupId: answer.group, afterCents: answer.after, fundLogId: answer.fund, lineIds: answer.lines },
  );
}

const queues = new WeakMap<Db, BatchQueue<PostgresOrder, PostgresOrderTaken>>();

/** Takes an order on PostgreSQL with the others under way (see above); rejects with its refusal. */
export function placeOrderOnPostgres(db: Db, order: PostgresOrder): Promise<PostgresOrderTaken> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new BatchQueue((orders) => placeOrders(db, orders), {
      maxBatch: MAX_BATCH,
      maxInFlight: MAX_IN_FLIGHT,
      order: (a, b) => a.member - b.member,
    });
    queues.set(db, queue);
  }
  return queue.add(order);
}
