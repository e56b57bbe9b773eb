/**
 * Test harness: the real app (buildApp) on a fresh database. By default it is called in process
 * through Fastify's `inject` (the same routing, hooks, parsers and serialisation, without a
 * socket); `startServer(options, { http: true })` listens on 127.0.0.1:0 and is called over real
 * HTTP with fetch, for what only a socket shows: rate limits and the client address, headers as a
 * browser receives them, static files, raw bodies, and processes. Each test file starts its own
 * server(s). Caches age by a test clock (`expireCaches`), so no test sleeps for a TTL.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiResponse } from '../../../src/shared/api/envelope';
import { buildApp, type AppOptions } from '../../../src/server/app';
import type { Deps } from '../../../src/server/domain/deps';
import { openDrawSecrets, type DrawSecrets } from '../../../src/server/domain/game/drawSecrets';
import { loadTranslator, type Translator } from '../../../src/server/i18n';
import { seedDemo, seedIfEmpty } from '../../../src/server/seed';
import type { SmsMessage, SmsSender } from '../../../src/server/sms';
import type { TickReport } from '../../../src/server/domain/game/scheduler';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_INVITATION = 'TESTINV1';

/** Keeps every code "sent", so a test can type the code a member would have received. */
export class RecordingSmsSender implements SmsSender {
  readonly available = true;
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
  }
  lastCodeFor(quhao: string, mobile: string): string {
    const found = [...this.sent].reverse().find((m) => m.quhao === quhao && m.mobile === mobile);
    if (!found) throw new Error(`no code sent to ${quhao}${mobile}`);
    return found.code;
  }
}

export interface FakeClock {
  now: number;
  advance(ms: number): void;
}

export interface ApiResult<T = unknown> {
  status: number;
  body: ApiResponse<T>;
  headers: Headers;
}

export interface TestServer {
  /** The listening address; only with `{ http: true }`. */
  url: string;
  app: FastifyInstance;
  database: TestDatabase;
  deps: Deps;
  sms: RecordingSmsSender;
  clock: FakeClock;
  /** POST a JSON body (objects are serialized; strings are sent as they are). */
  call<T = unknown>(path: string, body?: unknown, init?: { contentType?: string; ip?: string }): Promise<ApiResult<T>>;
  /** One scheduler pass at the fake clock's time (tests start the server without timers). */
  tick(): Promise<TickReport>;
  /** Advance the fake clock, then tick. */
  advance(ms: number): Promise<TickReport>;
  /** Age every in-process cache (sessions, rooms, boards, public content) past its TTL. */
  expireCaches(): void;
  /**
   * Close the app (not the database) and build a new one on the same database: a server restart,
   * optionally with other options from then on.
   */
  restart(options?: TestAppOptions): Promise<void>;
  close(): Promise<void>;
}

export type TestAppOptions = Partial<
  Omit<AppOptions, 'db' | 'dialect' | 'smsSender' | 'clock' | 'cacheClock' | 'drawSecrets'>
> & {
  /** Other draw secrets than the database's file (by default read from it, made at the first start). */
  drawSecrets?: DrawSecrets;
};

export interface TransportOptions {
  /** Listen on a port and call over real HTTP (default: in process through inject). */
  http?: boolean;
  /** A database made beforehand (e.g. at an older migration, then upgraded) instead of a fresh one. */
  database?: TestDatabase;
}

/**
 * Round engine settings for tests: no timers (tests drive the clock and call tick), short hash
 * chains, and short cache TTLs (caches age by the test cache clock: `expireCaches`).
 */
export const TEST_GAME_OPTIONS: NonNullable<AppOptions['game']> = {
  cacheTtlMs: 50,
  chain: { length: 1000, checkpointEvery: 50 },
  scheduler: { timers: false },
};

let sharedTranslator: Promise<Translator> | undefined;

async function translatorFor(options: TestAppOptions): Promise<Translator | undefined> {
  if (options.localesDir) return undefined;
  sharedTranslator ??= loadTranslator();
  return sharedTranslator;
}

/** The real app on a given database and clocks, ready for inject. */
export async function buildTestApp(
  database: TestDatabase,
  clock: FakeClock,
  sms: SmsSender,
  options: TestAppOptions = {},
  cacheClock: FakeClock = newFakeClock(0),
): Promise<FastifyInstance> {
  const app = await buildApp({
    db: database.db,
    dialect: database.dialect,
    smsSender: sms,
    drawSecrets:
      options.drawSecrets ?? (await openDrawSecrets({ kind: 'file', path: database.secretFile }, database.db)).secrets,
    clock: () => clock.now,
    cacheClock: () => cacheClock.now,
    rateLimits: {
      login: 10_000,
      register: 10_000,
      smsSend: 10_000,
      withdraw: 10_000,
      liveTicket: 10_000,
      ledgerProof: 10_000,
    },
    // Tests act as different clients through X-Forwarded-For, as a reverse proxy on loopback would send it.
    trustProxy: ['127.0.0.1'],
    sessionCacheTtlMs: 50,
    // Content changed by the admin command shows on the next read (the cache itself: ttl-cache.test.ts).
    content: { cacheTtlMs: 0, winnersTtlMs: 0 },
    translator: await translatorFor(options),
    ...options,
    // The bus's own timers are off (tests call intake() and prune()); on PostgreSQL it LISTENs on this database.
    live: { timers: false, ...options.live, databaseUrl: database.env.DATABASE_URL || undefined },
    game: {
      ...TEST_GAME_OPTIONS,
      ...options.game,
      scheduler: { ...TEST_GAME_OPTIONS.scheduler, ...options.game?.scheduler },
    },
  });
  await app.ready();
  return app;
}

/** The real app on a given database and clock, listening on 127.0.0.1:0. */
export async function listenTestApp(
  database: TestDatabase,
  clock: FakeClock,
  sms: SmsSender,
  options: TestAppOptions = {},
  cacheClock?: FakeClock,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildTestApp(database, clock, sms, options, cacheClock);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** Longer than any cache's TTL in tests and in production defaults. */
const PAST_EVERY_TTL_MS = 24 * 60 * 60 * 1000;

function requestHeaders(init: { contentType?: string; ip?: string }): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/json' };
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  return headers;
}

function encodeBody(body: unknown): string | undefined {
  return body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
}

function parseAnswer<T>(path: string, status: number, text: string): ApiResponse<T> {
  try {
    return JSON.parse(text) as ApiResponse<T>;
  } catch {
    throw new Error(`${path} answered HTTP ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** POST through Fastify's inject: the app's whole request path without a socket. */
export async function injectJson<T>(
  app: FastifyInstance,
  path: string,
  body?: unknown,
  init: { contentType?: string; ip?: string } = {},
): Promise<ApiResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: requestHeaders(init),
    payload: encodeBody(body),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return { status: response.statusCode, body: parseAnswer<T>(path, response.statusCode, response.body), headers };
}

export function newFakeClock(start = Date.now()): FakeClock {
  return {
    now: start,
    advance(ms) {
      this.now += ms;
    },
  };
}

export async function postJson<T>(
  url: string,
  path: string,
  body?: unknown,
  init: { contentType?: string; ip?: string } = {},
): Promise<ApiResult<T>> {
  const response = await fetch(url + path, { method: 'POST', headers: requestHeaders(init), body: encodeBody(body) });
  const text = await response.text();
  return { status: response.status, body: parseAnswer<T>(path, response.status, text), headers: response.headers };
}

export async function startServer(
  initialOptions: TestAppOptions = {},
  transport: TransportOptions = {},
): Promise<TestServer> {
  const database = transport.database ?? (await createTestDatabase());
  const clock = newFakeClock();
  const deps: Deps = { db: database.db, dialect: database.dialect, clock: () => clock.now };
  await seedIfEmpty(deps, { invitationCode: TEST_INVITATION });
  // Tests log in as the demo member (demo01): demo data, asked for explicitly as `npm run demo` does.
  await seedDemo(deps);
  const sms = new RecordingSmsSender();
  const cacheClock = newFakeClock(0);
  let options = initialOptions;
  const open = async () =>
    transport.http
      ? listenTestApp(database, clock, sms, options, cacheClock)
      : { app: await buildTestApp(database, clock, sms, options, cacheClock), url: null };
  let { app, url } = await open();

  const server: TestServer = {
    get url(): string {
      if (url === null)
        throw new Error('this test server answers through inject: start it with { http: true } for a URL');
      return url;
    },
    app,
    database,
    deps,
    sms,
    clock,
    call: <T>(path: string, body?: unknown, init?: { contentType?: string; ip?: string }) =>
      url === null ? injectJson<T>(app, path, body, init) : postJson<T>(url, path, body, init),
    tick: () => app.game.scheduler.tick(),
    async advance(ms: number) {
      clock.advance(ms);
      return app.game.scheduler.tick();
    },
    expireCaches() {
      cacheClock.advance(PAST_EVERY_TTL_MS);
    },
    async restart(next?: TestAppOptions) {
      await app.close();
      if (next) options = next;
      ({ app, url } = await open());
      server.app = app;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return server;
}
