/**
 * PostgreSQL's figures for `npm run bench` (not pass/fail), each beside SQLite's measured in the
 * same run on the same machine: order intake at 50 connections and getGameinfo at 1,000, on a
 * throwaway cluster as an operator runs it (fsync and synchronous_commit on) and, beside it, with
 * both off; the server's CPU per order; two instances on one database; settlement of 100,000 lines
 * and the audit afterwards. The pool size is each instance's DATABASE_POOL_SIZE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { DEFAULT_POOL_SIZE } from '../../src/server/config';
import { startCluster, type PgCluster } from '../server/pg/cluster';
import { describe, n, processCpuMs, startBenchServer, stopProcess } from './harness';
import { createMembers, longRounds, openBenchDatabase, openBenchPostgres, type BenchMember } from './server-fixtures';
import {
  cpuPerOrder,
  helloBaseline,
  landedOrders,
  MEMBERS,
  ORDER_CONNECTIONS,
  orderLoad,
  pollLoad,
  realServer,
  SECONDS,
  settlementFigures,
  tokensFile,
  WARMUP_SECONDS,
} from './server';

interface PostgresIntake {
  orders: Result;
  landed: number;
  cpuMs: number | null;
  polls: Result;
}

/** A cluster with the bench's members and long rounds; its URL. */
async function preparedCluster(durable: boolean): Promise<{ cluster: PgCluster; members: BenchMember[] }> {
  const cluster = await startCluster({ prefix: 'bench-pg-', durable });
  const deps = await openBenchPostgres(cluster.adminUrl);
  await longRounds(deps.db, 3_600);
  const members = await createMembers(deps, MEMBERS, 1_000_000_00);
  await deps.db.destroy();
  return { cluster, members };
}

async function landedOn(cluster: PgCluster): Promise<number> {
  const deps = await openBenchPostgres(cluster.adminUrl);
  try {
    return await landedOrders(deps.db);
  } finally {
    await deps.db.destroy();
  }
}

/** One instance: order intake (after a warm-up), then getGameinfo polling. */
async function oneInstance(dir: string, durable: boolean): Promise<PostgresIntake> {
  const { cluster, members } = await preparedCluster(durable);
  try {
    const { child, url } = await startBenchServer({ DATA_DIR: dir, DATABASE_URL: cluster.adminUrl, DIST_DIR: dir });
    try {
      const tokens = tokensFile(dir, members);
      await orderLoad(url, WARMUP_SECONDS, { kind: 'order', tag: 'warm' }, tokens);
      const cpuBefore = processCpuMs(child.pid);
      const orders = await orderLoad(url, SECONDS, { kind: 'order', tag: 'run' }, tokens);
      const cpuAfter = processCpuMs(child.pid);
      await pollLoad(url, WARMUP_SECONDS, tokens);
      const polls = await pollLoad(url, SECONDS, tokens);
      await stopProcess(child);
      const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      return { orders, landed: await landedOn(cluster), cpuMs, polls };
    } finally {
      await stopProcess(child);
    }
  } finally {
    await cluster.destroy();
  }
}

/**
 * Two instances on one durable database, each taking half the connections at once (members split
 * between them, as a balancer would): orders answered by both, and landed.
 */
async function twoInstances(dir: string): Promise<{ perSecond: number; answers: number; landed: number }> {
  const { cluster, members } = await preparedCluster(true);
  try {
    const halves = [members.filter((_, index) => index % 2 === 0), members.filter((_, index) => index % 2 === 1)];
    // Instances of one deployment share the draw secret (README, Scaling).
    const secret = randomBytes(32).toString('hex');
    const servers = await Promise.all(
      halves.map((_, index) =>
        startBenchServer({
          DATA_DIR: join(dir, `instance-${index}`),
          DATABASE_URL: cluster.adminUrl,
          DIST_DIR: dir,
          DRAW_SECRET: secret,
          LEDGER_KEY: secret,
        }),
      ),
    );
    try {
      const tokens = servers.map((server, index) => tokensFile(dir, halves[index], `tokens-${index}.json`));
      const half = { connections: ORDER_CONNECTIONS / 2 };
      await Promise.all(
        servers.map((server, index) =>
          orderLoad(server.url, WARMUP_SECONDS, { kind: 'order', tag: `warm-${index}` }, tokens[index], half),
        ),
      );
      const results = await Promise.all(
        servers.map((server, index) =>
          orderLoad(server.url, SECONDS, { kind: 'order', tag: `run-${index}` }, tokens[index], half),
        ),
      );
      for (const server of servers) await stopProcess(server.child);
      return {
        perSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
        answers: results.reduce((sum, result) => sum + result.requests.total, 0),
        landed: await landedOn(cluster),
      };
    } finally {
      for (const server of servers) await stopProcess(server.child);
    }
  } finally {
    await cluster.destroy();
  }
}

/** Settlement of 100,000 lines on a durable cluster, then the audit. */
async function settlementOnPostgres(): Promise<string[]> {
  const cluster = await startCluster({ prefix: 'bench-pg-settle-', durable: true });
  try {
    const deps = await openBenchPostgres(cluster.adminUrl);
    let now = Date.now();
    try {
      return await settlementFigures({ ...deps, clock: () => now }, (at) => (now = at));
    } finally {
      await deps.db.destroy();
    }
  } finally {
    await cluster.destroy();
  }
}

export async function runPostgresBench(): Promise<void> {
  const dirs = ['sqlite', 'durable', 'fast', 'two'].map((name) => mkdtempSync(join(tmpdir(), `bench-pg-${name}-`)));
  const [sqliteDir, durableDir, fastDir, twoDir] = dirs;
  try {
    console.log(
      `\n== PostgreSQL beside SQLite (figures, not pass/fail; one throwaway cluster per load, pool ${DEFAULT_POOL_SIZE} connections an instance) ==`,
    );
    const hello = await helloBaseline();
    console.log(`Fastify hello world, POST JSON, ${ORDER_CONNECTIONS} connections: ${describe(hello.few)}`);
    const prepared = await openBenchDatabase(sqliteDir);
    await longRounds(prepared.db, 3_600);
    const members = await createMembers(prepared, MEMBERS, 1_000_000_00);
    await prepared.db.destroy();
    const sqlite = await realServer(sqliteDir, members, 'FULL', true);
    const durable = await oneInstance(durableDir, true);
    const fast = await oneInstance(fastDir, false);
    const sqliteRate = sqlite.landed / SECONDS;
    console.log(`Order intake /api/Game/order, ${ORDER_CONNECTIONS} connections, ${SECONDS} s:`);
    console.log(
      `  SQLite (FULL)                      ${describe(sqlite.orders)}; ${n(sqliteRate)} orders/s landed; ${cpuPerOrder(sqlite.cpuMs, sqlite.orders)}`,
    );
    for (const [label, run] of [
      ['PostgreSQL (fsync, sync commit on)', durable],
      ['PostgreSQL (fsync, sync commit off)', fast],
    ] as const) {
      const rate = run.landed / SECONDS;
      console.log(
        `  ${label.padEnd(34)} ${describe(run.orders)}; ${n(rate)} orders/s landed (${n(run.landed)} of ${n(run.orders.requests.total)} answers); ` +
          `${(rate / sqliteRate).toFixed(2)} of SQLite's; ${cpuPerOrder(run.cpuMs, run.orders)}`,
      );
    }
    console.log('  goal: durable PostgreSQL >= 0.5 of SQLite, p99 < 30 ms');
    const sqlitePolls = sqlite.polls!;
    console.log(`getGameinfo, 1,000 polling connections, ${SECONDS} s:`);
    console.log(`  SQLite                             ${describe(sqlitePolls)}`);
    for (const [label, run] of [
      ['PostgreSQL (durable)', durable],
      ['PostgreSQL (fsync off)', fast],
    ] as const) {
      console.log(
        `  ${label.padEnd(34)} ${describe(run.polls)}; ${(run.polls.requests.average / sqlitePolls.requests.average).toFixed(2)} of SQLite's`,
      );
    }
    console.log('  goal: >= 0.8 of SQLite, 0 timeouts');
    const two = await twoInstances(twoDir);
    console.log(
      `Two instances on one durable PostgreSQL, ${ORDER_CONNECTIONS / 2} connections each: ${n(two.perSecond)} req/s together; ` +
        `${n(two.landed)} orders landed of ${n(two.answers)} answers (${n(two.landed / SECONDS)} orders/s), ` +
        `${(two.landed / durable.landed).toFixed(2)} of one instance's — goal >= 1`,
    );
    for (const line of await settlementOnPostgres()) console.log(`On PostgreSQL (durable): ${line}`);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
