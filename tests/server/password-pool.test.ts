/**
 * Password work on its own bounded pool (domain/passwordPool.ts): threads apart from libuv's, two
 * lanes of short waiting lines, the trusted one first; a job that finds its lane full is refused at
 * once with 3005 (HTTP 503, Retry-After) and changes nothing. Registration checks everything it can
 * before it hashes. Over HTTP at the production cost, with one thread and two waiting places.
 */
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import {
  busyRefusal,
  passwordPool,
  PasswordPool,
  usePasswordPoolLimits,
  type DeriveJob,
} from '../../src/server/domain/passwordPool';
import { Overloaded } from '../../src/server/domain/refused';
import { OWASP_SCRYPT_COST, useScryptCost } from '../../src/server/domain/secrets';
import { registerMember, uniqueName, uniquePhone } from './support/members';
import { startServer, TEST_INVITATION, type ApiResult, type TestServer } from './support/server';
import { addCard, PAY_PASSWORD, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

const job = (N: number): DeriveJob => ({
  secret: 'pässword1',
  salt: new Uint8Array(16).fill(7),
  keyLength: 32,
  N,
  r: 8,
  p: 1,
});

describe('the pool', () => {
  it('derives what node:crypto derives (the secret in NFC)', async () => {
    const pool = new PasswordPool({ threads: 1, queue: 1 });
    try {
      const key = await pool.derive(job(2 ** 12), 'public');
      const expected = scryptSync('pässword1'.normalize('NFC'), new Uint8Array(16).fill(7), 32, {
        N: 2 ** 12,
        r: 8,
        p: 1,
      });
      expect(Buffer.from(key).equals(expected)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('a free thread takes trusted work before public work that has waited longer', async () => {
    const pool = new PasswordPool({ threads: 1, queue: 4 });
    try {
      const order: string[] = [];
      const run = (name: string, lane: 'public' | 'trusted') =>
        pool.derive(job(2 ** 14), lane).then(() => order.push(name));
      await Promise.all([
        run('running', 'public'),
        run('public 1', 'public'),
        run('public 2', 'public'),
        run('trusted', 'trusted'),
      ]);
      expect(order).toEqual(['running', 'trusted', 'public 1', 'public 2']);
    } finally {
      await pool.close();
    }
  });

  it('a full lane refuses at once (3005); the other lane keeps its own places', async () => {
    const pool = new PasswordPool({ threads: 1, queue: 1 });
    try {
      const running = pool.derive(job(2 ** 14), 'public');
      const waiting = pool.derive(job(2 ** 14), 'public');
      const refused = await pool.derive(job(2 ** 14), 'public').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Overloaded);
      expect(refused).toMatchObject({ code: 3005, retryAfterSeconds: 2 });
      const trusted = pool.derive(job(2 ** 14), 'trusted');
      expect(pool.status()).toMatchObject({
        threads: 1,
        running: 1,
        waiting: { trusted: 1, public: 1 },
        saturated: true,
      });
      await Promise.all([running, waiting, trusted]);
      expect(pool.status()).toMatchObject({ running: 0, waiting: { trusted: 0, public: 0 } });
    } finally {
      await pool.close();
    }
  });
});

describe('over HTTP, one thread and two waiting places at the production cost', () => {
  let server: TestServer;
  beforeAll(async () => {
    useScryptCost(OWASP_SCRYPT_COST);
    usePasswordPoolLimits({ threads: 1, queue: 2 });
    // The round drawer on its timers, as a real server runs it (readiness reads it).
    server = await startServer({ game: { scheduler: { timers: true } } });
    // The hash an unknown name is checked against is made on first use: before the floods, so each
    // of their logins is one job of the public lane.
    await server.call(ApiPath.login, { username: 'nobody00x', password: 'guess00pw' }, { ip: '203.0.113.254' });
  });
  afterAll(async () => {
    await server.close();
    useScryptCost({ N: 2 ** 12, r: 8, p: 1 });
    usePasswordPoolLimits({ threads: 1, queue: 10_000 });
  });

  let counter = 0;
  const stranger = () => `203.0.113.${(counter++ % 250) + 1}`;

  /** Wrong logins of names nobody has, from addresses of their own, each answered at `at` (ms). */
  function flood(count: number, lang = 'en'): Promise<(ApiResult<{ errCode?: number }> & { at: number })[]> {
    const started = performance.now();
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const answer = await server.call<{ errCode?: number }>(
          ApiPath.login,
          { username: `nobody${i}x`, password: `guess${i}pw`, lang },
          { ip: stranger() },
        );
        return { ...answer, at: performance.now() - started };
      }),
    );
  }

  it('a login that finds its lane full is refused at once: 3005, HTTP 503, Retry-After, in its language', async () => {
    const answers = await flood(12, 'vi');
    const checked = answers.filter((a) => a.body.code === 1002);
    const busy = answers.filter((a) => a.body.code === 3005);
    expect(checked.length + busy.length).toBe(12);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(3);
    for (const answer of busy) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.body).toEqual({
        code: 3005,
        data: { errCode: 3005 },
        info: 'Máy chủ đang bận. Vui lòng thử lại sau giây lát.',
      });
    }
    // Refused before the first check (a quarter of a second of scrypt) was done: never queued.
    expect(Math.max(...busy.map((a) => a.at))).toBeLessThan(Math.min(...checked.map((a) => a.at)));
  });

  /** Until strangers' checks fill the public lane (one running, its places all taken): a state, however slow the machine. */
  async function laneFull(): Promise<void> {
    while (passwordPool().status().waiting.public < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('/readyz reports the saturated pool and stays ready', async () => {
    const strangers = flood(6);
    await laneFull();
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { passwordPool: 'saturated' }, problems: [] });
    await strangers;
  });

  it("the member's own device gets in while strangers fill the public lane", async () => {
    const m = await registerMember(server);
    const strangers = flood(12);
    await laneFull();
    const own = await server.call(ApiPath.login, { username: m.username, password: m.password });
    expect(own.body.code).toBe(1);
    expect((await strangers).some((a) => a.body.code === 3005)).toBe(true);
  });

  it('a try refused as busy does not count against the member', async () => {
    const m = await registerMember(server);
    const address = stranger();
    const strangers = flood(6);
    await laneFull();
    for (let i = 0; i < 6; i++) {
      const answer = await server.call(
        ApiPath.login,
        { username: m.username, password: `busy${i}pw` },
        { ip: address },
      );
      expect(answer.body.code).toBe(3005);
    }
    await strangers;
    // All five tries of the address are still there to be checked.
    for (let i = 0; i < 5; i++) {
      const answer = await server.call(
        ApiPath.login,
        { username: m.username, password: `wrong${i}pw` },
        { ip: address },
      );
      expect(answer.body.code).toBe(1003);
      server.clock.advance(60_000);
    }
  });

  it('registration refuses a wrong invitation, code, name or number before any hash', async () => {
    const taken = await registerMember(server);
    const phone = uniquePhone();
    expect((await server.call(ApiPath.smsSend, { quhao: '+84', mobile: phone })).body.code).toBe(1);
    const body = {
      quhao: '+84',
      username: uniqueName('pool'),
      phone,
      captcha: server.sms.lastCodeFor('+84', phone),
      password: 'abc12345',
      spassword: 'abc12345',
      invitation: TEST_INVITATION,
      lang: 'en',
    };
    const wrong = String((Number(body.captcha) + 1) % 1_000_000).padStart(6, '0');
    const strangers = flood(6);
    await laneFull();
    const codes = [];
    for (const attempt of [
      { ...body, invitation: 'NOSUCH99' },
      { ...body, username: taken.username },
      { ...body, phone: taken.phone },
      { ...body, captcha: wrong },
      body,
    ]) {
      codes.push((await server.call(ApiPath.register, attempt, { ip: stranger() })).body.code);
    }
    // The last, valid one reaches the hash and finds the pool full: the others never did.
    expect(codes).toEqual([1063, 1013, 2052, 2053, 3005]);
    await strangers;
  });

  it('a withdrawal refused as busy does not count toward the withdrawal password’s limit', async () => {
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const attempt = (pwd: string) => withdraw(server, m.token, { bank_id: card.id, money: 10, pwd });
    // The pool full for every one of these tries, as a full pool answers (3005): held by the test
    // rather than by a long job, which a loaded machine can finish before the last try arrives.
    const pool = passwordPool();
    const full = [
      vi.spyOn(pool, 'hasRoom').mockReturnValue(false),
      vi.spyOn(pool, 'derive').mockImplementation(() => Promise.reject(busyRefusal())),
    ];
    try {
      for (let i = 0; i < 6; i++) expect((await attempt(`11111${i}`)).body.code).toBe(3005);
    } finally {
      full.forEach((spy) => spy.mockRestore());
    }
    for (let i = 0; i < 5; i++) expect((await attempt(`22222${i}`)).body.code).toBe(1033);
    expect((await attempt(PAY_PASSWORD)).body.code).toBe(3001);
  });
});
