/**
 * Live streams on one instance (SQLite, the server in a process of its own): SUBSCRIBERS members
 * hold a room's stream open at once; a USDT round is drawn every 10 s, and each subscriber notes
 * when the draw's event reached it. Prints the time from the draw (its `drawnAt`, written by the
 * server as it stores the draw) to the event at p50 and p99, the server's memory per open stream,
 * and the requests the same members would have made by polling instead. The server and the
 * subscribers share this machine's cores, so the figures include the subscribers' own work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { DEFAULT_HUB_OPTIONS } from '../../src/server/domain/live/hub';

const SUBSCRIBERS = Number(process.env.LIVE_SUBSCRIBERS ?? 10_000);
const DRAWS = 3;
const ROUND_SECONDS = 10;
const BATCH = 500;
/** SPEC.md section 4: the live orders poll every 10 s; the round is read again after each draw and order. */
const POLL_SECONDS = 10;
/** Game 15's round in production (the bench draws every 10 s only to measure more draws). */
const PRODUCTION_ROUND_SECONDS = 120;
const FILE_LIMIT = 65_536;

interface Usage {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

type Message =
  | { kind: 'ready'; port: number }
  | { kind: 'tickets'; tickets: string[] }
  | { kind: 'memory'; usage: Usage }
  | { kind: 'written'; byRound: [number, number][] };

export interface LiveServer {
  child: ChildProcess;
  port: number;
  ask: (request: object) => Promise<unknown>;
  stop: () => Promise<void>;
}

/**
 * The live bench's server (live-server.ts, its settings from `env`), with the file limit raised
 * (each stream is a socket) and gc() for the memory figure.
 */
export function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n ${FILE_LIMIT} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`,
      process.execPath,
      '--expose-gc',
      '--import',
      'tsx',
      'tests/bench/live-server.ts',
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  );
  const stop = async () => {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ kind: 'stop' });
    await exited;
  };
  let waiting: ((message: Message) => void) | null = null;
  const ask = (request: object) =>
    new Promise<Message>((resolve) => {
      waiting = resolve;
      child.send(request);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the live bench server exited with ${code}`)));
    child.on('message', (message: Message) => {
      if (message.kind === 'ready') resolve({ child, port: message.port, ask, stop });
      else waiting?.(message);
    });
  });
}

interface Subscriber {
  socket: Socket;
  /** Each draw event received, by round id: when the server drew it and how long it took to arrive (ms). */
  latencies: Map<number, { drawnAt: number; ms: number }>;
}

const DRAWN = /"type":"round\.drawn".*?"round":\{"id":(\d+).*?"drawnAt":(\d+)/;
const DRAWN_MARK = Buffer.from('"type":"round.drawn"');

/** A raw HTTP/1.1 GET of the room's stream: about the least a client can cost. */
function subscribe(port: number, ticket: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const subscriber: Subscriber = { socket, latencies: new Map() };
    let head = true;
    let buffer = '';
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.write(
      `GET /api/live/room/1?ticket=${ticket} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
    );
    socket.on('data', (chunk: Buffer) => {
      if (head) {
        buffer += chunk.toString();
        if (!buffer.includes('\r\n\r\n')) return;
        if (!buffer.startsWith('HTTP/1.1 200')) reject(new Error(`refused: ${buffer.slice(0, 300)}`));
        head = false;
        resolve(subscriber);
        return;
      }
      // Past the head only chunks that hold a draw are read: the server writes an event whole.
      if (chunk.indexOf(DRAWN_MARK) === -1) return;
      const at = Date.now();
      const drawn = DRAWN.exec(chunk.toString());
      if (drawn) subscriber.latencies.set(Number(drawn[1]), { drawnAt: Number(drawn[2]), ms: at - Number(drawn[2]) });
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export async function runLiveBench(): Promise<void> {
  console.log(`\nLive streams: ${SUBSCRIBERS} subscribers of one room on one instance (SQLite)`);
  const server = await startLiveServer();
  const subscribers: Subscriber[] = [];
  try {
    const before = ((await server.ask({ kind: 'memory' })) as { usage: Usage }).usage;
    const openStarted = performance.now();
    while (subscribers.length < SUBSCRIBERS) {
      const count = Math.min(BATCH, SUBSCRIBERS - subscribers.length);
      const { tickets } = (await server.ask({ kind: 'tickets', count })) as { tickets: string[] };
      subscribers.push(...(await Promise.all(tickets.map((ticket) => subscribe(server.port, ticket)))));
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    // Let every snapshot go out and the heap settle before the second measure.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = ((await server.ask({ kind: 'memory' })) as { usage: Usage }).usage;

    // Only draws made once every stream was open count: the first DRAWS of them.
    const allOpenAt = Date.now();
    const deadline = allOpenAt + (DRAWS + 1) * ROUND_SECONDS * 1000 + 5_000;
    let rounds: number[] = [];
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const seen = new Map<number, number>();
      for (const s of subscribers) for (const [id, got] of s.latencies) seen.set(id, got.drawnAt);
      rounds = [...seen]
        .filter(([, drawnAt]) => drawnAt > allOpenAt)
        .map(([id]) => id)
        .sort((a, b) => a - b);
      const complete = rounds.filter((id) => subscribers.every((s) => s.latencies.has(id)));
      if (complete.length >= DRAWS || Date.now() > deadline) break;
    }
    rounds = rounds.slice(0, DRAWS);
    const latencies = rounds
      .flatMap((id) => subscribers.flatMap((s) => s.latencies.get(id)?.ms ?? []))
      .sort((a, b) => a - b);
    const delivered = rounds.map((id) => subscribers.filter((s) => s.latencies.has(id)).length);

    const { byRound } = (await server.ask({ kind: 'written' })) as { byRound: [number, number][] };
    const writtenMs = byRound.filter(([id]) => rounds.includes(id)).map(([, ms]) => ms);
    const perStreamRss = (after.rss - before.rss) / SUBSCRIBERS;
    const perStreamHeap = (after.heapUsed + after.external - before.heapUsed - before.external) / SUBSCRIBERS;
    const pollingPerSecond = SUBSCRIBERS / POLL_SECONDS + (2 * SUBSCRIBERS) / PRODUCTION_ROUND_SECONDS;
    const heartbeatsPerSecond = SUBSCRIBERS / (DEFAULT_HUB_OPTIONS.heartbeatMs / 1000);
    console.log(`  opened ${SUBSCRIBERS} streams in ${openSeconds.toFixed(1)} s`);
    console.log(
      `  draw -> event (${rounds.length} draws, delivered ${delivered.join(' / ')} of ${SUBSCRIBERS}): ` +
        `p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms`,
    );
    console.log(
      `  of which the server had handed the event to the kernel for every socket after: ${writtenMs.join(' / ')} ms ` +
        `(the rest is the subscribers reading ${SUBSCRIBERS} sockets on the same cores)`,
    );
    console.log(
      `  server memory per open stream: ${kib(perStreamRss)} KiB RSS, ${kib(perStreamHeap)} KiB JS heap + external ` +
        `(RSS ${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MiB)`,
    );
    console.log(
      `  the same members polling instead: ${pollingPerSecond.toFixed(0)} requests/s ` +
        `(getVorder every ${POLL_SECONDS} s, and getGameinfo + getVorder after each draw of game 15's ` +
        `${PRODUCTION_ROUND_SECONDS} s round, before any re-read after orders), ` +
        `against 0 requests/s and ${heartbeatsPerSecond.toFixed(0)} heartbeat writes/s on streams`,
    );
  } finally {
    for (const subscriber of subscribers) subscriber.socket.destroy();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLiveBench();
