/**
 * Security headers on every kind of answer: API success, refusal, malformed request, 404, 429,
 * /manifest.json, the built app's files, the service worker and the SPA fallback. Pages and files
 * carry the pages' set, whose connect-src follows the operator's price feed setting within the
 * cache time; answers under /api/ carry the API's short set, which allows nothing to load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { DEFAULT_SETTINGS } from '../../src/server/domain/appConfig';
import { writeSetting } from '../../src/server/repositories/settings';
import { API_HEADERS, PERMISSIONS_POLICY } from '../../src/server/routes/securityHeaders';
import { startServer, type TestServer } from './support/server';

/** The origin of the default price feed (DEFAULT_SETTINGS.priceFeedUrl, OKX v5). */
const DEFAULT_FEED_ORIGIN = 'wss://ws.okx.com:8443';

/** The policy as directive -> sources; a directive given twice is an error in the header. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  const directives = new Map<string, string[]>();
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `directive ${name} twice`).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Asserts the headers every answer carries; returns the parsed policy for more checks. */
function expectSecurityHeaders(headers: Headers, what: string): Map<string, string[]> {
  const csp = parseCsp(headers.get('content-security-policy'));
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  for (const directive of ['script-src', 'script-src-attr', 'style-src', 'default-src']) {
    expect(csp.get(directive)?.join(' ') ?? '', `${what}: ${directive}`).not.toMatch(/unsafe-inline|unsafe-eval/);
  }
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(csp.get('worker-src'), what).toEqual(["'self'"]);
  expect(csp.get('manifest-src'), what).toEqual(["'self'"]);
  expect(csp.get('img-src'), what).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:', 'data:']));
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  return csp;
}

/** Asserts the API's set: a policy that allows nothing and frames nothing, and none of the pages' headers. */
function expectApiSecurityHeaders(headers: Headers, what: string): void {
  const csp = parseCsp(headers.get('content-security-policy'));
  expect([...csp.keys()], what).toEqual(['default-src', 'frame-ancestors']);
  expect(csp.get('default-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
  // Nothing of a document's set: those bytes went on every poll for nothing.
  expect(headers.get('permissions-policy'), what).toBeNull();
  expect(headers.get('cross-origin-opener-policy'), what).toBeNull();
}

/**
 * What `npm run admin -- settings:set priceFeedUrl <url>` leaves in the settings table, from
 * another process as far as the server can tell (nothing tells it to drop its cache).
 */
async function changePriceFeed(server: TestServer, url: string): Promise<void> {
  await writeSetting(server.deps.db, 'priceFeedUrl', url);
}

function connectSrc(headers: Headers): string[] {
  return parseCsp(headers.get('content-security-policy')).get('connect-src') ?? [];
}

const INDEX = '<!doctype html><title>app shell</title>';
let distDir: string;
let server: TestServer;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'csp-dist-'));
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, 'icons'));
  writeFileSync(join(distDir, 'index.html'), INDEX);
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(distDir, 'app.webmanifest'), '{"name":"app"}');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(distDir, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(join(distDir, 'icons', 'icon-192.png'), 'png');
  server = await startServer({ distDir, rateLimits: { login: 2 } }, { http: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('security headers on every answer', () => {
  it("the default feed origin is the default setting's", () => {
    expect(DEFAULT_SETTINGS.priceFeedUrl.startsWith(`${DEFAULT_FEED_ORIGIN}/`)).toBe(true);
  });

  it('an API success, a refusal and a malformed request (error handler)', async () => {
    const success = await server.call(ApiPath.getConfig, {});
    expect(success.body.code).toBe(1);
    const refusal = await server.call(ApiPath.login, { username: 'demo01', password: 'wrong123' }, { ip: '10.1.0.1' });
    expect(refusal.body.code).toBe(1003);
    const malformed = await server.call(ApiPath.getConfig, '{"lang": ', { ip: '10.1.0.2' });
    expect(malformed.body.code).toBe(1001);
    for (const [what, answer] of [
      ['success', success],
      ['refusal', refusal],
      ['malformed', malformed],
    ] as const)
      expectApiSecurityHeaders(answer.headers, what);
  });

  it("the API's set is the one the server writes, byte for byte", async () => {
    const { headers } = await server.call(ApiPath.getConfig, {});
    for (const [name, value] of Object.entries(API_HEADERS)) expect(headers.get(name), name).toBe(value);
  });

  it('an unknown API path (404) and an unknown method', async () => {
    const missing = await server.call('/api/Index/nothing', {});
    expect(missing.status).toBe(404);
    expectApiSecurityHeaders(missing.headers, '404');
    const get = await fetch(`${server.url}${ApiPath.getConfig}`);
    expect(get.status).toBe(404);
    expectApiSecurityHeaders(get.headers, 'GET on an API path');
  });

  it('a rate-limited answer (429)', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 2; i++) await server.call(ApiPath.login, { username: 'demo01', password: 'wrong123' }, { ip });
    const limited = await server.call(ApiPath.login, { username: 'demo01', password: 'wrong123' }, { ip });
    expect(limited.status).toBe(429);
    expectApiSecurityHeaders(limited.headers, '429');
  });

  it.each([
    ['/manifest.json', /json/],
    ['/', /html/],
    ['/index.html', /html/],
    ['/assets/index-abc123.js', /javascript/],
    ['/assets/index-abc123.css', /css/],
    ['/icons/icon-192.png', /png/],
    ['/app.webmanifest', /manifest|json/],
    ['/user', /html/],
    ['/activity/3?x=1', /html/],
  ])('%s', async (path, type) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(type);
    const csp = expectSecurityHeaders(response.headers, path);
    expect(csp.get('connect-src')).toEqual(["'self'", DEFAULT_FEED_ORIGIN]);
  });

  it('a HEAD request and a missing asset (404) carry them too', async () => {
    const head = await fetch(server.url + '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectSecurityHeaders(head.headers, 'HEAD /');
    const gone = await fetch(server.url + '/assets/index-gone.js');
    expect(gone.status).toBe(404);
    expectSecurityHeaders(gone.headers, 'missing asset');
  });

  it('a path the router cannot decode (Fastify answers 400 before any hook runs)', async () => {
    await fetch(server.url + '/');
    for (const path of ['/%zz', '/api/Index/getconfig%E0%A4%A', '/assets/%C0?x=%zz']) {
      const response = await fetch(server.url + path, { method: path.startsWith('/api/') ? 'POST' : 'GET' });
      expect(response.status, path).toBe(400);
      if (path.startsWith('/api/')) {
        expectApiSecurityHeaders(response.headers, path);
        continue;
      }
      const csp = expectSecurityHeaders(response.headers, path);
      expect(csp.get('connect-src'), path).toEqual(["'self'", DEFAULT_FEED_ORIGIN]);
    }
  });

  it('the service worker may fetch the pictures it caches; pages may not connect there', async () => {
    const worker = await fetch(server.url + '/sw.js');
    expect(worker.status).toBe(200);
    const csp = expectSecurityHeaders(worker.headers, '/sw.js');
    expect(csp.get('connect-src')).toEqual(["'self'", DEFAULT_FEED_ORIGIN, 'https:', 'http:']);
    expect(connectSrc((await fetch(server.url + '/')).headers)).not.toContain('https:');
  });

  it('over plain HTTP (the default): no HSTS and no upgrade-insecure-requests', async () => {
    const response = await fetch(server.url + '/');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(parseCsp(response.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('with HTTPS, an API on another origin and a cached price feed setting', () => {
  let https: TestServer;
  beforeAll(async () => {
    https = await startServer(
      {
        https: true,
        publicApiUrl: 'https://api.example.com/v1/',
        content: { cacheTtlMs: 1_000, winnersTtlMs: 0 },
      },
      { http: true },
    );
  });
  afterAll(async () => {
    await https?.close();
  });

  /** The headers of a page (no built app here: the fallback's 404 carries the pages' set all the same). */
  const pageHeaders = async () => (await fetch(`${https.url}/room`)).headers;

  it('sends HSTS for a year with subdomains on pages and API answers, and pages upgrade insecure requests', async () => {
    const headers = await pageHeaders();
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(parseCsp(headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    expectSecurityHeaders(headers, 'https');
    const api = await https.call(ApiPath.getConfig, {});
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expectApiSecurityHeaders(api.headers, 'https API');
  });

  it("connect-src: this origin, the API's origin and the feed's", async () => {
    expect(connectSrc(await pageHeaders())).toEqual(["'self'", 'https://api.example.com', DEFAULT_FEED_ORIGIN]);
  });

  it("follows the operator's change of priceFeedUrl once the cache time is over, not on every request", async () => {
    expect(connectSrc(await pageHeaders())).toContain(DEFAULT_FEED_ORIGIN);
    await changePriceFeed(https, 'wss://feed.example.net:9443/ws/v5/public');
    // The setting is read through a cache: until it expires, answers still name the old feed.
    expect(connectSrc(await pageHeaders())).toContain(DEFAULT_FEED_ORIGIN);
    https.expireCaches();
    expect(connectSrc(await pageHeaders())).toEqual([
      "'self'",
      'https://api.example.com',
      'wss://feed.example.net:9443',
    ]);
    // The default port of the scheme is left out, as the URL standard writes the origin.
    await changePriceFeed(https, 'wss://stream.example.org:443/live');
    https.expireCaches();
    expect(connectSrc(await pageHeaders())).toEqual(["'self'", 'https://api.example.com', 'wss://stream.example.org']);
  });

  it('a stored value that is no usable feed URL contributes nothing, and every answer still works', async () => {
    // Written around the admin command's checks (a database edit), as a broken row would be.
    for (const junk of ['not a url', 'wss://bad;host/x', 'https://feed.example.com/x']) {
      await writeSetting(https.deps.db, 'priceFeedUrl', junk);
      https.expireCaches();
      expect(connectSrc(await pageHeaders())).toEqual(["'self'", 'https://api.example.com']);
      const config = await https.call(ApiPath.getConfig, {});
      expect(config.status).toBe(200);
      expect(config.body.code).toBe(1);
    }
  });
});
