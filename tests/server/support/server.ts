/**
 * Test harness: the real app (buildApp) on a fresh database, listening on 127.0.0.1:0, called
 * over real HTTP with fetch. Each test file starts its own server(s).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiResponse } from '../../../src/shared/api/envelope';
import { buildApp, type AppOptions } from '../../../src/server/app';
import type { Deps } from '../../../src/server/domain/deps';
import { loadTranslator, type Translator } from '../../../src/server/i18n';
import { seedDemo, seedIfEmpty } from '../../../src/server/seed';
import type { SmsMessage, SmsSender } from '../../../src/server/sms';
import type { TickReport } from '../../../src/server/domain/game/scheduler';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_INVITATION = 'TESTINV1';

/** Keeps every code "sent", so a test can type the code a member would have received. */
export class RecordingSmsSender implements SmsSender {
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
  /**
   * Close the app (not the database) and build a new one on the same database: a server restart,
   * optionally with other options from then on.
   */
  restart(options?: TestAppOptions): Promise<void>;
  close(): Promise<void>;
}

export type TestAppOptions = Partial<Omit<AppOptions, 'db' | 'dialect' | 'smsSender' | 'clock'>>;

/**
 * Round engine settings for tests: no timers (tests drive the clock and call tick), short hash
 * chains, and caches short enough that a change made by the admin command shows after a brief wait.
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

/** The real app on a given database and clock, listening on 127.0.0.1:0. */
export async function listenTestApp(
  database: TestDatabase,
  clock: FakeClock,
  sms: SmsSender,
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    db: database.db,
    dialect: database.dialect,
    smsSender: sms,
    clock: () => clock.now,
    rateLimits: { login: 10_000, register: 10_000, smsSend: 10_000, withdraw: 10_000 },
    // Tests act as different clients through X-Forwarded-For, as a reverse proxy on loopback would send it.
    trustProxy: ['127.0.0.1'],
    sessionCacheTtlMs: 50,
    // Content changed by the admin command shows on the next read (the cache itself: ttl-cache.test.ts).
    content: { cacheTtlMs: 0, winnersTtlMs: 0 },
    translator: await translatorFor(options),
    ...options,
    game: {
      ...TEST_GAME_OPTIONS,
      ...options.game,
      scheduler: { ...TEST_GAME_OPTIONS.scheduler, ...options.game?.scheduler },
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
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
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/json' };
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  const response = await fetch(url + path, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: ApiResponse<T>;
  try {
    parsed = JSON.parse(text) as ApiResponse<T>;
  } catch {
    throw new Error(`${path} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export async function startServer(initialOptions: TestAppOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const clock = newFakeClock();
  const deps: Deps = { db: database.db, dialect: database.dialect, clock: () => clock.now };
  await seedIfEmpty(deps, { invitationCode: TEST_INVITATION });
  // Tests log in as the demo member (demo01): demo data, asked for explicitly as `npm run demo` does.
  await seedDemo(deps);
  const sms = new RecordingSmsSender();
  let options = initialOptions;
  let { app, url } = await listenTestApp(database, clock, sms, options);

  const server: TestServer = {
    url,
    app,
    database,
    deps,
    sms,
    clock,
    call: <T>(path: string, body?: unknown, init?: { contentType?: string; ip?: string }) =>
      postJson<T>(server.url, path, body, init),
    tick: () => app.game.scheduler.tick(),
    async advance(ms: number) {
      clock.advance(ms);
      return app.game.scheduler.tick();
    },
    async restart(next?: TestAppOptions) {
      await app.close();
      if (next) options = next;
      ({ app, url } = await listenTestApp(database, clock, sms, options));
      server.app = app;
      server.url = url;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return server;
}
