/**
 * Which live bus a process uses, and what the admin command publishes through. A server on
 * PostgreSQL shares events with every instance (pgBus.ts); on SQLite it keeps them in memory
 * (memoryBus.ts). The admin command stores what it publishes: PostgreSQL announces it to every
 * instance at once, and a SQLite server takes it in within a second.
 */
import type { Clock } from '../../clock';
import type { Db, Dialect } from '../../db/schema';
import { insertEvents } from '../../repositories/liveEvents';
import { DEFAULT_REPLAY_WINDOW_MS, type LiveBus, type LiveNews, type LivePublisher } from './bus';
import { MemoryBus } from './memoryBus';
import { DEFAULT_INLINE_BYTES, PgBus, publishToPostgres } from './pgBus';
import { DEFAULT_PG_LISTENER_OPTIONS, type PgListenerOptions } from './pgListener';

export interface LiveBusOptions {
  /** Required on PostgreSQL: the LISTEN connection is a connection of its own. */
  databaseUrl?: string;
  replayWindowMs: number;
  /** Timers of the bus (sweeps, SQLite's take-in); tests turn them off and call them. */
  timers: boolean;
  listener: PgListenerOptions;
  inlineBytes: number;
}

export const DEFAULT_LIVE_BUS_OPTIONS: LiveBusOptions = {
  replayWindowMs: DEFAULT_REPLAY_WINDOW_MS,
  timers: true,
  listener: DEFAULT_PG_LISTENER_OPTIONS,
  inlineBytes: DEFAULT_INLINE_BYTES,
};

const SWEEP_EVERY_MS = 30_000;
const INTAKE_EVERY_MS = 1_000;
const MEMORY_MAX_KEPT = 100_000;

export function openLiveBus(
  deps: { db: Db; dialect: Dialect; clock: Clock },
  options: LiveBusOptions,
  report: { onError: (error: unknown) => void; onListenerLost: (error: Error) => void },
): LiveBus {
  if (deps.dialect === 'postgres') {
    if (!options.databaseUrl) throw new Error('live streams on PostgreSQL need the database URL for LISTEN');
    return new PgBus(deps, options.databaseUrl, {
      replayWindowMs: options.replayWindowMs,
      inlineBytes: options.inlineBytes,
      pruneEveryMs: options.timers ? SWEEP_EVERY_MS : 0,
      listener: options.listener,
      onError: report.onError,
      onListenerLost: report.onListenerLost,
    });
  }
  return new MemoryBus(deps, {
    replayWindowMs: options.replayWindowMs,
    maxKept: MEMORY_MAX_KEPT,
    intakeEveryMs: options.timers ? INTAKE_EVERY_MS : 0,
    onError: report.onError,
  });
}

/** The admin command's publisher: events stored for the servers (see the file's comment). */
export function storedPublisher(
  deps: { db: Db; dialect: Dialect; clock: Clock },
  onError: (error: unknown) => void,
): LivePublisher {
  return {
    async publish(news: readonly LiveNews[]): Promise<void> {
      if (news.length === 0) return;
      const events = news.map((one) => ({ channel: one.channel, payload: JSON.stringify(one.event) }));
      try {
        if (deps.dialect === 'postgres') await publishToPostgres(deps.db, events, deps.clock(), DEFAULT_INLINE_BYTES);
        else await insertEvents(deps.db, events, deps.clock());
      } catch (error) {
        onError(error);
      }
    },
  };
}
