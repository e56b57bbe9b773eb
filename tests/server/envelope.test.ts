/** The envelope on every answer: getconfig, unknown paths, malformed and empty bodies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { AppConfig } from '../../src/shared/api/types';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { http: true });
});
afterAll(() => server.close());

describe('/api/Index/getconfig', () => {
  it('answers the app config with the seeded settings and the server clock', async () => {
    const { status, body } = await server.call<AppConfig>(ApiPath.getConfig, {});
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.info).toBe('ok');
    expect(body.data).toMatchObject({
      agreement: 1,
      defaultQuhao: '+84',
      priceFeedUrl: 'wss://ws.okx.com:8443/ws/v5/public',
      versions: { android: { version: expect.any(String) }, ios: { version: expect.any(String) } },
    });
    expect(body.data.siteName).not.toBe('');
    expect(body.data.serviceUrl).not.toBe('');
    expect(body.data.serverTime).toBe(server.clock.now);
  });

  it('reflects an operator change of a setting (agreement 2 blocks registration in the app)', async () => {
    await server.deps.db.updateTable('settings').set({ value: '2' }).where('key', '=', 'agreement').execute();
    const { body } = await server.call<AppConfig>(ApiPath.getConfig, {});
    expect(body.data.agreement).toBe(2);
    await server.deps.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'agreement').execute();
  });

  it('accepts an empty body, with or without a content type', async () => {
    expect((await server.call(ApiPath.getConfig)).body.code).toBe(1);
    expect((await server.call(ApiPath.getConfig, '')).body.code).toBe(1);
    const bare = await fetch(server.url + ApiPath.getConfig, { method: 'POST' });
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { code: number }).code).toBe(1);
  });

  it('reads a JSON body sent as text/plain', async () => {
    const { body } = await server.call(ApiPath.login, JSON.stringify({ username: 'demo01', password: 'demo1234' }), {
      contentType: 'text/plain',
    });
    expect(body.code).toBe(1);
  });
});

describe('malformed requests', () => {
  it.each([
    ['broken JSON', '{"username": "demo01",'],
    ['a bare word', 'hello'],
    ['JSON array', '[1,2,3]'],
    ['JSON string', '"demo01"'],
    ['JSON null', 'null'],
    ['JSON number', '42'],
  ])('%s answers code 1001 at HTTP 200', async (_label, raw) => {
    const { status, body } = await server.call(ApiPath.login, raw);
    expect(status).toBe(200);
    expect(body.code).toBe(1001);
    expect(body.info).not.toBe('');
  });

  it('login, register and sms_send carry data.errCode even when the body never parsed', async () => {
    for (const path of [ApiPath.login, ApiPath.register, ApiPath.smsSend]) {
      expect((await server.call(path, '{broken')).body).toMatchObject({ code: 1001, data: { errCode: 1001 } });
    }
    expect((await server.call(ApiPath.getConfig, '{broken')).body).toMatchObject({ code: 1001, data: null });
  });

  it('wrong field types answer 1001', async () => {
    const { body } = await server.call(ApiPath.login, { username: 12345, password: ['demo1234'] });
    expect(body.code).toBe(1001);
  });

  it('a body over the size limit answers 1001, not 413', async () => {
    const { status, body } = await server.call(ApiPath.login, { username: 'x'.repeat(100_000), password: 'demo1234' });
    expect(status).toBe(200);
    expect(body.code).toBe(1001);
  });
});

describe('unknown paths', () => {
  it.each([
    ['POST', '/api/Index/nothing'],
    ['POST', '/api/index/getconfig'],
    ['GET', '/api/Index/getconfig'],
    ['POST', '/somewhere'],
  ])('%s %s answers HTTP 404 with envelope code 1001', async (method, path) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { code: number; data: unknown; info: string };
    expect(body).toMatchObject({ code: 1001, data: null });
    expect(body.info).not.toBe('');
  });

  it('without a built app, GET / is an unknown path too', async () => {
    const response = await fetch(server.url + '/');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: number }).code).toBe(1001);
  });
});

describe('GET /manifest.json', () => {
  it('answers apiWebUrl "" (same origin) without caching', async () => {
    const response = await fetch(server.url + '/manifest.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ apiWebUrl: '' });
  });

  it('answers PUBLIC_API_URL when the API lives elsewhere', async () => {
    const other = await startServer({ publicApiUrl: 'https://api.example.com' }, { http: true });
    try {
      const response = await fetch(other.url + '/manifest.json');
      expect(await response.json()).toEqual({ apiWebUrl: 'https://api.example.com' });
    } finally {
      await other.close();
    }
  });
});
