/**
 * The open streams of this instance and what each is sent (docs/live-events.md). An event is made
 * into its SSE frame once and the same text is written to every stream of its channel: nothing is
 * made per subscriber. A new stream is sent first what it missed (Last-Event-ID) or a snapshot,
 * while what happens meanwhile waits in its queue; then it follows the bus. One timer writes the
 * heartbeats of all streams, so proxies keep them open. Caps per address and per member keep one
 * client from holding thousands of sockets (3017). A stream whose reader stops reading is closed
 * once a little is queued for it (it reconnects and catches up), so a slow phone costs bounded memory.
 */
import type { ServerResponse } from 'node:http';
import { ErrorCode } from '../../../shared/errors';
import { refused, type Refused } from '../refused';
import { REPLAY_LIMIT, type LiveBus, type LiveEvent } from './bus';

export interface HubOptions {
  /** A comment line this often keeps idle proxies from closing a stream (most cut at 60 s). */
  heartbeatMs: number;
  /** What the SSE `retry:` field asks: how long a browser waits before reconnecting (ms). */
  retryMs: number;
  maxPerAddress: number;
  maxPerMember: number;
  /** Bytes queued for a stream that is not being read, past which it is closed. */
  maxQueuedBytes: number;
  /** A stream is closed after this long, so its member's session is checked again at the reconnect. */
  maxAgeMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  heartbeatMs: 15_000,
  retryMs: 2_000,
  maxPerAddress: 256,
  maxPerMember: 8,
  maxQueuedBytes: 256 * 1024,
  maxAgeMs: 30 * 60_000,
};

/** What a stream sends before it follows the bus: its snapshot, given the id it stands at. */
export type Snapshot = () => Promise<object>;

interface Stream {
  res: ServerResponse;
  channels: readonly string[];
  address: string;
  memberId: number;
  openedAt: number;
  lastId: number;
  /** Events that arrived while the stream was being started; null once it follows the bus. */
  waiting: LiveEvent[] | null;
  closed: boolean;
}

export interface HubStats {
  streams: number;
}

const HEARTBEAT = ': \n\n';

function frame(id: number, payload: string): string {
  return `id: ${id}\ndata: ${payload}\n\n`;
}

/** Last-Event-ID as an id of ours, or undefined (absent or not a number: the stream starts from a snapshot). */
export function parseLastEventId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

export class LiveHub {
  private readonly byChannel = new Map<string, Set<Stream>>();
  private readonly streams = new Set<Stream>();
  private readonly perAddress = new Map<string, number>();
  private readonly perMember = new Map<number, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly bus: LiveBus,
    private readonly options: HubOptions,
  ) {
    bus.onEvent((event) => this.dispatch(event));
    bus.onGap(() => this.closeAll());
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  stats(): HubStats {
    return { streams: this.streams.size };
  }

  /** The refusal (3017) for an address that holds as many streams as allowed, or null. */
  addressRefusal(address: string): Refused | null {
    return (this.perAddress.get(address) ?? 0) >= this.options.maxPerAddress ? refused(ErrorCode.TooManyStreams) : null;
  }

  /** The refusal (3017) for a member (or address) at its cap, or a refusal while shutting down, or null. */
  refusal(address: string, memberId: number): Refused | null {
    if (this.closing) return refused(ErrorCode.NetworkErrorRefresh);
    if ((this.perMember.get(memberId) ?? 0) >= this.options.maxPerMember) return refused(ErrorCode.TooManyStreams);
    return this.addressRefusal(address);
  }

  /**
   * Opens a stream on a response whose headers are not sent yet: what was missed after
   * `lastEventId`, or the snapshot, then everything of `channels` as it happens.
   */
  async open(
    res: ServerResponse,
    headers: Record<string, string | number | string[]>,
    who: { address: string; memberId: number },
    channels: readonly string[],
    lastEventId: number | undefined,
    snapshot: Snapshot,
  ): Promise<void> {
    const stream: Stream = {
      res,
      channels,
      address: who.address,
      memberId: who.memberId,
      openedAt: performance.now(),
      lastId: 0,
      waiting: [],
      closed: false,
    };
    this.add(stream);
    res.on('close', () => this.remove(stream));
    res.on('error', () => this.remove(stream));
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx buffers proxied answers unless told not to (README, "Running several instances").
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(`retry: ${this.options.retryMs}\n\n`);
    try {
      const missed = lastEventId === undefined ? null : await this.bus.since(channels, lastEventId, REPLAY_LIMIT);
      if (missed) {
        stream.lastId = lastEventId!;
        for (const event of missed) this.send(stream, event.id, frame(event.id, event.payload));
      } else {
        // The head before the snapshot is read: anything newer is sent after it, at worst twice.
        const head = await this.bus.head();
        const text = frame(head, JSON.stringify(await snapshot()));
        if (stream.closed) return;
        stream.lastId = head;
        stream.res.write(text);
      }
      const waiting = stream.waiting ?? [];
      stream.waiting = null;
      for (const event of waiting) this.send(stream, event.id, frame(event.id, event.payload));
    } catch {
      // A database that is away: the stream ends and the app reconnects (to this or another instance).
      this.end(stream);
    }
  }

  /** Ends every stream (shutdown): each browser reconnects, through the load balancer, elsewhere. */
  closeAll(): void {
    for (const stream of [...this.streams]) this.end(stream);
  }

  /** Stops taking streams and ends those open, without waiting for their readers. */
  close(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.closeAll();
  }

  private dispatch(event: LiveEvent): void {
    const streams = this.byChannel.get(event.channel);
    if (!streams) return;
    let text: string | undefined;
    for (const stream of streams) {
      if (stream.waiting) stream.waiting.push(event);
      else this.send(stream, event.id, (text ??= frame(event.id, event.payload)));
    }
  }

  private send(stream: Stream, id: number, text: string): void {
    if (stream.closed || id <= stream.lastId) return;
    stream.lastId = id;
    stream.res.write(text);
    if (stream.res.writableLength > this.options.maxQueuedBytes) this.end(stream);
  }

  private beat(): void {
    const now = performance.now();
    for (const stream of this.streams) {
      if (now - stream.openedAt > this.options.maxAgeMs) this.end(stream);
      else if (!stream.waiting) stream.res.write(HEARTBEAT);
    }
  }

  private end(stream: Stream): void {
    if (stream.closed) return;
    this.remove(stream);
    stream.res.end();
  }

  private add(stream: Stream): void {
    this.streams.add(stream);
    for (const channel of stream.channels) {
      let set = this.byChannel.get(channel);
      if (!set) this.byChannel.set(channel, (set = new Set()));
      set.add(stream);
    }
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
    this.perMember.set(stream.memberId, (this.perMember.get(stream.memberId) ?? 0) + 1);
  }

  private remove(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    for (const channel of stream.channels) {
      const set = this.byChannel.get(channel);
      set?.delete(stream);
      if (set?.size === 0) this.byChannel.delete(channel);
    }
    decrement(this.perAddress, stream.address);
    decrement(this.perMember, stream.memberId);
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left <= 0) counts.delete(key);
  else counts.set(key, left);
}
