/**
 * Per-address rate limits on login, register and sms_send answer the envelope with HTTP 429; the
 * address is the connection's, or the one a trusted proxy names (TRUST_PROXY), never the client's own claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { loadConfig } from '../../src/server/config';
import { uniquePhone } from './support/members';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { login: 3, register: 2, smsSend: 2, ledgerProof: 2 } }, { http: true });
});
afterAll(() => server.close());

describe('rate limits', () => {
  it('login: the 4th attempt in a minute from one IP answers 429 with code 1004', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 3; i++) {
      const { status, body } = await server.call(ApiPath.login, { username: 'demo01', password: 'wrong123' }, { ip });
      expect(status).toBe(200);
      expect(body.code).toBe(1003);
    }
    const limited = await server.call(ApiPath.login, { username: 'demo01', password: 'demo1234', lang: 'en' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1004, data: { errCode: 1004 } });
    expect(limited.body.info).toMatch(/network|refresh/i);
    // Another address is not affected.
    expect(
      (await server.call(ApiPath.login, { username: 'demo01', password: 'demo1234' }, { ip: '10.0.0.2' })).body.code,
    ).toBe(1);
  });

  it('sms_send answers 429 with code 2051', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 2; i++)
      expect((await server.call(ApiPath.smsSend, { mobile: uniquePhone() }, { ip })).status).toBe(200);
    const limited = await server.call(ApiPath.smsSend, { mobile: uniquePhone() }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 2051, data: { errCode: 2051 } });
  });

  it('sms_send over its limit says how long until the minute is over, in data, in the text and in Retry-After', async () => {
    const ip = '10.0.1.2';
    for (let i = 0; i < 2; i++) await server.call(ApiPath.smsSend, { mobile: uniquePhone() }, { ip });
    const limited = await server.call(ApiPath.smsSend, { mobile: uniquePhone(), lang: 'en' }, { ip });
    expect(limited.status).toBe(429);
    const seconds = (limited.body.data as { retryAfter: number }).retryAfter;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.body.info).toBe(`Sending too frequently, please wait ${seconds} s`);
    expect(Number(limited.headers.get('retry-after'))).toBe(seconds);
    const vi = await server.call(ApiPath.smsSend, { mobile: uniquePhone(), lang: 'vi' }, { ip });
    expect(vi.body.info).toMatch(/^Gửi quá nhanh, vui lòng đợi \d+ giây$/);
  });

  it("the ledger's proofs are counted per session, both calls together: the 3rd in a minute answers 2051", async () => {
    const session = async (ip: string) =>
      (await server.call<{ token: string }>(ApiPath.login, { username: 'demo01', password: 'demo1234' }, { ip })).body
        .data.token;
    const first = await session('10.0.5.1');
    const second = await session('10.0.5.2');
    for (let i = 0; i < 2; i++) {
      expect((await server.call(ApiPath.ledgerProof, { token: first, ids: [1, 2] })).body.code).toBe(1);
    }
    const limited = await server.call(ApiPath.ledgerLiability, { token: first, seq: 0, lang: 'en' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(2051);
    // The member's other session has its own count.
    expect((await server.call(ApiPath.ledgerProof, { token: second, ids: [1] })).body.code).toBe(1);
  });

  it('register answers 429 with code 1004', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 2; i++) expect((await server.call(ApiPath.register, {}, { ip })).status).toBe(200);
    const limited = await server.call(ApiPath.register, {}, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(1004);
  });

  it('without a trusted proxy, X-Forwarded-For cannot dodge the limit', async () => {
    const direct = await startServer({ rateLimits: { login: 2 }, trustProxy: false }, { http: true });
    try {
      const attempt = (ip: string) => direct.call(ApiPath.login, { username: 'demo01', password: 'wrong123' }, { ip });
      expect((await attempt('10.9.0.1')).status).toBe(200);
      expect((await attempt('10.9.0.2')).status).toBe(200);
      expect((await attempt('10.9.0.3')).status).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it.each([
    ['a hop count (TRUST_PROXY=1)', '1'],
    ['the proxy’s address (TRUST_PROXY=127.0.0.1)', '127.0.0.1'],
  ])('behind a trusted proxy named by %s, a forged X-Forwarded-For does not escape the limit', async (_name, value) => {
    const proxied = await startServer(
      {
        rateLimits: { login: 2 },
        trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy,
      },
      { http: true },
    );
    try {
      // The client writes its own X-Forwarded-For; the proxy (this test, on loopback) appends the address it saw.
      const attempt = (forged: string, real: string) =>
        proxied.call(ApiPath.login, { username: 'demo01', password: 'wrong123' }, { ip: `${forged}, ${real}` });
      expect((await attempt('1.1.1.1', '10.9.1.1')).status).toBe(200);
      expect((await attempt('2.2.2.2', '10.9.1.1')).status).toBe(200);
      expect((await attempt('3.3.3.3', '10.9.1.1')).status).toBe(429);
      expect((await attempt('10.9.1.2', '10.9.1.1')).status).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await attempt('1.1.1.1', '10.9.1.2')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  describe('a hop count (TRUST_PROXY=1) honours X-Forwarded-For only from a proxy of ours', () => {
    /** A login whose connection comes from `peer` and whose X-Forwarded-For says `forwarded`. */
    const attempt = (app: TestServer['app'], peer: string, forwarded: string) =>
      app.inject({
        method: 'POST',
        url: ApiPath.login,
        remoteAddress: peer,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
        payload: JSON.stringify({ username: 'demo01', password: 'wrong123' }),
      });

    it('a client connecting from the internet cannot name its own address: its connection counts', async () => {
      const proxied = await startServer({
        rateLimits: { login: 2 },
        trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      });
      try {
        const peer = '203.0.113.50';
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await attempt(proxied.app, peer, `198.51.100.${i + 1}`)).statusCode);
        expect(statuses).toEqual([200, 200, 429, 429]);
        // The same through an IPv4-mapped IPv6 socket address.
        expect((await attempt(proxied.app, '::ffff:203.0.113.51', '198.51.100.9')).statusCode).toBe(200);
        expect((await attempt(proxied.app, '::ffff:203.0.113.51', '198.51.100.10')).statusCode).toBe(200);
        expect((await attempt(proxied.app, '::ffff:203.0.113.51', '198.51.100.11')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });

    it.each([
      ['loopback', '127.0.0.1'],
      ['a private network', '10.20.30.40'],
      ['a private network (IPv4-mapped)', '::ffff:192.168.1.5'],
      ['a private IPv6 network', 'fd12:3456::1'],
    ])('from %s, the address the proxy names counts', async (_name, peer) => {
      const proxied = await startServer({
        rateLimits: { login: 2 },
        trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await attempt(proxied.app, peer, `198.51.100.${i + 1}`)).statusCode);
        expect(statuses).toEqual([200, 200, 200, 200]);
        // A client behind it that forges the header still counts as the address the proxy saw.
        expect((await attempt(proxied.app, peer, '1.1.1.1, 198.51.100.1')).statusCode).toBe(200);
        expect((await attempt(proxied.app, peer, '2.2.2.2, 198.51.100.1')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });

    it('a public proxy listed after the hop count (TRUST_PROXY=1,203.0.113.7) may name the client', async () => {
      const proxied = await startServer({
        rateLimits: { login: 2 },
        trustProxy: loadConfig({ TRUST_PROXY: '1,203.0.113.7' }).trustProxy,
      });
      try {
        for (let i = 0; i < 3; i++) {
          expect((await attempt(proxied.app, '203.0.113.7', `198.51.100.${i + 1}`)).statusCode).toBe(200);
        }
        expect((await attempt(proxied.app, '203.0.113.8', '198.51.100.20')).statusCode).toBe(200);
        expect((await attempt(proxied.app, '203.0.113.8', '198.51.100.21')).statusCode).toBe(200);
        expect((await attempt(proxied.app, '203.0.113.8', '198.51.100.22')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });
  });

  it('other paths are not limited', async () => {
    for (let i = 0; i < 10; i++)
      expect((await server.call(ApiPath.getConfig, {}, { ip: '10.0.3.1' })).status).toBe(200);
  });
});
