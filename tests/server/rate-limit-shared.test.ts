/**
 * The request limits are counted in the database: a limit reached stays reached across a restart
 * of the server on the same database, and two server instances on one database (each with its own
 * connections, as two processes have) share one count, also for requests they take at the same
 * moment. The window still ends after a minute.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connect';
import { SWEEP_EVERY_MS } from '../../src/server/domain/requestCounters';
import { buildTestApp, injectJson, RecordingSmsSender, startServer, type TestServer } from './support/server';
import { addCard, PAY_PASSWORD, TRC20_ADDRESS, walletMember } from './support/wallet';

const LIMITS = { login: 3, register: 3, smsSend: 2, withdraw: 2 };
const WINDOW_MS = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: LIMITS });
});
afterAll(() => server.close());

// The limits of one test must not count the requests of another: each uses its own address.
let address = 0;
const nextAddress = () => `10.77.0.${++address}`;

const login = (app: FastifyInstance, ip: string) =>
  injectJson(app, ApiPath.login, { lang: 'en', username: 'demo01', password: 'wrong123' }, { ip });

describe('a limit reached', () => {
  it('per address (login) is still reached after the server restarts on the same database', async () => {
    const ip = nextAddress();
    for (let i = 0; i < LIMITS.login; i++) expect((await login(server.app, ip)).status).toBe(200);
    expect((await login(server.app, ip)).status).toBe(429);

    await server.restart();
    const limited = await login(server.app, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1004, data: { errCode: 1004 } });
    // Another address has its own count; a minute later this one counts again from zero.
    expect((await login(server.app, nextAddress())).status).toBe(200);
    server.clock.advance(WINDOW_MS);
    expect((await login(server.app, ip)).status).toBe(200);
  });

  it('per member (withdrawals, 2051) is still reached after a restart, from any address', async () => {
    const member = await walletMember(server, 100);
    const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    // Refused for their amount (1050), but each is a withdrawal request and counts.
    const request = (ip: string) =>
      injectJson(
        server.app,
        ApiPath.withdraw,
        { lang: 'en', token: member.token, bank_id: card.id, money: 0, pwd: PAY_PASSWORD },
        { ip },
      );
    for (let i = 0; i < LIMITS.withdraw; i++) expect((await request(nextAddress())).body.code).toBe(1050);
    expect((await request(nextAddress())).status).toBe(429);

    await server.restart();
    const limited = await request(nextAddress());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(2051);
    server.clock.advance(WINDOW_MS);
    expect((await request(nextAddress())).body.code).toBe(1050);
  });
});

describe('two instances on one database', () => {
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    // Its own connections to the same database, as a second server process would have.
    const { db, dialect } = openDatabase(loadConfig(server.database.env));
    second = await buildTestApp({ ...server.database, db, dialect }, server.clock, new RecordingSmsSender(), {
      rateLimits: LIMITS,
    });
    closeSecond = async () => {
      await second.close();
      await db.destroy();
    };
  });
  afterAll(() => closeSecond());
  afterEach(() => server.clock.advance(WINDOW_MS));

  it('share one count: requests on either one use up the same allowance', async () => {
    const ip = nextAddress();
    expect((await login(server.app, ip)).status).toBe(200);
    expect((await login(second, ip)).status).toBe(200);
    expect((await login(server.app, ip)).status).toBe(200);
    expect((await login(second, ip)).status).toBe(429);
    expect((await login(server.app, ip)).status).toBe(429);
  });

  it('count requests that arrive at the same moment on both exactly once each', async () => {
    const ip = nextAddress();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        injectJson(i % 2 === 0 ? server.app : second, ApiPath.smsSend, { mobile: '912300099', quhao: '+84' }, { ip }),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMITS.smsSend);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - LIMITS.smsSend);
    expect(attempts.find((a) => a.status === 429)?.body.code).toBe(2051);
  });
});

describe('the counters table', () => {
  it('keeps only windows that have not ended: ended ones are swept', async () => {
    await login(server.app, nextAddress());
    server.clock.advance(SWEEP_EVERY_MS + WINDOW_MS);
    const ip = nextAddress();
    await login(server.app, ip);
    const rows = await server.deps.db.selectFrom('rate_counters').select(['key', 'reset_at']).execute();
    expect(rows.filter((row) => row.reset_at <= server.clock.now)).toEqual([]);
    expect(rows.map((row) => row.key)).toContain(`login:${ip}`);
  });
});
