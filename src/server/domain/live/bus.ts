/**
 * The live bus: how an event made anywhere reaches every stream that should tell it. On
 * PostgreSQL events are stored and announced with NOTIFY to every instance (pgBus.ts); on SQLite,
 * one server process, they stay in memory (memoryBus.ts). Streams (hub.ts) see only this interface.
 */

/** An event as streams send it: its id (the SSE `id:`), its channel and its JSON. */
export interface LiveEvent {
  id: number;
  channel: string;
  payload: string;
}

/** An event about to be published: the channel it is for and what it says (domain/live/news.ts). */
export interface LiveNews {
  channel: string;
  event: object;
}

/** What domain code needs: tell what changed, after its transaction committed. */
export interface LivePublisher {
  /**
   * Never throws: what is told is already committed, so a failure to tell it is logged and the
   * members concerned catch up from the snapshot at their next reconnect.
   */
  publish(news: readonly LiveNews[]): Promise<void>;
}

export type BusHealth = 'ok' | 'failing';

export interface LiveBus extends LivePublisher {
  /** Every event of every channel, in id order, once each (the hub routes them to streams). */
  onEvent(listener: (event: LiveEvent) => void): void;
  /** Events may have been missed (the fan-out connection was away too long): streams must start over. */
  onGap(listener: () => void): void;
  /** The newest event id: the id a snapshot carries. */
  head(): Promise<number>;
  /**
   * The events of `channels` after `afterId`, oldest first, or null when they cannot all be told:
   * some are older than the replay window, there are more than `limit`, or the id is unknown.
   */
  since(channels: readonly string[], afterId: number, limit: number): Promise<LiveEvent[] | null>;
  /** Forgets events older than the replay window. */
  prune(): Promise<void>;
  /** Takes in now what other processes published (the timers otherwise do, within a second). */
  catchUp(): Promise<void>;
  /** Whether events of other instances (or processes) are reaching this one: /readyz tells it. */
  health(): BusHealth;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** How long a reconnect may be sent what it missed rather than a snapshot. */
export const DEFAULT_REPLAY_WINDOW_MS = 5 * 60_000;

/** Most events one reconnect is sent; past that a snapshot is cheaper for both sides. */
export const REPLAY_LIMIT = 500;
