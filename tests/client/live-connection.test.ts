import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAILURES_BEFORE_POLLING,
  openLiveConnection,
  SILENT_AFTER_MS,
  TOO_MANY_RETRY_MS,
  type LiveConnection,
  type StreamStatus,
} from '../../src/client/data/live/connection';
import { createSseParser, fetchTransport } from '../../src/client/data/live/transport';
import { ErrorCode } from '../../src/shared/errors';
import { FakeStreams } from './live-fake';

let streams: FakeStreams;
let statuses: StreamStatus[];
let events: unknown[];
let tickets: number;
let connection: LiveConnection | null;

function connect(transport = streams.transport) {
  connection = openLiveConnection({
    transport,
    address: (lastEventId) => Promise.resolve(`/api/live/room/5?ticket=t${++tickets}&lastEventId=${lastEventId ?? ''}`),
    onEvent: (event) => {
      events.push(event);
    },
    onStatus: (status) => statuses.push(status),
  });
  return connection;
}

/** Lets the ticket's promise settle and timers due by then run. */
const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  streams = new FakeStreams();
  statuses = [];
  events = [];
  tickets = 0;
  connection = null;
});
afterEach(() => {
  connection?.stop();
  vi.useRealTimers();
});

describe('a live stream connection', () => {
  it('is live from its first event, and asks a new ticket for every reconnect, resuming after the last id', async () => {
    connect();
    await after(0);
    expect(streams.opened).toHaveLength(1);
    expect(streams.last.params.get('ticket')).toBe('t1');
    expect(connection!.status()).toBe('connecting');
    streams.last.send({ type: 'snapshot' }, 41);
    expect(connection!.status()).toBe('live');
    expect(events).toEqual([{ type: 'snapshot' }]);

    streams.last.end();
    await after(1_000);
    expect(streams.opened).toHaveLength(2);
    expect(streams.opened[0].closed).toBe(true);
    expect(streams.last.params.get('ticket')).toBe('t2');
    expect(streams.last.params.get('lastEventId')).toBe('41');
    // One dropped connection is not a reason to poll.
    expect(connection!.status()).toBe('live');
  });

  it(`polls after ${FAILURES_BEFORE_POLLING} failures in a row, keeps retrying slower, and is live again when a stream holds`, async () => {
    connect();
    await after(0);
    streams.last.end();
    await after(1_000);
    streams.last.refuse(401, ErrorCode.IncompleteParameters);
    await after(2_000);
    expect(connection!.status()).toBe('connecting');
    streams.last.end();
    expect(connection!.status()).toBe('polling');
    await after(3_999);
    expect(streams.opened).toHaveLength(3);
    await after(1);
    expect(streams.opened).toHaveLength(4);
    streams.last.send({ type: 'snapshot' });
    expect(statuses).toEqual(['polling', 'live']);
  });

  it('polls at once on 3017 (too many streams) and tries again after the 30 s the server asks', async () => {
    connect();
    await after(0);
    streams.last.refuse(429, ErrorCode.TooManyStreams);
    expect(connection!.status()).toBe('polling');
    await after(TOO_MANY_RETRY_MS - 1);
    expect(streams.opened).toHaveLength(1);
    await after(1);
    expect(streams.opened).toHaveLength(2);
  });

  it('takes a stream silent for two heartbeat periods (a buffering proxy) for dead: polls, then retries', async () => {
    connect();
    await after(0);
    streams.last.send({ type: 'snapshot' });
    // Heartbeats alone keep it live.
    for (let i = 0; i < 4; i++) {
      await after(SILENT_AFTER_MS - 1);
      streams.last.beat();
    }
    expect(connection!.status()).toBe('live');
    await after(SILENT_AFTER_MS);
    expect(connection!.status()).toBe('polling');
    expect(streams.opened[0].closed).toBe(true);
    await after(4_000);
    expect(streams.opened).toHaveLength(2);
  });

  it('polls when the browser cannot read a stream, and asks no ticket', async () => {
    connect(null as never);
    await after(60_000);
    expect(connection!.status()).toBe('polling');
    expect(tickets).toBe(0);
  });

  it('stops for good when the session is over (409), and after stop() opens nothing', async () => {
    connect();
    await after(0);
    streams.last.refuse(401, 409);
    expect(connection!.status()).toBe('polling');
    await after(120_000);
    expect(streams.opened).toHaveLength(1);
  });
});

describe('the event stream format', () => {
  it('reads ids, data and heartbeats across chunk boundaries and line ends', () => {
    const got: [string | null, string][] = [];
    let beats = 0;
    const parser = createSseParser({ message: (id, data) => got.push([id, data]), beat: () => beats++ });
    parser.push('retry: 2000\n\nid: 7\nda');
    parser.push('ta: {"a":1}\r');
    parser.push('\ndata: 2\r\n\r\n: \n\nid: 8\ndata: x\ndata: y\n\n');
    expect(got).toEqual([
      ['7', '{"a":1}\n2'],
      ['8', 'x\ny'],
    ]);
    expect(beats).toBe(1);
  });
});

describe("the browser's transport", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the stream at low priority, uncached and without cookies, and reads its events', async () => {
    const inits: RequestInit[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('id: 3\ndata: {"n":1}\n\n'));
        controller.close();
      },
    });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      inits.push(init);
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const got: [string | null, string][] = [];
    const ended = new Promise<void>((resolve) => {
      fetchTransport()!('/api/live/room/1?ticket=t', {
        message: (id, data) => got.push([id, data]),
        beat: () => undefined,
        refused: () => undefined,
        ended: resolve,
      });
    });
    await ended;
    expect(inits).toHaveLength(1);
    // A stream that stays open must not hold back the page's own requests (nor an audit's wait for them).
    expect(inits[0].priority).toBe('low');
    expect(inits[0].cache).toBe('no-store');
    expect(inits[0].credentials).toBe('omit');
    expect(got).toEqual([['3', '{"n":1}']]);
  });
});
