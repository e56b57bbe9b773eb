/**
 * First screens rendered on the server (routes/appPage.ts with the built renderer,
 * build/ssr/renderPage.js, which `npm test` builds with the app): a navigation gets the screen's
 * markup in #root, in the language the app keeps in its cookie (else the browser's), for the member
 * the session cookie names, with the answers it was rendered from, the same as their calls give.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageAnswers, PAGE_ANSWERS_ELEMENT_ID, type PageAnswers } from '../../src/shared/api/pageAnswers';
import { ApiPath } from '../../src/shared/api/paths';
import { deviceTimeZone, formatInstant } from '../../src/shared/instant';
import { SESSION_COOKIE } from '../../src/server/routes/sessionCookie';
import { MAX_RENDERS_WAITING } from '../../src/server/routes/appPage';
import { fetchInside, loadPageRenderer } from '../../src/server/routes/pageRenderer';
import type { FastifyRequest } from 'fastify';
import { registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';

const RENDERER = resolve('build/ssr/renderPage.js');
const BUILT_PAGE = resolve('dist/index.html');
const BUILT_MANIFEST = resolve('dist/.vite/manifest.json');
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

let distDir: string;
let server: TestServer;

beforeAll(async () => {
  if (!existsSync(RENDERER) || !existsSync(BUILT_PAGE)) throw new Error('build the app first (npm run build)');
  distDir = mkdtempSync(join(tmpdir(), 'rendered-page-'));
  writeFileSync(join(distDir, 'index.html'), readFileSync(BUILT_PAGE, 'utf8'));
  mkdirSync(join(distDir, '.vite'));
  writeFileSync(join(distDir, '.vite', 'manifest.json'), readFileSync(BUILT_MANIFEST, 'utf8'));
  server = await startServer({ distDir, rendererFile: RENDERER });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

function pageOf(html: string): PageAnswers {
  const match = new RegExp(`<script id="${PAGE_ANSWERS_ELEMENT_ID}" type="application/json">([^<]*)</script>`).exec(
    html,
  );
  const value: unknown = match && JSON.parse(match[1]);
  if (!isPageAnswers(value)) throw new Error('the page carries no answers');
  return value;
}

/** The chunks a page links for preloading. */
function preloadsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+)">/g)].map((m) => m[1]);
}

/** The built chunks holding a language's catalogues (the UI's and the shared one), by the build's manifest. */
function catalogChunks(locale: string): string[] {
  const manifest = JSON.parse(readFileSync(BUILT_MANIFEST, 'utf8')) as Record<string, { file: string }>;
  return [`../../locales/${locale}.po`, `../../locales/errors/${locale}.po?compiled`].map((key) => manifest[key].file);
}

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf('<div id="overlays">'));
}

/** The data each query of the page's state holds, by its call's path. */
function stateOf(page: PageAnswers): Map<string, unknown> {
  const state = page.rendered?.state as { queries: { queryKey: [string, unknown]; state: { data: unknown } }[] };
  return new Map(state.queries.map((query) => [query.queryKey[0], query.state.data]));
}

async function navigate(path: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url: path, headers: { ...NAVIGATION, ...headers } });
}

describe('a first screen rendered on the server', () => {
  it("paints a guest's home in the browser's language, with the answers it was made from", async () => {
    const response = await navigate('/', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="en"');
    const root = rootOf(response.body);
    expect(root).toContain('data-testid="home-brand"');
    expect(root).toContain('href="/login"');
    // The boot mark is replaced by the screen.
    expect(root).not.toContain('class="boot"');
    const page = pageOf(response.body);
    expect(page.rendered).toMatchObject({ member: false, locale: 'en' });
    const state = stateOf(page);
    for (const path of [ApiPath.getConfig, ApiPath.slide, ApiPath.homeTiles, ApiPath.winners]) {
      const { body } = await server.call(path, { lang: 'en' });
      expect(state.get(path), path).toEqual(body.data);
    }
    // Nothing of a member's.
    expect(state.has(ApiPath.userInfo)).toBe(false);
  });

  it("speaks the language the app keeps in its cookie over the browser's", async () => {
    const response = await navigate('/', { 'accept-language': 'en', cookie: 'lang=zh-TW' });
    expect(response.body).toContain('<html lang="zh-TW"');
    expect(pageOf(response.body).rendered?.locale).toBe('zh-TW');
    // A cookie naming no language of the app is ignored.
    const odd = await navigate('/', { 'accept-language': 'vi', cookie: 'lang=<b>x</b>' });
    expect(odd.body).toContain('<html lang="vi"');
  });

  it("links its own language's catalogues for preloading, and no other language's", async () => {
    const zh = await navigate('/', { cookie: 'lang=zh-TW' });
    expect(preloadsOf(zh.body).sort()).toEqual(catalogChunks('zh-TW').sort());
    const en = await navigate('/', { 'accept-language': 'en' });
    expect(preloadsOf(en.body).sort()).toEqual(catalogChunks('en').sort());
    // The service worker's copy names none: the app, launched from it, loads whichever it speaks.
    const copy = await server.app.inject({ method: 'GET', url: '/' });
    expect(preloadsOf(copy.body)).toEqual([]);
  });

  it("writes times in the zone the app's cookie names (else the server's), and says which", async () => {
    const member = await registerMember(server);
    const signedIn = `${SESSION_COOKIE}=${member.token}`;
    const there = await navigate('/my_password', {
      cookie: `${signedIn}; tz=Asia%2FHo_Chi_Minh`,
      'accept-language': 'en',
    });
    const page = pageOf(there.body);
    expect(page.rendered?.timeZone).toBe('Asia/Ho_Chi_Minh');
    // The session's login, as the page was rendered from it, written as a phone in Ho Chi Minh City
    // shows it.
    const sessions = stateOf(page).get(ApiPath.sessions) as { createdAt: number }[] | undefined;
    expect(sessions, 'the page was rendered with the sessions').toHaveLength(1);
    const login = sessions![0].createdAt;
    const inHoChiMinh = formatInstant(login, 'en', 'moment', { timeZone: 'Asia/Ho_Chi_Minh', named: false });
    expect(inHoChiMinh).not.toBe(formatInstant(login, 'en', 'moment', { timeZone: 'UTC', named: false }));
    expect(rootOf(there.body)).toContain(`Logged in ${inHoChiMinh}`);
    // A cookie naming no zone is ignored.
    const odd = await navigate('/my_password', { cookie: `${signedIn}; tz=Mars%2FOlympus`, 'accept-language': 'en' });
    expect(pageOf(odd.body).rendered?.timeZone).toBe(deviceTimeZone());
  });

  it("renders a member's page for the member the session cookie names, with their own answers", async () => {
    const member = await registerMember(server);
    const response = await navigate('/user', { cookie: `${SESSION_COOKIE}=${member.token}`, 'accept-language': 'en' });
    const page = pageOf(response.body);
    expect(page.rendered?.member).toBe(true);
    const profile = stateOf(page).get(ApiPath.userInfo) as { name: string } | undefined;
    expect(profile?.name).toBe(member.username);
    expect(rootOf(response.body)).toContain(member.username);
    // Never kept for anyone else: the same page for a guest has no member in it.
    const guest = await navigate('/user', { 'accept-language': 'en' });
    expect(pageOf(guest.body).rendered?.member).toBe(false);
    expect(guest.body).not.toContain(member.username);
  });

  it('renders a guest page, and clears the cookie, when the session cookie names no live session', async () => {
    const response = await navigate('/', { cookie: `${SESSION_COOKIE}=${'0'.repeat(64)}` });
    expect(pageOf(response.body).rendered?.member).toBe(false);
    const cleared = [response.headers['set-cookie']].flat().find((line) => line?.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("gives the service worker's copy as built: no screen, no answers", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain('class="boot"');
    expect(response.body).not.toContain(`id="${PAGE_ANSWERS_ELEMENT_ID}"`);
  });

  it('marks the page as varying with the cookie and the language asked for', async () => {
    const response = await navigate('/');
    expect(String(response.headers.vary)).toMatch(/cookie/);
    expect(String(response.headers.vary)).toMatch(/accept-language/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
  it('sends a part inline however large (React would outline it behind an inline script)', async () => {
    const renderer = await loadPageRenderer(RENDERER);
    const inside = fetchInside(server.app, { headers: {}, ip: '127.0.0.1' } as FastifyRequest, null);
    // Three hundred winners: the ticker's part is well past the 12.8 kB React keeps inline by default.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const answer = await inside(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith(ApiPath.winners)) return answer;
      const body = (await answer.json()) as { data: unknown[] };
      body.data = Array.from({ length: 300 }, (_, i) => ({
        id: i + 1,
        user: `me***${String(i).padStart(2, '0')}`,
        gametype: 1,
        seqno: `20261203-${String(i).padStart(4, '0')}`,
        value: 1,
        valuecn: 'Big',
        values: [1],
        money: 12.5,
        time: 1_764_720_000 + i,
      }));
      return new Response(JSON.stringify(body), { status: 200, headers: answer.headers });
    };
    const page = await renderer!({
      path: '/',
      search: '',
      locale: 'en',
      timeZone: 'UTC',
      token: null,
      now: Date.now(),
      fetch,
    });
    expect(page.html).toContain('me***299');
    expect(page.html).not.toMatch(/<script|<template|hidden id="S:/);
  });
});

describe('rendering under a crowd', () => {
  it(`renders at most ${MAX_RENDERS_WAITING} pages at once; the others go unrendered, for the app to render`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slow-renderer-'));
    writeFileSync(join(dir, 'index.html'), readFileSync(BUILT_PAGE, 'utf8'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), readFileSync(BUILT_MANIFEST, 'utf8'));
    // A renderer that takes a while for every page.
    const slow = join(dir, 'renderPage.js');
    writeFileSync(
      slow,
      `export async function renderPage() {
        await new Promise((done) => setTimeout(done, 300));
        return { html: '<p id="made-here">made</p>', state: { mutations: [], queries: [] } };
      }`,
    );
    const crowded = await startServer({ distDir: dir, rendererFile: slow });
    try {
      const member = await registerMember(crowded);
      const pages = await Promise.all(
        Array.from({ length: 10 }, () =>
          crowded.app.inject({
            method: 'GET',
            url: '/user',
            headers: { ...NAVIGATION, cookie: `${SESSION_COOKIE}=${member.token}` },
          }),
        ),
      );
      expect(pages.map((page) => page.statusCode)).toEqual(Array(10).fill(200));
      const made = pages.filter((page) => page.body.includes('id="made-here"'));
      expect(made).toHaveLength(MAX_RENDERS_WAITING);
      // The rest are the page with its answers, as before rendering: the app renders them.
      for (const page of pages.filter((each) => !made.includes(each))) {
        expect(pageOf(page.body).rendered).toBeUndefined();
        // Still with its language's catalogues preloaded (no cookie or Accept-Language: the default).
        expect(preloadsOf(page.body).sort()).toEqual(catalogChunks('vi').sort());
      }
    } finally {
      await crowded.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
