/**
 * PostgreSQL's order intake: orders go to the database together (migration 0024's place_orders):
 * several members' orders in one round trip and one commit, each still its own conditional debit,
 * fund-log row and lines (0022's place_order), each refused alone. An order that finds the batches
 * in flight below the limit goes at once, alone; under load, orders wait for a batch to come back
 * and go in the next, up to MAX_BATCH: the wait is shorter than the queue for a pool connection
 * they replace. Orders of a batch are sent by member id, so two batches (of this instance or
 * another) always take members' rows in the same order and never deadlock. An answer is given
 * only once its batch is committed: an acknowledged order is as durable as the database's commit.
 */
import { CompiledQuery } from 'kysely';
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

interface Waiting {
  order: PostgresOrder;
  resolve: (taken: PostgresOrderTaken) => void;
  reject: (error: unknown) => void;
}

const placeOrdersSql = 'SELECT place_orders($1::jsonb) AS answers';

class OrderBatcher {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  place(order: PostgresOrder): Promise<PostgresOrderTaken> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ order, resolve, reject });
      this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH).sort((a, b) => a.order.member - b.order.member);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.sendWaiting();
      });
    }
  }

  private async send(batch: Waiting[]): Promise<void> {
    let answers: Answer[];
    try {
      const { rows } = await this.db.executeQuery<{ answers: Answer[] }>(
        CompiledQuery.raw(placeOrdersSql, [JSON.stringify(batch.map((item) => item.order))]),
      );
      answers = rows[0]?.answers ?? [];
      if (answers.length !== batch.length)
        throw new Error(`place_orders answered ${answers.length} of ${batch.length}`);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const answer = answers[index];
      if ('state' in answer) item.reject(new OrderRefusedByDatabase(answer.state, answer.detail));
      else
        item.resolve({
          groupId: answer.group,
          afterCents: answer.after,
          fundLogId: answer.fund,
          lineIds: answer.lines,
        });
    });
  }
}

const batchers = new WeakMap<Db, OrderBatcher>();

/** Takes an order on PostgreSQL with the others under way (see above); rejects with its refusal. */
export function placeOrderOnPostgres(db: Db, order: PostgresOrder): Promise<PostgresOrderTaken> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new OrderBatcher(db)));
  return batcher.place(order);
}
