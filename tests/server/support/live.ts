/**
 * A reader of the live streams as a browser's EventSource reads them: GET with a ticket, the
 * `text/event-stream` body split into events (id, data), each data parsed as JSON.
 */
import { ApiPath } from '../../../src/shared/api/paths';
import type { LiveTicketAnswer } from '../../../src/shared/api/types';
import type { TestServer } from './server';

export interface SseEvent {
  id: string | undefined;
  /** The parsed `data:` of the event. */
  data: { type: string } & Record<string, unknown>;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The envelope of a refused stream. */
  refusal?: { code: number; info: string; data: unknown };
  stream?: LiveStream;
}

export class LiveStream {
  readonly events: SseEvent[] = [];
  /** Comment lines (heartbeats) seen. */
  heartbeats = 0;
  ended = false;
  private waiters: (() => void)[] = [];
  private readonly done: Promise<void>;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly abort: AbortController,
  ) {
    this.done = this.read(body);
  }

  /** The last event id received, as a browser would send it back in Last-Event-ID. */
  get lastEventId(): string | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) if (this.events[i].id !== undefined) return this.events[i].id;
    return undefined;
  }

  /**
   * Waits for an event matching `match` (among all received so far, from `from` on). The timeout
   * is a hang guard sized for a loaded machine, not a bound on how fast news travels.
   */
  async next(match: (event: SseEvent) => boolean, timeoutMs = 30_000, from = 0): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended without the event; got ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event in ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  ofType(type: string): SseEvent[] {
    return this.events.filter((event) => event.data.type === type);
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }

  /** Resolves when the server ends the stream. */
  async untilEnded(timeoutMs = 5_000): Promise<void> {
    await Promise.race([
      this.done,
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the stream did not end')), timeoutMs)),
    ]);
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private take(block: string): void {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.heartbeats++;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ id, data: JSON.parse(data.join('\n')) as SseEvent['data'] });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

export async function liveTicket(server: TestServer, token: string): Promise<string> {
  const answer = await server.call<LiveTicketAnswer>(ApiPath.liveTicket, { token, lang: 'en' });
  if (answer.body.code !== 1) throw new Error(`liveTicket refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data.ticket;
}

/** GET a stream path (with its query) on `baseUrl`; a refusal is read as the envelope. */
export async function openStream(
  baseUrl: string,
  pathAndQuery: string,
  init: { lastEventId?: string; ip?: string } = {},
): Promise<OpenedStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (init.lastEventId !== undefined) headers['last-event-id'] = init.lastEventId;
  if (init.ip !== undefined) headers['x-forwarded-for'] = init.ip;
  const response = await fetch(baseUrl + pathAndQuery, { headers, signal: abort.signal });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const refusal = (await response.json()) as OpenedStream['refusal'];
    return { status: response.status, headers: response.headers, refusal };
  }
  return { status: response.status, headers: response.headers, stream: new LiveStream(response.body!, abort) };
}

/** A room's stream for a member (a new ticket each time), failing the test on a refusal. */
export async function roomStream(
  server: TestServer,
  token: string,
  roomid: number,
  init: { lastEventId?: string; baseUrl?: string } = {},
): Promise<LiveStream> {
  const ticket = await liveTicket(server, token);
  const opened = await openStream(init.baseUrl ?? server.url, `/api/live/room/${roomid}?ticket=${ticket}`, init);
  if (!opened.stream) throw new Error(`room stream refused: ${opened.status} ${JSON.stringify(opened.refusal)}`);
  return opened.stream;
}

export async function memberStream(
  server: TestServer,
  token: string,
  init: { lastEventId?: string; baseUrl?: string } = {},
): Promise<LiveStream> {
  const ticket = await liveTicket(server, token);
  const opened = await openStream(init.baseUrl ?? server.url, `/api/live/member?ticket=${ticket}`, init);
  if (!opened.stream) throw new Error(`member stream refused: ${opened.status} ${JSON.stringify(opened.refusal)}`);
  return opened.stream;
}
