/**
 * Test harness: the real app (buildApp) on a fresh database, listening on 127.0.0.1:0, called
 * over real HTTP with fetch. Each test file starts its own server(s).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiResponse } from '../../../src/shared/api/envelope';
import { buildApp, type AppOptions } from '../../../src/server/app';
import type { Deps } from '../../../src/server/domain/deps';
import { loadTranslator, type Translator } from '../../../src/server/i18n';
import { seedIfEmpty } from '../../../src/server/seed';
import type { SmsMessage, SmsSender } from '../../../src/server/sms';
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
  close(): Promise<void>;
}

let sharedTranslator: Promise<Translator> | undefined;

export async function startServer(
  options: Partial<Omit<AppOptions, 'db' | 'dialect' | 'smsSender' | 'clock'>> = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const clock: FakeClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const deps: Deps = { db: database.db, dialect: database.dialect, clock: () => clock.now };
  await seedIfEmpty(deps, { invitationCode: TEST_INVITATION });
  const sms = new RecordingSmsSender();
  sharedTranslator ??= loadTranslator();
  const app = await buildApp({
    db: database.db,
    dialect: database.dialect,
    smsSender: sms,
    clock: deps.clock,
    rateLimits: { login: 10_000, register: 10_000, smsSend: 10_000 },
    // Tests set X-Forwarded-For to act as different clients.
    trustProxy: true,
    translator: options.localesDir ? undefined : await sharedTranslator,
    ...options,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    url,
    app,
    database,
    deps,
    sms,
    clock,
    async call<T>(path: string, body?: unknown, init: { contentType?: string; ip?: string } = {}) {
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
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
