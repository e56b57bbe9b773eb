/**
 * The live bus on PostgreSQL, for any number of instances on one database. An event is stored in
 * live_events and announced with NOTIFY in the same statement (repositories/liveEvents.ts), so
 * ids follow commit order; every instance, this one included, hands the events to its streams
 * from its LISTEN connection in id order. A notification carries small batches whole and only
 * the ids of larger ones, read from the table (NOTIFY payloads stop at 8000 bytes). After a
 * reconnect, what was announced meanwhile is read from the table; if some of it is already gone
 * (the connection was away longer than the replay window) the streams are told to start over.
 */
import type { Clock } from '../../clock';
import { BatchQueue } from '../../db/batchQueue';
import type { Db } from '../../db/schema';
import {
  deleteEventsBefore,
  eventIdRange,
  eventsAfter,
  eventsBetween,
  insertAndNotify,
  PG_LIVE_CHANNEL,
  type NewLiveEvent,
} from '../../repositories/liveEvents';
import type { BusHealth, LiveBus, LiveEvent, LiveNews } from './bus';
import { PgListener, type PgListenerOptions } from './pgListener';

export interface PgBusOptions {
  replayWindowMs: number;
  /** Largest batch (bytes of JSON) a notification carries whole; PostgreSQL's limit is 8000. */
  inlineBytes: number;
  /** How often old events and expired tickets are swept; 0: only when prune() is called (tests). */
  pruneEveryMs: number;
  listener: PgListenerOptions;
  onError: (error: unknown) => void;
  /** The LISTEN connection was lost (logged once per loss). */
  onListenerLost: (error: Error) => void;
}

export const DEFAULT_INLINE_BYTES = 7_000;
const CATCH_UP_BATCH = 1_000;

/** Stores and announces a batch, saying it whole in the notification when it is small. */
export async function publishToPostgres(
  db: Db,
  events: readonly NewLiveEvent[],
  now: number,
  inlineBytes: number,
): Promise<void> {
  const inline = JSON.stringify(events.map((event) => [event.channel, event.payload]));
  await insertAndNotify(db, events, now, Buffer.byteLength(inline) <= inlineBytes ? inline : null);
}

export class PgBus implements LiveBus {
  private readonly listener: PgListener;
  private readonly listeners: ((event: LiveEvent) => void)[] = [];
  private readonly gapListeners: (() => void)[] = [];
  /** The newest id handed to the streams. */
  private lastId = 0;
  /** Notifications are handled one after another, so events stay in id order. */
  private queue: Promise<void> = Promise.resolve();
  private pruneTimer: NodeJS.Timeout | null = null;
  private readonly writes = new BatchQueue<NewLiveEvent[], void>((batches) => this.write(batches), {
    maxBatch: Number.MAX_SAFE_INTEGER,
    maxInFlight: 1,
  });

  constructor(
    private readonly deps: { db: Db; clock: Clock },
    connectionString: string,
    private readonly options: PgBusOptions,
  ) {
    this.listener = new PgListener(
      connectionString,
      PG_LIVE_CHANNEL,
      {
        onNotification: (payload) => void this.enqueue(() => this.received(payload)),
        onConnected: () => this.enqueue(() => this.readMissed()),
        onLost: options.onListenerLost,
      },
      options.listener,
    );
  }

  /**
   * Stored and announced before it resolves. One write at a time (a BatchQueue): news published
   * while a write is under way waits for it and goes out with the others that came meanwhile, as
   * one statement and one notification. The numbering lock makes writes one at a time in the
   * database anyway; this way a hundred orders' news under load cost a few statements, not a
   * hundred, each holding that lock through its own commit.
   */
  async publish(news: readonly LiveNews[]): Promise<void> {
    if (news.length === 0) return;
    await this.writes.add(news.map((one) => ({ channel: one.channel, payload: JSON.stringify(one.event) })));
  }

  /** A batch of publishes, written as one; a failure is reported, never thrown at the publishers. */
  private async write(batches: NewLiveEvent[][]): Promise<void[]> {
    try {
      await publishToPostgres(this.deps.db, batches.flat(), this.deps.clock(), this.options.inlineBytes);
    } catch (error) {
      this.options.onError(error);
    }
    return batches.map(() => undefined);
  }

  onEvent(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }

  onGap(listener: () => void): void {
    this.gapListeners.push(listener);
  }

  async head(): Promise<number> {
    return this.lastId;
  }

  async since(channels: readonly string[], afterId: number, limit: number): Promise<LiveEvent[] | null> {
    const { oldest, newest } = await eventIdRange(this.deps.db);
    if (afterId > newest || afterId < oldest - 1) return null;
    const events = await eventsAfter(this.deps.db, afterId, limit + 1, channels);
    return events.length > limit ? null : events;
  }

  async prune(): Promise<void> {
    const now = this.deps.clock();
    await deleteEventsBefore(this.deps.db, now - this.options.replayWindowMs);
  }

  catchUp(): Promise<void> {
    return this.enqueue(() => this.readMissed());
  }

  health(): BusHealth {
    return this.listener.isConnected ? 'ok' : 'failing';
  }

  async start(): Promise<void> {
    this.lastId = (await eventIdRange(this.deps.db)).newest;
    await this.listener.start();
    if (this.options.pruneEveryMs > 0) {
      this.pruneTimer = setInterval(() => void this.prune().catch(this.options.onError), this.options.pruneEveryMs);
      this.pruneTimer.unref();
    }
  }

  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.listener.close();
    await this.queue;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => this.options.onError(error));
    this.queue = next;
    return next;
  }

  /** `first last [inline JSON]`; read from the table when not inline or when something came between. */
  private async received(payload: string): Promise<void> {
    const [firstText, lastText] = payload.split(' ', 2);
    const first = Number(firstText);
    const last = Number(lastText);
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last <= this.lastId) return;
    const rest = payload.slice(firstText.length + lastText.length + 2);
    if (rest !== '' && first === this.lastId + 1) {
      const inline = JSON.parse(rest) as [string, string][];
      if (inline.length === last - first + 1) {
        inline.forEach(([channel, body], index) => this.deliver({ id: first + index, channel, payload: body }));
        return;
      }
    }
    for (const event of await eventsBetween(this.deps.db, this.lastId + 1, last)) this.deliver(event);
    this.lastId = Math.max(this.lastId, last);
  }

  /** After a (re)connect: what was announced while this instance was not listening. */
  private async readMissed(): Promise<void> {
    const { oldest, newest } = await eventIdRange(this.deps.db);
    if (this.lastId < oldest - 1) {
      // Some of what was missed is gone: every stream starts over from a snapshot.
      this.lastId = newest;
      for (const listener of this.gapListeners) listener();
      return;
    }
    for (;;) {
      const events = await eventsAfter(this.deps.db, this.lastId, CATCH_UP_BATCH);
      for (const event of events) this.deliver(event);
      if (events.length < CATCH_UP_BATCH) return;
    }
  }

  private deliver(event: LiveEvent): void {
    if (event.id <= this.lastId) return;
    this.lastId = event.id;
    for (const listener of this.listeners) listener(event);
  }
}
