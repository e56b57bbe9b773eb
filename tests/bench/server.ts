/**
 * Server figures for `npm run bench` (not pass/fail): order intake and getGameinfo over real HTTP
 * against the real server as `npm start` runs it (compiled) in its own process on a fresh
 * embedded SQLite, beside a Fastify hello-world baseline measured in the same run; and the
 * settlement time of a round with 100,000 order lines (PostgreSQL's figures: postgres.ts). autocannon runs in a process of
 * its own for each load (load-process.ts), so the server and the load generator never share an
 * event loop and no load inherits the state of the one before.
 *
 * Order intake is measured twice, with SQLITE_SYNCHRONOUS=FULL (the default: each commit waits
 * for its fsync, so an acknowledged order survives a power cut) and NORMAL (no fsync at commit),
 * each on its own copy of the same prepared database, to show what durability costs.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { ApiPath } from '../../src/shared/api/paths';
import { runAudit } from '../../src/server/domain/audit';
import { drawRound } from '../../src/server/domain/game/rounds';
import { settleRound } from '../../src/server/domain/game/settlement';
import type { SqliteSynchronous } from '../../src/server/config';
import type { Db } from '../../src/server/db/schema';
import type { Deps } from '../../src/server/domain/deps';
import { roundById } from '../../src/server/repositories/rounds';
import {
  benchChains,
  createMembers,
  fillRound,
  longRounds,
  openBenchDatabase,
  type BenchMember,
} from './server-fixtures';
import type { BodySpec } from './load-bodies';
import { measureChains } from './chains';
import { describe, load, ms, n, processCpuMs, startBenchServer, startProcess, stopProcess } from './harness';
import { runPageBench } from './pages';

export const ORDER_CONNECTIONS = 50;
export const POLL_CONNECTIONS = 1_000;
export const SECONDS = 10;
export const WARMUP_SECONDS = 2;
export const MEMBERS = 2_000;
export const SETTLE_LINES = 100_000;

/**
 * A process's resident memory from /proc (Linux), in bytes: all of it, and the part that is the
 * process's own (anonymous) rather than files it maps (SQLite maps the database, mmap_size: those
 * pages are the page cache, shared and given back under pressure). Null where there is no /proc.
 */
function residentMemory(pid: number | undefined): { rss: number; anon: number; file: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const memory = { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
    return Number.isNaN(memory.rss) ? null : memory;
  } catch {
    return null;
  }
}

/** The orders of the measured run (idempotency keys `run-…`) found in the database. */
export async function landedOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('idem_key', 'like', 'run-%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders of each member in turn at the intake bench's connections: valid ones (with an idempotency
 * key, as the app sends) or ones refused before any database work (load-bodies.ts).
 */
export function orderLoad(
  url: string,
  seconds: number,
  body: Extract<BodySpec, { kind: 'order' | 'refused' }>,
  tokens: string,
  { connections = ORDER_CONNECTIONS } = {},
): Promise<Result> {
  return load({ url, connections, seconds, path: ApiPath.order, body, tokensFile: tokens });
}

/** getGameinfo of room 1 by each member in turn, at the poll bench's connections. */
export function pollLoad(url: string, seconds: number, tokens: string): Promise<Result> {
  return load({
    url,
    connections: POLL_CONNECTIONS,
    seconds,
    path: ApiPath.gameInfo,
    body: { kind: 'poll' },
    tokensFile: tokens,
  });
}

/** The members' session tokens in a file, for the loads that take them in turn. */
export function tokensFile(dir: string, members: BenchMember[], name = 'tokens.json'): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(members.map((member) => member.token)));
  return file;
}

/** Hello world at the order bench's and at the poll bench's number of connections. */
export async function helloBaseline(): Promise<{ few: Result; many: Result }> {
  const { child, match } = await startProcess(
    ['--import', 'tsx', 'tests/bench/hello-server.ts'],
    {},
    /listening (\d+)/,
  );
  try {
    const url = `http://127.0.0.1:${match[1]}`;
    const body = {
      kind: 'fixed',
      text: JSON.stringify({ token: 'x'.repeat(64), lang: 'en', gameid: 15, roomid: 1, order_info: [[0, 1.95, 20]] }),
    } as const;
    await load({ url, connections: ORDER_CONNECTIONS, seconds: WARMUP_SECONDS, path: '/hello', body });
    const few = await load({ url, connections: ORDER_CONNECTIONS, seconds: SECONDS, path: '/hello', body });
    const many = await load({ url, connections: POLL_CONNECTIONS, seconds: SECONDS, path: '/hello', body });
    return { few, many };
  } finally {
    await stopProcess(child);
  }
}

export interface Intake {
  synchronous: SqliteSynchronous;
  orders: Result;
  /** Orders of the measured run found in the database afterwards. */
  landed: number;
  /** Refused orders (no database work), measured beside the polls. */
  refused: Result | null;
  polls: Result | null;
  /** The server's CPU time over the measured orders (null where the machine does not tell it). */
  cpuMs: number | null;
  /** The server's resident memory after its loads, when the machine tells it. */
  memoryAfter: ReturnType<typeof residentMemory>;
}

/**
 * The real server on `dir` with the given SQLITE_SYNCHRONOUS: order intake (after a warm-up), then
 * getGameinfo polling when asked; stopped, then the orders of the run counted in its database.
 */
export async function realServer(
  dir: string,
  members: BenchMember[],
  synchronous: SqliteSynchronous,
  withPolls: boolean,
): Promise<Intake> {
  const { child, url } = await startBenchServer({ DATA_DIR: dir, DIST_DIR: dir, SQLITE_SYNCHRONOUS: synchronous });
  try {
    // Each request a valid order of a different member (with an idempotency key, as the app sends).
    const tokens = tokensFile(dir, members);
    await orderLoad(url, WARMUP_SECONDS, { kind: 'order', tag: 'warm' }, tokens);
    const cpuBefore = processCpuMs(child.pid);
    const ordered = await orderLoad(url, SECONDS, { kind: 'order', tag: 'run' }, tokens);
    const cpuAfter = processCpuMs(child.pid);
    let polls: Result | null = null;
    let refused: Result | null = null;
    if (withPolls) {
      await orderLoad(url, WARMUP_SECONDS, { kind: 'refused' }, tokens);
      refused = await orderLoad(url, SECONDS, { kind: 'refused' }, tokens);
      await pollLoad(url, WARMUP_SECONDS, tokens);
      polls = await pollLoad(url, SECONDS, tokens);
    }
    const memoryAfter = residentMemory(child.pid);
    await stopProcess(child);
    const deps = await openBenchDatabase(dir);
    const landed = await landedOrders(deps.db);
    await deps.db.destroy();
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    return { synchronous, orders: ordered, landed, refused, polls, memoryAfter, cpuMs };
  } finally {
    await stopProcess(child);
  }
}

/** The server's CPU per answered order, as printed. */
export function cpuPerOrder(cpuMs: number | null, orders: Result): string {
  return cpuMs === null
    ? 'server CPU not measured'
    : `server CPU ${(cpuMs / orders.requests.total).toFixed(2)} ms per order`;
}

/** SQLite's settlement of 100,000 lines, on a fresh database in `dir`. */
async function settlement(dir: string): Promise<string[]> {
  let now = Date.now();
  const deps = await openBenchDatabase(dir, () => now);
  try {
    return await settlementFigures(deps, (at) => (now = at));
  } finally {
    await deps.db.destroy();
  }
}

/**
 * A round of 100,000 lines of MEMBERS members drawn and settled on `deps` (its clock moved to the
 * draw by `moveClock`), then the audit of the whole database: their times.
 */
export async function settlementFigures(deps: Deps, moveClock: (at: number) => void): Promise<string[]> {
  const members = await createMembers(deps, MEMBERS, 10_000_000_00);
  const roundId = await fillRound(deps, members, SETTLE_LINES / 5, 5);
  const round = await roundById(deps.db, roundId);
  if (!round) throw new Error('round missing');
  moveClock(round.draw_at);
  await drawRound(deps, benchChains(deps.db), round);
  const drawn = (await roundById(deps.db, roundId))!;
  const started = performance.now();
  const report = await settleRound(deps, drawn);
  const elapsed = performance.now() - started;
  const auditStarted = performance.now();
  const audit = await runAudit(deps);
  const auditMs = performance.now() - auditStarted;
  return [
    `Settlement of a round with ${n(report.lines)} order lines of ${n(MEMBERS)} members: ${ms(elapsed)} ` +
      `(${report.batches} batches, ${n(report.credits)} credits) — goal < 250 ms on SQLite, < 1 s on PostgreSQL`,
    `Audit of that database afterwards: ${audit.ok ? 'every check holds' : 'BREACHES FOUND'} (${ms(auditMs)}) — goal < 250 ms`,
  ];
}

export async function runServerBench(): Promise<void> {
  const prepared = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const dirs = {
    FULL: mkdtempSync(join(tmpdir(), 'bench-full-')),
    NORMAL: mkdtempSync(join(tmpdir(), 'bench-normal-')),
  };
  const settleDir = mkdtempSync(join(tmpdir(), 'bench-settle-'));
  const pagesDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  try {
    console.log('\n== Server (figures, not pass/fail; loopback, server in its own process) ==');
    const deps = await openBenchDatabase(prepared);
    await longRounds(deps.db, 3_600);
    const members = await createMembers(deps, MEMBERS, 1_000_000_00);
    await deps.db.destroy();
    for (const dir of [...Object.values(dirs), pagesDir]) cpSync(prepared, dir, { recursive: true });
    console.log(
      `${n(MEMBERS)} members with a session and a deposit; each request comes from the next member in turn ` +
        '(the server reuses a session checked within 1 s on these paths); rounds of 1 h so all orders land in one open round.',
    );

    const hello = await helloBaseline();
    console.log(
      `Fastify hello world, POST JSON, ${ORDER_CONNECTIONS} connections, ${SECONDS} s: ${describe(hello.few)}`,
    );
    console.log(
      `Fastify hello world, POST JSON, ${n(POLL_CONNECTIONS)} connections, ${SECONDS} s: ${describe(hello.many)}`,
    );
    const full = await realServer(dirs.FULL, members, 'FULL', true);
    const normal = await realServer(dirs.NORMAL, members, 'NORMAL', false);
    console.log(
      `Order intake /api/Game/order, SQLite, ${ORDER_CONNECTIONS} connections, ${SECONDS} s, each on a copy of the same database ` +
        '— goal: at least 0.5 of hello world, p99 < 10 ms, every order durable (FULL):',
    );
    for (const intake of [full, normal]) {
      const label = `synchronous=${intake.synchronous}${intake.synchronous === 'FULL' ? ' (default)' : ''}`;
      console.log(`  ${label.padEnd(29)} ${describe(intake.orders)}`);
      console.log(
        `  ${''.padEnd(29)} orders landed: ${n(intake.landed)} of ${n(intake.orders.requests.total)} answers ` +
          `(${n(intake.landed / SECONDS)} orders/s); ratio to hello world ` +
          `${(intake.orders.requests.average / hello.few.requests.average).toFixed(2)}; ${cpuPerOrder(intake.cpuMs, intake.orders)}`,
      );
    }
    const cost = 1 - full.landed / normal.landed;
    console.log(
      `  FULL takes ${(100 * Math.abs(cost)).toFixed(0)} % ${cost >= 0 ? 'fewer' : 'more'} orders/s than NORMAL; ` +
        `p99 ${ms(full.orders.latency.p99)} against ${ms(normal.orders.latency.p99)} ` +
        '(README, SQLITE_SYNCHRONOUS: FULL unless it costs more than 20 %)',
    );
    const refused = full.refused!;
    console.log(
      `  Refused orders (a room that does not exist: body, session and checks, no database work), ${ORDER_CONNECTIONS} connections: ` +
        `${describe(refused)}; ratio to hello world ${(refused.requests.average / hello.few.requests.average).toFixed(2)} ` +
        '(the most a faster transaction could bring intake to)',
    );
    const polls = full.polls!;
    console.log(`getGameinfo, ${n(POLL_CONNECTIONS)} polling connections, ${SECONDS} s: ${describe(polls)}`);
    console.log(
      `  ratio to hello world at ${n(POLL_CONNECTIONS)} connections ${(polls.requests.average / hello.many.requests.average).toFixed(2)} ` +
        '— goal >= 0.80, with 0 errors and 0 timeouts',
    );
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    const memory = (m: Intake['memoryAfter']) =>
      m === null ? 'not measured' : `${mib(m.rss)} (${mib(m.anon)} its own, ${mib(m.file)} mapped files)`;
    console.log(
      `Server memory (RSS) after order intake and polling: ${memory(full.memoryAfter)} with FULL and polls, ` +
        `${memory(normal.memoryAfter)} with NORMAL — goal < 300 MB`,
    );
    await runPageBench(pagesDir, tokensFile(pagesDir, members), hello.few);
    for (const line of await settlement(settleDir)) console.log(line);
    for (const line of measureChains()) console.log(line);
  } finally {
    for (const dir of [prepared, ...Object.values(dirs), settleDir, pagesDir])
      rmSync(dir, { recursive: true, force: true });
  }
}
