import { ErrorCode } from '../../../shared/errors';
import type { LiveTransport } from './transport';

/**
 * live: events arrive; polling: the stream cannot be held now, the screens poll as before and the
 * stream is tried again later; connecting: the first attempt is under way.
 */
export type StreamStatus = 'connecting' | 'live' | 'polling';

/** The server's heartbeat period (docs/live-events.md): a stream silent for two of them is dead. */
export const HEARTBEAT_MS = 15_000;
export const SILENT_AFTER_MS = 2 * HEARTBEAT_MS;
/** Failed attempts in a row before the screens go back to polling (reconnecting goes on behind). */
export const FAILURES_BEFORE_POLLING = 3;
/** The first reconnect waits this long, each next one twice as long, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60_000;
/** After 3017 (too many streams) the server asks for 30 s (Retry-After). */
export const TOO_MANY_RETRY_MS = 30_000;

export interface LiveConnectionOptions {
  /** null where the browser cannot read a stream: polling only. */
  transport: LiveTransport | null;
  /**
   * Where to open the stream, with a new ticket (single-use: one per attempt) and the last event id
   * seen (null at first), so a reconnect resumes where it stopped.
   */
  address: (lastEventId: string | null) => Promise<string>;
  /** Each event's data, parsed as JSON; the caller checks it against its schema (and may store it). */
  onEvent: (data: unknown) => void | Promise<void>;
  onStatus: (status: StreamStatus) => void;
}

export interface LiveConnection {
  stop: () => void;
  status: () => StreamStatus;
}

/**
 * Holds one live stream open: a new ticket for every attempt, the last event id carried over,
 * reconnects with backoff, and a watchdog for a stream gone silent (a proxy that buffers). After
 * repeated failures, a 3017, or a refusal of the room, it reports `polling` and keeps trying
 * behind, slower; the first event of a stream that holds reports `live` again. A session the
 * server ended (409, 403) stops it: the polling calls take the member to login.
 */
export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  let status: StreamStatus = options.transport ? 'connecting' : 'polling';
  let stopped = false;
  let failures = 0;
  let lastEventId: string | null = null;
  let closeStream: (() => void) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let silenceTimer: ReturnType<typeof setTimeout> | null = null;

  function report(next: StreamStatus): void {
    if (next === status) return;
    status = next;
    options.onStatus(next);
  }

  function clearTimers(): void {
    if (retryTimer !== null) clearTimeout(retryTimer);
    if (silenceTimer !== null) clearTimeout(silenceTimer);
    retryTimer = silenceTimer = null;
  }

  function close(): void {
    clearTimers();
    closeStream?.();
    closeStream = null;
  }

  function retryIn(ms: number): void {
    close();
    if (!stopped) retryTimer = setTimeout(() => void connect(), ms);
  }

  function failed(): void {
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) report('polling');
    retryIn(Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS));
  }

  /** Silence is a proxy holding the stream back (or a dead connection): poll now, retry behind. */
  function silent(): void {
    failures = Math.max(failures, FAILURES_BEFORE_POLLING - 1);
    failed();
  }

  function alive(): void {
    if (silenceTimer !== null) clearTimeout(silenceTimer);
    silenceTimer = setTimeout(silent, SILENT_AFTER_MS);
  }

  async function connect(): Promise<void> {
    retryTimer = null;
    let url: string;
    try {
      url = await options.address(lastEventId);
    } catch {
      if (!stopped) failed();
      return;
    }
    if (stopped) return;
    const transport = options.transport!;
    alive();
    closeStream = transport(url, {
      message(id, data) {
        if (id !== null) lastEventId = id;
        failures = 0;
        alive();
        report('live');
        let event: unknown;
        try {
          event = JSON.parse(data);
        } catch {
          if (import.meta.env.DEV) console.warn('[live] an event that is not JSON was dropped', data);
          return;
        }
        void options.onEvent(event);
      },
      beat: alive,
      refused(httpStatus, code) {
        if (httpStatus === 429 || code === ErrorCode.TooManyStreams) {
          failures += 1;
          report('polling');
          retryIn(TOO_MANY_RETRY_MS);
        } else if (code !== null && code < 1000) {
          // The session is over (409) or the member frozen (403): nothing to reopen; the polling
          // calls meet the same refusal and take the member where it leads.
          report('polling');
          stop();
        } else if (code === null || code === ErrorCode.IncompleteParameters || code === ErrorCode.NetworkErrorRefresh) {
          // A used or expired ticket, or an instance going away: a new ticket, soon.
          failed();
        } else {
          // The room refused (trading stopped, VIP level, balance, no such room): not soon changed.
          failures += 1;
          report('polling');
          retryIn(MAX_RETRY_MS);
        }
      },
      ended: failed,
    });
  }

  function stop(): void {
    stopped = true;
    close();
  }

  if (options.transport) void connect();
  return { stop, status: () => status };
}
