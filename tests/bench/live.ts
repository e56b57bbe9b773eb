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
  | { kind: 'memory'; usage: Usage };

/** The server, with the file limit raised (each stream is a socket) and gc() for the memory figure. */
function startServer(): Promise<{ child: ChildProcess; port: number; ask: (request: object) => Promise<Message> }> {
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
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  let waiting: ((message: Message) => void) | null = null;
  const ask = (request: object) =>
    new Promise<Message>((resolve) => {
      waiting = resolve;
      child.send(request);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the live bench server exited with ${code}`)));
    child.on('message', (message: Message) => {
      if (message.kind === 'ready') resolve({ child, port: message.port, ask });
      else waiting?.(message);
    });
  });
}

interface Subscriber {
  socket: Socket;
  /** Latency (ms) of each draw event received, by round id. */
  latencies: Map<number, number>;
}

const DRAWN = /"type":"round\.drawn".*?"round":\{"id":(\d+).*?"drawnAt":(\d+)/;

/** A raw HTTP/1.1 GET of the room's stream: about the least a client can cost. */
function subscribe(port: number, ticket: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const subscriber: Subscriber = { socket, latencies: new Map() };
    let head = true;
    let buffer = '';
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.write(`GET /api/live/room/1?ticket=${ticket} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    socket.on('data', (chunk: Buffer) => {
      const at = Date.now();
      buffer += chunk.toString();
      if (head) {
        if (!buffer.includes('\r\n\r\n')) return;
        if (!buffer.startsWith('HTTP/1.1 200')) {
          reject(new Error(`refused: ${buffer.slice(0, 300)}`));
          return;
        }
        head = false;
        resolve(subscriber);
      }
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const drawn = DRAWN.exec(buffer.slice(0, end));
        if (drawn) subscriber.latencies.set(Number(drawn[1]), at - Number(drawn[2]));
        buffer = buffer.slice(end + 2);
      }
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export async function runLiveBench(): Promise<void> {
  console.log(`\nLive streams: ${SUBSCRIBERS} subscribers of one room on one instance (SQLite)`);
  const server = await startServer();
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

    const firstRound = new Set<number>();
    const deadline = Date.now() + (DRAWS + 1) * ROUND_SECONDS * 1000 + 5_000;
    // Rounds whose draw reached at least one subscriber, until DRAWS of them reached everyone.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rounds = new Set(subscribers.flatMap((s) => [...s.latencies.keys()]));
      for (const id of rounds) firstRound.add(id);
      const complete = [...firstRound].filter((id) => subscribers.every((s) => s.latencies.has(id)));
      if (complete.length >= DRAWS || Date.now() > deadline) break;
    }
    const rounds = [...firstRound].sort((a, b) => a - b).slice(0, DRAWS);
    const latencies = rounds.flatMap((id) => subscribers.flatMap((s) => s.latencies.get(id) ?? [])).sort((a, b) => a - b);
    const delivered = rounds.map((id) => subscribers.filter((s) => s.latencies.has(id)).length);

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
    server.child.removeAllListeners('exit');
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.send({ kind: 'stop' });
    await exited;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLiveBench();
