/**
 * Readers that never read, in a busy room, on one instance (SQLite, the production stream caps):
 * DEAF members each open a room stream on a raw socket that is never read from, and open another
 * every REOPEN_SECONDS without closing the last (as a client that gives up on a stalled stream
 * would), for DEAF_SECONDS while other members place orders into the room as fast as they are
 * answered. Another member reads the room's round (getGameinfo) every 100 ms throughout.
 *
 * The same number of streams that are read, first, say what streams cost a busy room at all: a
 * room's news is written to every stream in it. And a second server goes through the same schedule
 * with no stream at all: its database grows the same way (SQLite's page cache fills, its file is
 * mapped into memory), which moves memory and latency whatever streams are open.
 *
 * Prints the server's own memory (resident, without the database file's mapped pages) before (the
 * same order load, no stream), at its highest and after the readers have gone (after a full
 * collection, as before), beside the stream-less server's after; the server's open sockets at
 * most; and the other member's getGameinfo p50 and p99 with no stream, with the reading streams
 * and with the deaf ones, beside the stream-less server's at the same times. The goal: memory
 * after within 20 % of the same load's without streams, and the deaf readers costing the other
 * member no more than the same number of readers that keep up.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { DEFAULT_HUB_OPTIONS } from '../../src/server/domain/live/hub';
import { startLiveServer, type LiveServer } from './live';

const DEAF = 32;
const REOPEN_SECONDS = 9;
const DEAF_SECONDS = 60;
const BASELINE_SECONDS = 20;
const ORDERING_MEMBERS = 8;
const POLL_MS = 100;
/** Game 15 (room 1): rounds long enough that orders are taken most of the time. */
const ROUND = '60/5';

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The server process's resident memory and open sockets, from /proc: all of it, and the part that
 * is its own (anonymous), without the database file's pages mapped into it (SQLite's mmap_size),
 * which grow with the file whatever streams are open, and which the kernel takes back at will.
 */
function processState(pid: number): { rss: number; own: number; sockets: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // Closed between the listing and the look.
    }
  }
  return { rss: kib('VmRSS'), own: kib('RssAnon'), sockets };
}

/**
 * A room stream on a raw socket. Deaf, it is never read: its bytes pile up in the kernel, then in
 * the server. Reading, it takes every byte as it comes (a phone that keeps up).
 */
function roomStream(port: number, ticket: string, reader: Reader): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `GET /api/live/room/1?ticket=${ticket} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
  );
  if (reader === 'deaf') socket.pause();
  else socket.on('data', () => undefined);
  return socket;
}

type Reader = 'deaf' | 'reading';

async function post(port: number, path: string, body: object): Promise<{ code: number; data: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: unknown };
}

/** Orders at the room's minimum on both Big and Small, from one member, one after another until told to stop. */
async function orderLoop(
  port: number,
  token: string,
  running: () => boolean,
  counts: { taken: number; refused: Map<number, number> },
) {
  const info = (await post(port, '/api/Game/getGameinfo', { token, roomid: 1 })).data as {
    room: { gameid: number; rate0: number; rate1: number };
  };
  while (running()) {
    const answer = await post(port, '/api/Game/order', {
      token,
      gameid: info.room.gameid,
      roomid: 1,
      order_info: [
        [0, info.room.rate0, 20],
        [1, info.room.rate1, 20],
      ],
    });
    if (answer.code === 1) counts.taken++;
    else {
      counts.refused.set(answer.code, (counts.refused.get(answer.code) ?? 0) + 1);
      // Closed for the draw: the next round opens within seconds.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** getGameinfo every POLL_MS for `seconds`: each answer's time, sorted. */
async function pollFor(port: number, token: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    await post(port, '/api/Game/getGameinfo', { token, roomid: 1 });
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return times.sort((a, b) => a - b);
}

interface Phase {
  polls: number[];
  ordersPerSecond: number;
  opened: number;
  open: number;
}

type Memory = NodeJS.MemoryUsage & { own: number };

interface Run {
  baseline: Phase;
  reading: Phase;
  deaf: Phase;
  before: Memory;
  afterReading: Memory;
  afterDeaf: Memory;
  after: Memory;
  highest: { rss: number; own: number; sockets: number };
  refused: Map<number, number>;
}

/**
 * One server through the bench's schedule: orders alone, then the reading streams, then the deaf
 * ones, then nothing. With `streams` false no stream is opened at all: the same load's own figures,
 * since a database that grows (SQLite's page cache fills, its file is mapped) moves memory and
 * latency whatever streams are open.
 */
async function runSchedule(streams: boolean): Promise<Run> {
  const server: LiveServer = await startLiveServer({ LIVE_BENCH_ROUND: ROUND, LIVE_BENCH_CAPS: 'production' });
  const pid = server.child.pid!;
  const sockets: Socket[] = [];
  let ordering = true;
  const orders = { taken: 0, refused: new Map<number, number>() };
  const loops: Promise<void>[] = [];
  let highest = processState(pid);
  /** After a full collection: V8's figures, and the process's own memory from /proc. */
  const memory = async (): Promise<Memory> => {
    const { usage } = (await server.ask({ kind: 'memory' })) as { usage: NodeJS.MemoryUsage };
    return { ...usage, own: processState(pid).own };
  };
  try {
    const { tokens } = (await server.ask({ kind: 'tokens' })) as { tokens: string[] };
    const poller = tokens[0];
    for (const token of tokens.slice(1, 1 + ORDERING_MEMBERS)) {
      loops.push(orderLoop(server.port, token, () => ordering, orders));
    }
    const baselinePolls = await pollFor(server.port, poller, BASELINE_SECONDS);
    const baseline = { polls: baselinePolls, ordersPerSecond: orders.taken / BASELINE_SECONDS, opened: 0, open: 0 };
    const before = await memory();

    /**
     * DEAF members each opening a stream every REOPEN_SECONDS. Reading members close the one
     * before last as they open the next, so as many are open as the deaf steady state holds (two
     * a member: the one being cut off and its successor).
     */
    const phase = async (reader: Reader): Promise<Phase> => {
      const startOrders = orders.taken;
      const mine: Socket[][] = [];
      let opened = 0;
      const sample = setInterval(() => {
        const now = processState(pid);
        highest = {
          rss: Math.max(highest.rss, now.rss),
          own: Math.max(highest.own, now.own),
          sockets: Math.max(highest.sockets, now.sockets),
        };
      }, 1_000);
      const reopen = async () => {
        if (!streams) return;
        const { tickets } = (await server.ask({ kind: 'tickets', count: DEAF })) as { tickets: string[] };
        const batch = tickets.map((ticket) => roomStream(server.port, ticket, reader));
        sockets.push(...batch);
        mine.push(batch);
        if (reader === 'reading' && mine.length > 2) for (const socket of mine[mine.length - 3]) socket.destroy();
        opened += tickets.length;
      };
      let reopened = reopen();
      const reopening = setInterval(() => {
        reopened = reopened.then(reopen);
      }, REOPEN_SECONDS * 1000);
      const polls = await pollFor(server.port, poller, DEAF_SECONDS);
      clearInterval(reopening);
      await reopened;
      clearInterval(sample);
      const stats = ((await server.ask({ kind: 'stats' })) as { stats: { streams: number } }).stats;
      for (const socket of mine.flat()) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { polls, ordersPerSecond: (orders.taken - startOrders) / DEAF_SECONDS, opened, open: stats.streams };
    };
    const reading = await phase('reading');
    const afterReading = await memory();
    const deaf = await phase('deaf');
    const afterDeaf = await memory();

    // They go, and so does the load.
    ordering = false;
    await Promise.all(loops);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = await memory();
    return { baseline, reading, deaf, before, afterReading, afterDeaf, after, highest, refused: orders.refused };
  } finally {
    ordering = false;
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

export async function runSlowReadersBench(): Promise<void> {
  console.log(
    `\nReaders that never read: ${DEAF} members each opening a stream every ${REOPEN_SECONDS} s for ${DEAF_SECONDS} s in a busy room (SQLite, production caps), ` +
      `after the same number of streams that are read; beside the same schedule's load on a server given no stream at all`,
  );
  const control = await runSchedule(false);
  const run = await runSchedule(true);

  const p = (times: number[]) =>
    `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  console.log(
    `  orders taken: ${run.baseline.ordersPerSecond.toFixed(0)}/s with no stream, ${run.reading.ordersPerSecond.toFixed(0)}/s with the reading streams, ` +
      `${run.deaf.ordersPerSecond.toFixed(0)}/s with the deaf ones (no stream at all: ${control.baseline.ordersPerSecond.toFixed(0)}, ` +
      `${control.reading.ordersPerSecond.toFixed(0)}, ${control.deaf.ordersPerSecond.toFixed(0)}/s); streams open at the end: ` +
      `${run.reading.open} reading, ${run.deaf.open} deaf (${run.deaf.opened} deaf asked for; cap ${DEFAULT_HUB_OPTIONS.maxPerMember} a member); ` +
      `orders refused, by code: ${[...run.refused].map(([code, count]) => `${code} x${count}`).join(', ') || 'none'}`,
  );
  console.log(
    `  server memory of its own (RSS without the database file's mapped pages): ${mib(run.before.own)} before, ` +
      `${mib(run.highest.own)} at most, ${mib(run.after.own)} after they left (${ratio(run.after.own, run.before.own)} of before; ` +
      `${ratio(run.after.own, control.after.own)} of the same load's with no stream, ${mib(control.after.own)}; goal: within 120 %); ` +
      `RSS ${mib(run.before.rss)}, ${mib(run.highest.rss)} at most, ${mib(run.after.rss)} after (no stream: ${mib(control.after.rss)}); ` +
      `open sockets at most: ${run.highest.sockets}`,
  );
  // Where the memory is: V8's heap (used and held), and what lives outside it (buffers).
  const parts = (usage: Memory) =>
    `own ${mib(usage.own)} (heap ${mib(usage.heapUsed)} used of ${mib(usage.heapTotal)}, external ${mib(usage.external)}, buffers ${mib(usage.arrayBuffers)})`;
  console.log(
    `  after the reading streams left: ${parts(run.afterReading)}; after the deaf ones: ${parts(run.afterDeaf)}; ` +
      `with no load: ${parts(run.after)}`,
  );
  console.log(
    `  another member's getGameinfo: ${p(run.baseline.polls)} with no stream; ${p(run.reading.polls)} with the reading streams; ` +
      `${p(run.deaf.polls)} with the deaf ones (the same times with no stream at all: ${p(control.reading.polls)}; ${p(control.deaf.polls)}); ` +
      `goal: the deaf p99 no worse than the reading one`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runSlowReadersBench();
