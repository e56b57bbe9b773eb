/** Serving the built app: cache headers, compressed copies, SPA fallback, and the API untouched by it. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ApiPath } from '../../src/shared/api/paths';
import { precompressFiles } from '../../scripts/precompress';
import { startServer, type TestServer } from './support/server';

const INDEX = '<!doctype html><title>app shell</title>';
/** A bundle big enough to be worth compressing. */
const BUNDLE = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
let distDir: string;
let server: TestServer;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'fake-dist-'));
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, 'icons'));
  writeFileSync(join(distDir, 'index.html'), INDEX);
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(distDir, 'registerSW.js'), '/* register */');
  writeFileSync(join(distDir, 'app.webmanifest'), '{"name":"app"}');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(distDir, 'icons', 'icon-192.png'), 'png');
  writeFileSync(join(distDir, 'assets', 'big-abc123.js'), BUNDLE);
  mkdirSync(join(distDir, 'banners'));
  writeFileSync(join(distDir, 'banners', 'banner-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  precompressFiles(distDir);
  server = await startServer({ distDir }, { http: true });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function get(path: string): Promise<Response> {
  return fetch(server.url + path);
}

describe('static serving of dist/', () => {
  it.each(['/', '/index.html', '/sw.js', '/registerSW.js', '/app.webmanifest'])(
    '%s is served with Cache-Control: no-cache',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('/assets/* is immutable for a year', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1);');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('pictures keep a month and are then revalidated', async () => {
    const response = await get('/banners/banner-1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000, must-revalidate');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('a text file goes as its build-time brotli or gzip copy, as the browser accepts, with Vary', async () => {
    // Only files worth it got a copy.
    expect(existsSync(join(distDir, 'assets', 'big-abc123.js.br'))).toBe(true);
    expect(existsSync(join(distDir, 'assets', 'index-abc123.js.br'))).toBe(false);
    const raw = (encoding: string) =>
      server.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': encoding } });
    const brotli = await raw('br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(BUNDLE.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(BUNDLE);
  });

  it('API answers over 1 KiB are compressed, smaller ones are not', async () => {
    const call = (url: string, body: object) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
        payload: JSON.stringify({ lang: 'en', ...body }),
      });
    const articles = await call(ApiPath.oneClassArticle, { type: 2 });
    expect(articles.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(articles.rawPayload).toString()) as {
      code: number;
      data: unknown[];
    };
    expect(decoded.code).toBe(1);
    expect(decoded.data.length).toBeGreaterThan(0);
    expect(articles.rawPayload.length).toBeLessThan(JSON.stringify(decoded).length);
    const config = await call(ApiPath.getConfig, {});
    expect(config.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(config.payload) as { code: number }).code).toBe(1);
  });

  it('other files get a short cache', async () => {
    const response = await get('/icons/icon-192.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it.each(['/user', '/activity/3', '/help/list', '/login?next=%2Fuser'])(
    'the app route %s falls back to index.html',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('a missing hashed asset is a 404, never HTML in place of JavaScript', async () => {
    const response = await get('/assets/index-gone.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('GET on an API path is a 404 envelope, not the app shell', async () => {
    const response = await get('/api/Index/getconfig');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: number }).code).toBe(1001);
  });

  it("manifest.json is the spec's local manifest, not a file of dist", async () => {
    const response = await get('/manifest.json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ apiWebUrl: '' });
  });

  it('the API keeps working beside the static files', async () => {
    expect((await server.call(ApiPath.getConfig, {})).body.code).toBe(1);
  });

  it('path traversal does not leave dist/', async () => {
    const response = await fetch(server.url + '/..%2f..%2fetc%2fpasswd');
    expect(await response.text()).not.toContain('root:');
  });
});
