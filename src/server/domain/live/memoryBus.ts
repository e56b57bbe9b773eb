/**
 * The live bus on SQLite: one server process, so events are numbered and kept in memory for the
 * replay window and handed to the streams at once. Ids start at the start time in microseconds,
 * so an id from before a restart is older than every id after it and its reconnect gets a
 * snapshot, never someone else's events. What the admin command publishes (another process) waits
 * in the live_events table until the next take-in, at most `intakeEveryMs` later.
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { deleteEventsUpTo, eventsAfter } from '../../repositories/liveEvents';
import type { BusHealth, LiveBus, LiveEvent, LiveNews } from './bus';

export interface MemoryBusOptions {
  replayWindowMs: number;
  /** Most events kept whatever their age, so a burst cannot fill the memory. */
  maxKept: number;
  /** How often events of other processes are taken in; 0: only when intake() is called (tests). */
  intakeEveryMs: number;
  onError: (error: unknown) => void;
}

interface KeptEvent extends LiveEvent {
  at: number;
}

const INTAKE_BATCH = 500;

export class MemoryBus implements LiveBus {
  private lastId = Date.now() * 1000;
  /** Oldest first. */
  private kept: KeptEvent[] = [];
  private readonly listeners: ((event: LiveEvent) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private intakeFailing = false;

  constructor(
    private readonly deps: { db: Db; clock: Clock },
    private readonly options: MemoryBusOptions,
  ) {}

  async publish(news: readonly LiveNews[]): Promise<void> {
    try {
      for (const one of news) this.deliver(one.channel, JSON.stringify(one.event));
    } catch (error) {
      this.options.onError(error);
    }
  }

  onEvent(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }

  // Nothing is lost between the publisher and the streams of one process.
  onGap(): void {}

  async head(): Promise<number> {
    return this.lastId;
  }

  async since(channels: readonly string[], afterId: number, limit: number): Promise<LiveEvent[] | null> {
    const oldest = this.kept[0]?.id ?? this.lastId + 1;
    if (afterId > this.lastId || afterId < oldest - 1) return null;
    const wanted = new Set(channels);
    const found: LiveEvent[] = [];
    for (const event of this.kept) {
      if (event.id <= afterId || !wanted.has(event.channel)) continue;
      if (found.length === limit) return null;
      found.push({ id: event.id, channel: event.channel, payload: event.payload });
    }
    return found;
  }

  async prune(): Promise<void> {
    const before = this.deps.clock() - this.options.replayWindowMs;
    // The newest stays, so the oldest id kept still tells a reconnect whether it missed any.
    let drop = 0;
    while (drop < this.kept.length - 1 && this.kept[drop].at < before) drop++;
    if (drop > 0) this.kept = this.kept.slice(drop);
  }

  /** Takes in the events other processes stored (the admin command's). */
  async catchUp(): Promise<void> {
    try {
      for (;;) {
        const rows = await eventsAfter(this.deps.db, 0, INTAKE_BATCH);
        if (rows.length === 0) break;
        for (const row of rows) this.deliver(row.channel, row.payload);
        await deleteEventsUpTo(this.deps.db, rows[rows.length - 1].id);
        if (rows.length < INTAKE_BATCH) break;
      }
      this.intakeFailing = false;
    } catch (error) {
      this.intakeFailing = true;
      this.options.onError(error);
    }
  }

  health(): BusHealth {
    return this.intakeFailing ? 'failing' : 'ok';
  }

  async start(): Promise<void> {
    await this.catchUp();
    if (this.options.intakeEveryMs > 0) this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.catchUp()
        .then(() => this.prune())
        .finally(() => {
          if (!this.closed) this.schedule();
        });
    }, this.options.intakeEveryMs);
    this.timer.unref();
  }

  private deliver(channel: string, payload: string): void {
    const event: KeptEvent = { id: ++this.lastId, channel, payload, at: this.deps.clock() };
    this.kept.push(event);
    // Trimmed a tenth at a time, not at every event.
    if (this.kept.length > this.options.maxKept * 1.1) this.kept = this.kept.slice(-this.options.maxKept);
    for (const listener of this.listeners) listener(event);
  }
}
