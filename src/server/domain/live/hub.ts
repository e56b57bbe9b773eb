/**
 * The open streams of this instance and what each is sent (docs/live-events.md). An event is made
 * into its SSE frame once and the same text is written to every stream of its channel: nothing is
 * made per subscriber. A new stream is sent first what it missed (Last-Event-ID) or a snapshot,
 * while what happens meanwhile waits in its queue; then it follows the bus. One timer writes the
 * heartbeats of all streams, so proxies keep them open.
 *
 * A stream's events are written together every `flushMs`, not one by one: a busy room's events
 * (one per order) written to each stream as they came cost one socket write each, the largest
 * share of the server's CPU after the database with a few hundred streams open (npm run bench,
 * slow readers). Together they are one write per stream per flush, from one buffer shared by the
 * streams given the same frames.
 *
 * Admission: a stream's place under the caps (per address, per member: 3017) is taken before
 * anything is awaited, here for this instance and then in the database for all of them
 * (streamSlots.ts), and given back on every way out, so streams opened at the same moment cannot
 * pass a cap. A place is given back only once the stream's socket has closed.
 *
 * A stream whose reader stops reading is cut once a little is queued for it: its socket is
 * destroyed, so neither this process nor the kernel keeps what was queued (it reconnects and
 * catches up). A stream lives no longer than the session that opened it: a session ended anywhere
 * (an event of the bus) or run out ends its streams within a second.
 */
import type { ServerResponse } from 'node:http';
import type { Clock } from '../../clock';
import { ErrorCode } from '../../../shared/errors';
import { refused } from '../refused';
import { REPLAY_LIMIT, type LiveBus, type LiveEvent } from './bus';
import { sessionTag } from '../secrets';
import { SESSIONS_ENDED } from './news';
import type { StreamSlots } from './streamSlots';

export interface HubOptions {
  /** A comment line this often keeps idle proxies from closing a stream (most cut at 60 s). */
  heartbeatMs: number;
  /** What the SSE `retry:` field asks: how long a browser waits before reconnecting (ms). */
  retryMs: number;
  maxPerAddress: number;
  maxPerMember: number;
  /** Bytes queued for a stream that is not being read, past which it is cut. */
  maxQueuedBytes: number;
  /** A stream is closed after this long, so its member's session is checked again at the reconnect. */
  maxAgeMs: number;
  /** Events for a stream are written together this often (ms): a delay of at most this much. */
  flushMs: number;
  /** How often streams whose session may have run out are looked at. */
  sessionCheckMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  heartbeatMs: 15_000,
  retryMs: 2_000,
  maxPerAddress: 256,
  maxPerMember: 8,
  maxQueuedBytes: 256 * 1024,
  maxAgeMs: 30 * 60_000,
  flushMs: 50,
  sessionCheckMs: 1_000,
};

export interface HubDeps {
  clock: Clock;
  slots: StreamSlots;
  /** When each of these sessions ends now (epoch ms), or null for one that has ended (or whose member is frozen). */
  sessionsEndAt(tokenHashes: readonly string[]): Promise<Map<string, number | null>>;
  onError(error: unknown): void;
}

/** What a stream says first, and what it is sent otherwise: its snapshot. */
export type Snapshot = () => Promise<object>;

/** The session a stream was opened by. */
export interface StreamSession {
  memberId: number;
  tokenHash: string;
  /** When it ends unless it is used (epoch ms). */
  endsAt: number;
}

/** A stream's place under the caps, from admission until its socket has closed. */
export interface Admission {
  readonly address: string;
  session: StreamSession | null;
  /** Its row in the database (streamSlots.ts), once taken. */
  slotId: number | null;
  released: boolean;
}

interface Stream {
  res: ServerResponse;
  channels: readonly string[];
  admission: Admission;
  session: StreamSession;
  tag: string;
  openedAt: number;
  lastId: number;
  /** Frames not yet written (the next flush writes them as one). */
  queued: string[];
  /** Events that arrived while the stream was being started; null once it follows the bus. */
  waiting: LiveEvent[] | null;
  closed: boolean;
}

export interface HubStats {
  /** Streams being sent events. */
  streams: number;
  /** Places taken: streams open or being opened, and cut streams whose sockets have not closed yet. */
  admitted: number;
}

const HEARTBEAT = ': \n\n';

function frame(id: number, payload: string): string {
  return `id: ${id}\ndata: ${payload}\n\n`;
}

/**
 * Whether two streams were queued the same frames (the same event's frame is one string for every
 * stream of its channel): streams of one room then share one buffer per flush, so a room's streams
 * that are not read hold the same bytes, not a copy each.
 */
function sameFrames(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}

/** Last-Event-ID as an id of ours, or undefined (absent or not a number: the stream starts from a snapshot). */
export function parseLastEventId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

export class LiveHub {
  private readonly byChannel = new Map<string, Set<Stream>>();
  private readonly bySession = new Map<string, Set<Stream>>();
  private readonly streams = new Set<Stream>();
  /** Streams with frames queued, and the timer that writes them. */
  private readonly toFlush = new Set<Stream>();
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly perAddress = new Map<string, number>();
  private readonly perMember = new Map<number, number>();
  private admitted = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;
  private checkingSessions = false;
  private closing = false;

  constructor(
    private readonly bus: LiveBus,
    private readonly deps: HubDeps,
    private readonly options: HubOptions,
  ) {
    bus.onEvent((event) => this.dispatch(event));
    bus.onGap(() => this.closeAll());
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.checkSessions(), options.sessionCheckMs);
    this.sessionCheck.unref();
  }

  stats(): HubStats {
    return { streams: this.streams.size, admitted: this.admitted };
  }

  /**
   * Takes a place for a stream from `address` at once, before anything is awaited: 3017 when the
   * address holds as many as allowed here, 1004 while shutting down. Give it back with `release`
   * unless the stream opens.
   */
  admit(address: string): Admission {
    if (this.closing) throw refused(ErrorCode.NetworkErrorRefresh);
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxPerAddress) throw refused(ErrorCode.TooManyStreams);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    this.admitted += 1;
    return { address, session: null, slotId: null, released: false };
  }

  /**
   * The member's place, here at once and then across instances (the database counts every
   * instance's streams): 3017 when the member or the address is at its cap.
   */
  async admitMember(admission: Admission, session: StreamSession): Promise<void> {
    if (this.closing) throw refused(ErrorCode.NetworkErrorRefresh);
    if ((this.perMember.get(session.memberId) ?? 0) >= this.options.maxPerMember) {
      throw refused(ErrorCode.TooManyStreams);
    }
    this.perMember.set(session.memberId, (this.perMember.get(session.memberId) ?? 0) + 1);
    admission.session = session;
    const slotId = await this.deps.slots.reserve(session.memberId, admission.address);
    if (admission.released) {
      // Given back while the database answered: the row goes too.
      if (slotId !== null) this.releaseSlot(slotId);
      throw refused(ErrorCode.NetworkErrorRefresh);
    }
    if (slotId === null) throw refused(ErrorCode.TooManyStreams);
    admission.slotId = slotId;
  }

  /** Gives a place back (once): a stream refused, failed, or whose socket has closed. */
  release(admission: Admission): void {
    if (admission.released) return;
    admission.released = true;
    this.admitted -= 1;
    decrement(this.perAddress, admission.address);
    if (admission.session) decrement(this.perMember, admission.session.memberId);
    if (admission.slotId !== null) this.releaseSlot(admission.slotId);
  }

  /**
   * Opens a stream on a response whose headers are not sent yet: what was missed after
   * `lastEventId`, or the snapshot, then everything of `channels` as it happens. Its place is
   * given back when its socket closes.
   */
  async open(
    res: ServerResponse,
    headers: Record<string, string | number | string[]>,
    admission: Admission,
    channels: readonly string[],
    lastEventId: number | undefined,
    snapshot: Snapshot,
  ): Promise<void> {
    const session = admission.session;
    if (!session) throw new Error('a stream opened without its member admitted');
    const stream: Stream = {
      res,
      channels,
      admission,
      session,
      tag: sessionTag(session.tokenHash),
      openedAt: performance.now(),
      lastId: 0,
      queued: [],
      waiting: [],
      closed: false,
    };
    if (res.destroyed || !res.socket || res.socket.destroyed || this.closing) {
      // The client went away while it was being admitted (or the server is stopping).
      res.destroy();
      this.release(admission);
      return;
    }
    res.on('close', () => {
      this.detach(stream);
      this.release(admission);
    });
    res.on('error', () => this.cut(stream));
    this.attach(stream);
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

  /** Ends every stream (shutdown, a gap in the bus): each browser reconnects, through the load balancer, elsewhere. */
  closeAll(): void {
    for (const stream of [...this.streams]) this.end(stream);
  }

  /** Stops taking streams and ends those open, without waiting for their readers; this instance's rows go. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.closeAll();
    await this.deps.slots.releaseAll().catch((error: unknown) => this.deps.onError(error));
  }

  private dispatch(event: LiveEvent): void {
    if (event.channel === SESSIONS_ENDED) {
      this.endSessions(event.payload);
      return;
    }
    const streams = this.byChannel.get(event.channel);
    if (!streams) return;
    let text: string | undefined;
    for (const stream of streams) {
      if (stream.waiting) stream.waiting.push(event);
      else this.send(stream, event.id, (text ??= frame(event.id, event.payload)));
    }
  }

  private endSessions(payload: string): void {
    let tags: unknown;
    try {
      tags = (JSON.parse(payload) as { sessions?: unknown }).sessions;
    } catch {
      return;
    }
    if (!Array.isArray(tags)) return;
    for (const tag of tags) {
      if (typeof tag !== 'string') continue;
      for (const stream of [...(this.bySession.get(tag) ?? [])]) this.end(stream);
    }
  }

  /** Streams whose session's time is up are checked against the database: ended, or their time moved on. */
  private async checkSessions(): Promise<void> {
    if (this.checkingSessions || this.closing) return;
    const now = this.deps.clock();
    const due = [...this.streams].filter((stream) => stream.session.endsAt <= now);
    if (due.length === 0) return;
    this.checkingSessions = true;
    try {
      const endsAt = await this.deps.sessionsEndAt([...new Set(due.map((stream) => stream.session.tokenHash))]);
      for (const stream of due) {
        const ends = endsAt.get(stream.session.tokenHash) ?? null;
        if (ends === null || ends <= now) this.end(stream);
        else stream.session.endsAt = ends;
      }
    } catch (error) {
      // A database that is away: asked again at the next check.
      this.deps.onError(error);
    } finally {
      this.checkingSessions = false;
    }
  }

  private send(stream: Stream, id: number, text: string): void {
    if (stream.closed || id <= stream.lastId) return;
    stream.lastId = id;
    stream.queued.push(text);
    this.toFlush.add(stream);
    this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs);
  }

  /**
   * Writes each stream's queued frames as one. A stream that has not taken what the flushes before
   * wrote (more than its allowance still queued here, past the kernel's buffers) has stopped reading:
   * it is cut. Asked before writing, so one large flush to a reader that reads is not taken for it.
   */
  private flush(): void {
    this.flushTimer = null;
    let batch: { frames: string[]; bytes: Buffer } | undefined;
    for (const stream of this.toFlush) {
      if (stream.closed) continue;
      if (stream.res.writableLength > this.options.maxQueuedBytes) {
        this.cut(stream);
        continue;
      }
      const frames = stream.queued;
      stream.queued = [];
      if (!batch || !sameFrames(batch.frames, frames)) batch = { frames, bytes: Buffer.from(frames.join('')) };
      stream.res.write(batch.bytes);
    }
    this.toFlush.clear();
  }

  private beat(): void {
    const now = performance.now();
    for (const stream of this.streams) {
      if (now - stream.openedAt > this.options.maxAgeMs) this.end(stream);
      else if (!stream.waiting) stream.res.write(HEARTBEAT);
    }
    void this.deps.slots.renewAndSweep().catch((error: unknown) => this.deps.onError(error));
  }

  /** Ends a stream: said to a reader that keeps up; a socket with bytes still queued is cut instead. */
  private end(stream: Stream): void {
    if (stream.closed) return;
    if (stream.res.writableLength > 0) {
      this.cut(stream);
      return;
    }
    this.detach(stream);
    stream.res.end();
  }

  /**
   * A reader that does not read: nothing more is written, and the socket is destroyed, so what was
   * queued for it is freed here and in the kernel. Its place is given back when the socket has closed.
   */
  private cut(stream: Stream): void {
    this.detach(stream);
    stream.res.destroy();
  }

  private attach(stream: Stream): void {
    this.streams.add(stream);
    for (const channel of stream.channels) addTo(this.byChannel, channel, stream);
    addTo(this.bySession, stream.tag, stream);
  }

  private detach(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    // What was queued for it is not written: a reconnect asks for it again (Last-Event-ID).
    stream.queued = [];
    this.toFlush.delete(stream);
    this.streams.delete(stream);
    for (const channel of stream.channels) removeFrom(this.byChannel, channel, stream);
    removeFrom(this.bySession, stream.tag, stream);
  }

  private releaseSlot(id: number): void {
    if (this.closing) return; // releaseAll takes this instance's rows at once
    void this.deps.slots.release(id).catch((error: unknown) => this.deps.onError(error));
  }
}

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  set?.delete(value);
  if (set?.size === 0) index.delete(key);
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left <= 0) counts.delete(key);
  else counts.set(key, left);
}
