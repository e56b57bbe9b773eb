/**
 * The app's page (routes/appPage.ts): a browser's navigation gets the public answers its first
 * screen waits for written in, the same answers their calls give, as data that cannot close its
 * element; anything else (the service worker's copy) gets the page exactly as built.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_ELEMENT_ID, isPageAnswers, type PageAnswers } from '../../src/shared/api/pageAnswers';
import { ApiPath } from '../../src/shared/api/paths';
import { accepts, scriptSafeJson } from '../../src/server/routes/appPage';
import { startServer, type TestServer } from './support/server';

/** The app's own page as its build keeps it (Vite leaves the head as written). */
const BUILT = readFileSync('src/client/index.html', 'utf8');
const MANIFEST_PRELOAD = '<link rel="preload" href="/manifest.json"';
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

let distDir: string;
let server: TestServer;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'app-page-'));
  writeFileSync(join(distDir, 'index.html'), BUILT);
  server = await startServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}

function answersIn(html: string): PageAnswers | null {
  const match = new RegExp(`<script id="${PAGE_ANSWERS_ELEMENT_ID}" type="application/json">([^<]*)</script>`).exec(
    html,
  );
  if (!match) return null;
  const value: unknown = JSON.parse(match[1]);
  return isPageAnswers(value) ? value : null;
}

async function dataOf(path: string): Promise<unknown> {
  const { body } = await server.call(path, { lang: 'vi' });
  expect(body.code).toBe(1);
  return body.data;
}

describe("the app's page", () => {
  it("carries home's answers on a navigation to home: the same as the calls', in the default language", async () => {
    const response = await get('/', NAVIGATION);
    expect(response.statusCode).toBe(200);
    const page = answersIn(response.body);
    expect(page).not.toBeNull();
    expect(page!.lang).toBe('vi');
    expect(page!.apiWebUrl).toBe('');
    expect(page!.madeAt).toBe(server.clock.now);
    expect(page!.answers).toEqual({
      [ApiPath.getConfig]: await dataOf(ApiPath.getConfig),
      [ApiPath.slide]: await dataOf(ApiPath.slide),
      [ApiPath.homeTiles]: await dataOf(ApiPath.homeTiles),
      [ApiPath.winners]: await dataOf(ApiPath.winners),
    });
    // The address is in the page: no preload of the manifest. Home's first banner is asked for at once.
    expect(response.body).not.toContain(MANIFEST_PRELOAD);
    const banners = page!.answers[ApiPath.slide] as { path_vi: string }[];
    expect(banners.length).toBeGreaterThan(0);
    expect(response.body).toContain(
      `<link rel="preload" as="image" href="${banners[0].path_vi}" fetchpriority="high"><script id="${PAGE_ANSWERS_ELEMENT_ID}"`,
    );
    // The rest of the page is as built.
    expect(response.body.replace(/<link rel="preload" as="image"[^>]*><script id[\s\S]*?<\/script>/, '')).toBe(
      BUILT.replace(/[ \t]*<link rel="preload" href="\/manifest.json"[^>]*>\n/, ''),
    );
  });

  it('carries only the config on any other screen, index.html included', async () => {
    for (const url of ['/activity/1', '/my_income', '/login?next=%2Fuser']) {
      const response = await get(url, NAVIGATION);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(answersIn(response.body)!.answers)).toEqual([ApiPath.getConfig]);
      expect(response.body).not.toContain('rel="preload" as="image"');
    }
    expect(Object.keys(answersIn((await get('/index.html', NAVIGATION)).body)!.answers)).toHaveLength(4);
  });

  it('is the page as built for a fetch that is not a navigation (the service worker keeping its copy)', async () => {
    for (const url of ['/', '/index.html', '/activity/1']) {
      const response = await get(url, { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(BUILT);
      expect((await get(url)).body).toBe(BUILT);
    }
  });

  it('is revalidated on every load, kept apart by what asked for it, and has the pages’ policy', async () => {
    const response = await get('/', NAVIGATION);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toMatch(/sec-fetch-dest/i);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('travels compressed as the browser accepts it, the same page once unpacked', async () => {
    const plain = await get('/', { ...NAVIGATION, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/', { ...NAVIGATION, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/', { ...NAVIGATION, 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const copy = await get('/index.html', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(copy.rawPayload).toString()).toBe(BUILT);
  });

  it('reads which codings a browser accepts', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip;q=0.8, br;q=0', 'br')).toBe(false);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts(undefined, 'gzip')).toBe(false);
    expect(accepts('identity', 'br')).toBe(false);
  });

  it('keeps text from the database as data: nothing in an answer can close its element or open markup', async () => {
    const hostile = '/banners/x.svg"></script><script>alert(1)</script><!--';
    const db = server.deps.db;
    const [first] = await db.selectFrom('banners').select(['id', 'path_vi']).orderBy('sort').orderBy('id').execute();
    await db.updateTable('banners').set({ path_vi: hostile }).where('id', '=', first.id).execute();
    try {
      const response = await get('/', NAVIGATION);
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body.match(/<\/script>/g)).toHaveLength(BUILT.match(/<\/script>/g)!.length + 1);
      const banners = answersIn(response.body)!.answers[ApiPath.slide] as { path_vi: string }[];
      expect(banners[0].path_vi).toBe(hostile);
      // In the preload's attribute, escaped.
      expect(response.body).toContain(
        'href="/banners/x.svg&#34;&#62;&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--"',
      );
    } finally {
      await db.updateTable('banners').set({ path_vi: first.path_vi }).where('id', '=', first.id).execute();
    }
  });

  it("writes an answer's text as it is, even one that reads like a replacement pattern ($&, $')", async () => {
    const db = server.deps.db;
    const siteName = "Rounds $' and $& and $$";
    const before = await db.selectFrom('settings').select('value').where('key', '=', 'siteName').executeTakeFirst();
    await db
      .insertInto('settings')
      .values({ key: 'siteName', value: siteName })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: siteName }))
      .execute();
    try {
      const response = await get('/', NAVIGATION);
      const config = answersIn(response.body)!.answers[ApiPath.getConfig] as { siteName: string };
      expect(config.siteName).toBe(siteName);
      expect(response.body.match(/<\/head>/g)).toHaveLength(1);
    } finally {
      if (before) await db.updateTable('settings').set({ value: before.value }).where('key', '=', 'siteName').execute();
      else await db.deleteFrom('settings').where('key', '=', 'siteName').execute();
    }
  });

  it('escapes what could end a script element or a line of script', () => {
    const text = scriptSafeJson({ a: '</script><!--&>', b: '\u2028\u2029' });
    expect(text).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u003e","b":"\\u2028\\u2029"}');
    expect(JSON.parse(text)).toEqual({ a: '</script><!--&>', b: '\u2028\u2029' });
  });
});

describe('a flood of page loads', () => {
  let cached: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'app-page-cached-'));
    writeFileSync(join(dir, 'index.html'), BUILT);
    // The pages' cache as in production (test servers default to none), aged by the test clock.
    cached = await startServer({ distDir: dir, content: { cacheTtlMs: 5_000, winnersTtlMs: 0 } });
  });
  afterAll(async () => {
    await cached?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const madeAt = async (url: string) =>
    answersIn((await cached.app.inject({ method: 'GET', url, headers: NAVIGATION })).body)!.madeAt;

  it('is answered with the page made once per cache time, for every screen of a kind, then made anew', async () => {
    const first = await madeAt('/my_income');
    cached.clock.advance(1_000);
    expect(await madeAt('/activity/1')).toBe(first);
    expect(await madeAt('/')).toBe(cached.clock.now);
    cached.expireCaches();
    expect(await madeAt('/my_income')).toBe(cached.clock.now);
  });

  it('follows a rebuilt page at once, never sending the answers of the page before', async () => {
    await madeAt('/');
    const rebuilt = BUILT.replace('<title>RoundPlay</title>', '<title>RoundPlay 2</title>');
    writeFileSync(join(dir, 'index.html'), rebuilt);
    cached.expireCaches();
    // The answers' cache is fresh again after expiry, but the page is new: made with it.
    const body = (await cached.app.inject({ method: 'GET', url: '/', headers: NAVIGATION })).body;
    expect(body).toContain('<title>RoundPlay 2</title>');
    expect(answersIn(body)).not.toBeNull();
  });
});
