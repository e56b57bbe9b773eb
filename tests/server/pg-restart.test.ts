/**
 * The server survives a PostgreSQL restart (server-pg project only): on a cluster of its own, under
 * light load (a public read, a private read and an order a few times a second), the cluster is
 * stopped with `pg_ctl stop -m fast` (every session terminated, 57P01) and started again on the same
 * port. While it is away every call answers the envelope with 1004 "network error, refresh" at HTTP
 * 503 within seconds (never 2002, a 500 or a hang), the process stays up, and once it is back calls
 * succeed again and the round drawer ticks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../src/shared/api/envelope';
import { ApiPath } from '../../src/shared/api/paths';
import { openPostgres } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Db } from '../../src/server/db/schema';
import type { Deps } from '../../src/server/domain/deps';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/domain/dbErrors';
import { creditDeposit } from '../../src/server/domain/operator';
import { createLogger } from '../../src/server/logger';
import { seedDemo, seedIfEmpty } from '../../src/server/seed';
import { startCluster, type PgCluster } from './pg/cluster';
import { GAME_OF_ROOM, ROOM, line } from './support/game';
import { openStream } from './support/live';
import type { TestDatabase } from './support/database';
import { listenTestApp, newFakeClock, RecordingSmsSender, TEST_INVITATION, type FakeClock } from './support/server';

/**
 * How long the test waits for calls to succeed again once the cluster accepts connections: a guard
 * against a server that never recovers, not a bound on how soon it does (printed, not asserted).
 */
const RECOVERY_WAIT_MS = 60_000;

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

interface Answer {
  path: string;
  started: Phase;
  ended: Phase;
  ms: number;
  status: number;
  code: number | null;
  info: string;
  data: unknown;
  /** The parsed body (the health probes answer plain JSON, not the envelope). */
  body?: unknown;
  /** The fetch itself failed (connection reset, timeout, a body that is not JSON). */
  failure?: string;
}

let phase: Phase = 'up';
const faults: unknown[] = [];
const onFault = (error: unknown) => faults.push(error);
const connectionErrors: Error[] = [];
const logChunks: string[] = [];

let cluster: PgCluster;
let db: Db;
let dir: string;
let app: FastifyInstance;
let url: string;
let clock: FakeClock;
let token: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(path: string, body: Record<string, unknown> = {}, method = 'POST'): Promise<Answer> {
  const started = phase;
  const t0 = performance.now();
  const answer = (fields: Partial<Answer>): Answer => ({
    path,
    started,
    ended: phase,
    ms: performance.now() - t0,
    status: 0,
    code: null,
    info: '',
    data: null,
    ...fields,
  });
  try {
    const response = await fetch(url + path, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify({ lang: 'en', ...body }) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    try {
      const parsed = JSON.parse(text) as ApiResponse<unknown>;
      return answer({ status: response.status, code: parsed.code, info: parsed.info, data: parsed.data, body: parsed });
    } catch {
      return answer({ status: response.status, failure: `not JSON: ${text.slice(0, 200)}` });
    }
  } catch (error) {
    return answer({ failure: error instanceof Error ? error.message : String(error) });
  }
}

const getConfig = () => call(ApiPath.getConfig);
const userInfo = () => call(ApiPath.userInfo, { token });
const order = () =>
  call(ApiPath.order, {
    token,
    gameid: GAME_OF_ROOM[ROOM.usdtStandard],
    roomid: ROOM.usdtStandard,
    order_info: [line(0, 20)],
  });

/** Public and private calls and an order, about ten a second in all, until stopped. */
function startLoad(): { stop(): Promise<Answer[]> } {
  const answers: Answer[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const batch = [getConfig(), userInfo()];
      if (i % 2 === 0) batch.push(order());
      answers.push(...(await Promise.all(batch)));
      await sleep(200);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return answers;
    },
  };
}

/** The game's current round takes orders at the fake clock's time (the clock never moves after). */
async function openRoundForOrders(deps: Deps): Promise<void> {
  for (;;) {
    const round = await deps.db
      .selectFrom('rounds')
      .selectAll()
      .where('game_id', '=', GAME_OF_ROOM[ROOM.usdtStandard])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (round.status === 'open' && round.close_at - clock.now >= 60_000) return;
    clock.now = Math.max(clock.now, round.draw_at) + 1;
    await app.game.scheduler.tick();
  }
}

function logLines(): Record<string, unknown>[] {
  return logChunks
    .join('')
    .split('\n')
    .filter((text) => text.trim() !== '')
    .map((text) => JSON.parse(text) as Record<string, unknown>);
}

beforeAll(async () => {
  process.on('uncaughtException', onFault);
  process.on('unhandledRejection', onFault);
  cluster = await startCluster({ prefix: 'pg-restart-' });
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE roundplay');
  await admin.end();

  const logger = createLogger(
    'warn',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logChunks.push(chunk.toString());
        done();
      },
    }),
  );
  ({ db } = openPostgres(cluster.urlOf('roundplay'), 5, {
    onConnectionError: (error) => {
      connectionErrors.push(error);
      logger.warn({ database: describeDatabaseError(error) }, 'database connection lost');
    },
  }));
  await migrateToLatest(db, 'postgres');
  dir = mkdtempSync(join(tmpdir(), 'pg-restart-'));
  // Outside the data folder, as config.ts requires.
  const secretFile = join(dir, 'secret', 'draw-secret');
  const database: TestDatabase = {
    db,
    dialect: 'postgres',
    dir,
    secretFile,
    env: {
      DATABASE_URL: cluster.urlOf('roundplay'),
      DATA_DIR: join(dir, 'data'),
      DRAW_SECRET_FILE: secretFile,
      LEDGER_KEY_FILE: join(dir, 'secret', 'ledger-key'),
      VAPID_KEY_FILE: join(dir, 'secret', 'vapid-key'),
    },
    close: () => db.destroy(),
  };
  clock = newFakeClock();
  const deps: Deps = { db, dialect: 'postgres', clock: () => clock.now };
  await seedIfEmpty(deps, { invitationCode: TEST_INVITATION });
  await seedDemo(deps);
  await creditDeposit(deps, { username: 'demo01', cents: 10_000_000, ref: 'pg-restart' });
  ({ app, url } = await listenTestApp(database, clock, new RecordingSmsSender(), { logger }));
  await openRoundForOrders(deps);
  const login = await call(ApiPath.login, { username: 'demo01', password: 'demo1234' });
  expect(login.code, JSON.stringify(login)).toBe(1);
  token = (login.data as { token: string }).token;
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await cluster?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  process.off('uncaughtException', onFault);
  process.off('unhandledRejection', onFault);
});

describe('a PostgreSQL restart under load', () => {
  it('answers 1004 at HTTP 503 while the database is away, stays up, and serves again once it is back', async () => {
    const load = startLoad();
    await sleep(1_000);
    // A transaction holds its connection across the stop: pg-pool listens for errors only on idle
    // connections, so without a listener of our own this one's error would end the process.
    let downNow: () => void = () => undefined;
    const isDown = new Promise<void>((resolve) => (downNow = resolve));
    const held = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await isDown;
      await sql`select 1`.execute(trx);
    });
    const heldOutcome = held.then(
      () => null,
      (error: unknown) => error,
    );

    phase = 'stopping';
    await cluster.stop('fast');
    phase = 'down';
    downNow();
    const heldError = await heldOutcome;
    expect(isDatabaseUnavailable(heldError), String(heldError)).toBe(true);
    await sleep(2_000);

    // Every kind of call, one by one, while the cluster is stopped.
    const down = await Promise.all([getConfig(), userInfo(), order(), call(ApiPath.getConfig, { lang: 'vi' })]);
    // Each is answered (the pool gives up on a connection after its timeout, rather than waiting on).
    for (const answer of down) {
      expect(answer, JSON.stringify(answer)).toMatchObject({ status: 503, code: 1004, data: null });
    }
    expect(down[0].info).toBe('Network error, please refresh');
    // A limited path counts its request in the database first: that too is 1004, not a fault.
    const limited = await call(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    expect(limited, JSON.stringify(limited)).toMatchObject({ status: 503, code: 1004, data: { errCode: 1004 } });
    expect(down[3].info).not.toBe(down[0].info);
    expect(down[3].info).not.toBe('');
    // The process answers its liveness probe, and readiness names the database.
    expect((await call('/healthz', {}, 'GET')).status).toBe(200);
    const ready = await call('/readyz', {}, 'GET');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ checks: { database: 'failing' } });
    // The round drawer's pass fails as a passing condition, and does not stop it.
    const failedTick = await app.game.scheduler.tick().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failedTick), String(failedTick)).toBe(true);

    phase = 'starting';
    await cluster.start();
    const started = performance.now();
    phase = 'back';
    let recoveredMs: number | null = null;
    let attempts = 0;
    while (performance.now() - started < RECOVERY_WAIT_MS) {
      attempts += 1;
      const answers = await Promise.all([getConfig(), userInfo(), order()]);
      if (answers.every((answer) => answer.code === 1)) {
        recoveredMs = performance.now() - started;
        break;
      }
      await sleep(100);
    }
    await sleep(1_000);
    const answers = await load.stop();
    console.log(
      `[pg-restart] ${answers.length} calls under load; recovered ${recoveredMs?.toFixed(0)} ms after the cluster ` +
        `accepted connections (${attempts} tries); answers by phase: ${JSON.stringify(summary(answers))}`,
    );

    expect(recoveredMs, 'calls succeed again').not.toBeNull();

    // No failed fetch, no 500, no 2002 in any phase, and no hang: every call of the load was answered.
    expect(answers.filter((answer) => answer.failure !== undefined)).toEqual([]);
    expect(answers.filter((answer) => answer.code !== 1 && answer.code !== 1004)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    // Before the stop everything succeeded; while down everything was refused with 1004 at 503.
    const before = answers.filter((answer) => answer.ended === 'up');
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((answer) => answer.code === 1)).toBe(true);
    const whileDown = answers.filter((answer) => answer.started === 'down' && answer.ended === 'down');
    expect(whileDown.length).toBeGreaterThan(5);
    expect(whileDown.every((answer) => answer.status === 503 && answer.code === 1004)).toBe(true);
    const after = answers.filter((answer) => answer.started === 'back');
    expect(after.some((answer) => answer.code === 1 && answer.path === ApiPath.order)).toBe(true);

    // The round drawer survived, and the database check of readiness is back (the drawer check
    // fails in tests, which tick by hand).
    const report = await app.game.scheduler.tick();
    expect(report).toBeDefined();
    expect((await call('/readyz', {}, 'GET')).body).toMatchObject({ checks: { database: 'ok', migrations: 'ok' } });

    // Nothing escaped: no uncaught exception or unhandled rejection, the dropped connections were
    // told through the callback, refusals were logged at warn without a stack, no "unexpected fault".
    expect(faults).toEqual([]);
    expect(connectionErrors.length).toBeGreaterThan(0);
    const lines = logLines();
    expect(lines.filter((entry) => (entry.level as number) >= 50)).toEqual([]);
    const refusals = lines.filter((entry) => entry.msg === 'database unavailable');
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((entry) => entry.level === 40 && !JSON.stringify(entry).includes('stack'))).toBe(true);
  }, 180_000);
});

describe("the live streams' LISTEN connection", () => {
  it('is reported down by /readyz while PostgreSQL is away, comes back by itself, and events flow again', async () => {
    const ticket = (await call(ApiPath.liveTicket, { token })).data as { ticket: string };
    const opened = await openStream(url, `/api/live/room/${ROOM.usdtStandard}?ticket=${ticket.ticket}`);
    const stream = opened.stream!;
    await stream.next((e) => e.data.type === 'snapshot');
    const fanOut = async () =>
      ((await call('/readyz', {}, 'GET')).body as { checks: { liveFanOut: string } }).checks.liveFanOut;

    await cluster.stop('fast');
    await expect.poll(fanOut, { timeout: 60_000, interval: 100 }).toBe('failing');
    await cluster.start();
    // The listener tries again with a growing pause of at most 5 s.
    await expect.poll(fanOut, { timeout: 60_000, interval: 200 }).toBe('ok');

    // The stream itself stayed open through the restart, and hears an order taken after it.
    const placed = await order();
    expect(placed.code, JSON.stringify(placed)).toBe(1);
    // Its own order's news, whatever came before it: an order of the test before, told late
    // because the database went away under it, may be caught up first.
    const ids = (placed.data as { order_ids: number[] }).order_ids;
    const linesOf = (e: { data: Record<string, unknown> }) => (e.data.lines as { id: number }[]).map((l) => l.id);
    const told = await stream.next((e) => e.data.type === 'orders' && linesOf(e).some((id) => ids.includes(id)));
    expect(linesOf(told)).toEqual(ids);
    await stream.close();
    expect(faults).toEqual([]);
    expect(logLines().filter((entry) => (entry.level as number) >= 50)).toEqual([]);
    expect(logLines().some((entry) => entry.msg === 'live events: LISTEN connection lost, reconnecting')).toBe(true);
  });
});

function summary(answers: Answer[]): Record<string, Record<string, number>> {
  const byPhase: Record<string, Record<string, number>> = {};
  for (const answer of answers) {
    const key = `${answer.started}->${answer.ended}`;
    const outcome = answer.failure ? 'failure' : `${answer.status}/${answer.code}`;
    byPhase[key] ??= {};
    byPhase[key][outcome] = (byPhase[key][outcome] ?? 0) + 1;
  }
  return byPhase;
}
