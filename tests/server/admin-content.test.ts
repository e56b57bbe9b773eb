/**
 * The operator's content commands against the server's database: article:import (insert, update,
 * @html files), article:delete, banner:import and finance:set. A bad file exits 1 and changes
 * nothing; what a command changed is what the app reads over HTTP.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { Article, Banner, FinanceProduct } from '../../src/shared/api/types';
import { adminOf } from './support/admin';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let folder: string;
beforeAll(async () => {
  server = await startServer();
  folder = join(server.database.dir, 'content');
  mkdirSync(folder, { recursive: true });
});
afterAll(() => server.close());

const admin = adminOf(() => server);

let files = 0;
/** Writes `content` (JSON unless it is text already) to a new file beside the others; answers its path. */
function file(content: unknown, name = `file-${++files}.json`): string {
  const path = join(folder, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

function articles() {
  return server.deps.db.selectFrom('articles').selectAll().orderBy('id').execute();
}

async function detail(id: number, lang = 'en') {
  return (await server.call<Article>(ApiPath.articleDetail, { lang, id })).body;
}

const TITLES = { 'zh-CN': '新闻', 'zh-TW': '新聞', en: 'News item', vi: 'Tin tức' };

describe('article:import', () => {
  it('inserts an article, then updates it in place when imported again with its id', async () => {
    const before = await articles();
    const first = await admin(
      'article:import',
      file({ category: 9, title: TITLES, content: { en: '<p>First</p>' }, img: ['/articles/launch.svg'] }),
    );
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const id = Number(/^Inserted article #(\d+) \(category 9\): News item$/m.exec(first.out)?.[1]);
    expect(id).toBeGreaterThan(26);
    expect(first.out).toMatch(new RegExp(`Imported 1 article: inserted ${id}; updated none\\.`));
    const inserted = await detail(id);
    expect(inserted.data).toMatchObject({
      id,
      category: 9,
      title: '新闻',
      title_ft: '新聞',
      title_yw: 'News item',
      title_vi: 'Tin tức',
      content_yw: '<p>First</p>',
      content: '',
      img: ['/articles/launch.svg'],
    });

    const second = await admin(
      'article:import',
      file({ id, category: 14, title: { en: 'Changed' }, content: { vi: '<p>Thứ hai</p>' } }),
    );
    expect(second.code).toBe(0);
    expect(second.out).toMatch(new RegExp(`^Updated article #${id} \\(category 14\\): Changed$`, 'm'));
    expect(second.out).toMatch(new RegExp(`inserted none; updated ${id}\\.`));
    const updated = await detail(id);
    // The file describes the whole article: languages it leaves out are empty now.
    expect(updated.data).toMatchObject({
      id,
      category: 14,
      title_yw: 'Changed',
      title: '',
      content_vi: '<p>Thứ hai</p>',
      content_yw: '',
      img: [],
    });
    // Same row, same publication time; nothing else added.
    expect(updated.data.time).toBe(inserted.data.time);
    expect(await articles()).toHaveLength(before.length + 1);
  });

  it('reads "@name.html" content from files beside the JSON file, sanitised, and imports a list', async () => {
    file('<h2>Welcome</h2>\n<p>Read <a href="/help/list">help</a>.</p><script>steal()</script>\n', 'intro.en.html');
    file('<p onclick="x()">Xin chào</p>', 'intro.vi.html');
    const result = await admin(
      'article:import',
      file([
        { category: 2, title: { en: 'Guide' }, content: { en: '@intro.en.html', vi: '@intro.vi.html' } },
        { category: 2, title: { vi: 'Hướng dẫn 2' }, content: { vi: '<p>@ is text when inline</p>' } },
        { category: 2, title: { en: 'Mentions' }, content: { en: '@everyone: rounds pause at 3:00' } },
      ]),
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const ids = [...result.out.matchAll(/^Inserted article #(\d+)/gm)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(3);
    const guide = await detail(ids[0]);
    expect(guide.data.content_yw).toBe('<h2>Welcome</h2>\n<p>Read <a href="/help/list">help</a>.</p>');
    expect(guide.data.content_vi).toBe('<p>Xin chào</p>');
    expect((await detail(ids[1])).data.content_vi).toBe('<p>@ is text when inline</p>');
    // Only "@<file>.html" names a file; other text that starts with @ is text.
    expect((await detail(ids[2])).data.content_yw).toBe('@everyone: rounds pause at 3:00');
  });

  it('inserts with a chosen id, and later articles get ids after it (the id sequence follows)', async () => {
    const chosen = await admin('article:import', file({ id: 5000, category: 9, title: { en: 'Chosen id' } }));
    expect(chosen.code).toBe(0);
    expect(chosen.out).toMatch(/^Inserted article #5000 /m);
    const next = await admin('article:import', file({ category: 9, title: { en: 'After it' } }));
    expect(next.code).toBe(0);
    expect(Number(/Inserted article #(\d+)/.exec(next.out)?.[1])).toBeGreaterThan(5000);
  });

  it('the example file of docs/examples imports as it is', async () => {
    const result = await admin('article:import', 'docs/examples/articles.json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const id = Number(/^Inserted article #(\d+) \(category 9\): Scheduled maintenance$/m.exec(result.out)?.[1]);
    const article = await detail(id, 'vi');
    expect(article.data.content_yw).toContain('<strong>Sunday, 02:00-02:30 (UTC+8)</strong>');
    expect(article.data.content_vi).toContain('<a href="https://example.com/support">');
  });

  const invalid: [string, unknown, RegExp][] = [
    ['not JSON', '{"category": 9,', /is not valid JSON/],
    ['an empty list', [], /holds no article/],
    ['no category', { title: { en: 'x' } }, /article 1: category must be a positive whole number/],
    ['category 0', { category: 0, title: { en: 'x' } }, /category must be a positive whole number/],
    ['category as text', { category: '9', title: { en: 'x' } }, /category must be a positive whole number/],
    ['no title', { category: 9 }, /title is missing/],
    ['only empty titles', { category: 9, title: { en: '  ', vi: '<b></b>' } }, /at least one title/],
    ['an unknown language', { category: 9, title: { fr: 'Bonjour' } }, /unknown language "fr"/],
    ['flat fields', { category: 9, title_yw: 'x' }, /unknown field "title_yw"/],
    ['a bad id', { id: -3, category: 9, title: { en: 'x' } }, /id must be a positive whole number/],
    ['an unsafe image', { category: 9, title: { en: 'x' }, img: ['javascript:alert(1)'] }, /is not a usable path/],
    ['img not a list', { category: 9, title: { en: 'x' }, img: '/a.svg' }, /img must be a list/],
    [
      'a missing html file',
      { category: 9, title: { en: 'x' }, content: { en: '@nope.html' } },
      /cannot read .*nope\.html/,
    ],
    [
      'a good article then a bad one',
      [
        { category: 9, title: { en: 'Good' } },
        { category: 9, title: { en: 'Bad' }, content: { en: 5 } },
      ],
      /article 2: content\.en must be text/,
    ],
    [
      'an id twice',
      [
        { id: 7000, category: 9, title: { en: 'a' } },
        { id: 7000, category: 9, title: { en: 'b' } },
      ],
      /id 7000 appears twice/,
    ],
  ];

  it.each(invalid)('refuses %s with exit 1 and changes nothing', async (_name, content, message) => {
    const before = await articles();
    const result = await admin('article:import', file(content));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^article:import: /);
    expect(result.err).toMatch(message);
    expect(result.out).toBe('');
    expect(await articles()).toEqual(before);
  });

  it('a missing file is refused (1), a missing argument is a usage error (2)', async () => {
    const missing = await admin('article:import', join(folder, 'absent.json'));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/cannot read .*absent\.json \(ENOENT\)/);
    const usage = await admin('article:import');
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/Usage/);
  });
});

describe('article:delete', () => {
  it('deletes an article: the app no longer finds it', async () => {
    const made = await admin('article:import', file({ category: 9, title: { en: 'Short-lived' } }));
    const id = Number(/Inserted article #(\d+)/.exec(made.out)?.[1]);
    expect((await detail(id)).code).toBe(1);
    const result = await admin('article:delete', String(id));
    expect(result).toMatchObject({ code: 0, out: `Deleted article #${id} (category 9): Short-lived` });
    expect((await detail(id)).code).toBe(1001);
    const news = await server.call<Article[]>(ApiPath.oneClassArticle, { type: 9 });
    expect(news.body.data.map((a) => a.id)).not.toContain(id);
  });

  it('an unknown id exits 1; a non-numeric one is a usage error', async () => {
    expect(await admin('article:delete', '999999')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/no article #999999/),
    });
    expect((await admin('article:delete', 'abc')).code).toBe(2);
    expect((await admin('article:delete')).code).toBe(2);
  });
});

describe('banner:import', () => {
  it('replaces the banner set; slide answers the new one in sort order', async () => {
    const result = await admin(
      'banner:import',
      file([
        { path: '/banners/banner-2.svg', path_tw: '/banners/banner-2.svg', path_vi: '/banners/vi.svg', sort: 2 },
        {
          path: '/banners/banner-3.svg',
          path_tw: '/banners/banner-3.svg',
          path_vi: '/banners/banner-3.svg',
          path_yw: 'https://cdn.example.com/en.png',
          sort: 1,
        },
      ]),
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Replaced the banners: 2 now\./);
    const { body } = await server.call<Banner[]>(ApiPath.slide, { lang: 'vi' });
    expect(body.data.map(({ path, path_tw, path_vi, path_yw }) => ({ path, path_tw, path_vi, path_yw }))).toEqual([
      {
        path: '/banners/banner-3.svg',
        path_tw: '/banners/banner-3.svg',
        path_vi: '/banners/banner-3.svg',
        path_yw: 'https://cdn.example.com/en.png',
      },
      // A language left out is stored empty: the app falls back to another picture.
      { path: '/banners/banner-2.svg', path_tw: '/banners/banner-2.svg', path_vi: '/banners/vi.svg', path_yw: '' },
    ]);
  });

  it.each([
    ['an unsafe path', [{ path: 'javascript:alert(1)' }], /not a usable image path/],
    ['a data URL', [{ path: 'data:image/svg+xml,<svg onload=alert(1)>' }], /not a usable image path/],
    ['no path at all', [{ path: '', sort: 1 }], /banner 1: no image path/],
    ['an unknown field', [{ path: '/b.svg', link: '/x' }], /unknown field "link"/],
    ['a fractional sort', [{ path: '/b.svg', sort: 1.5 }], /sort must be a whole number/],
    ['an object instead of a list', { path: '/b.svg' }, /expected a JSON list/],
    ['an empty list', [], /holds no banner/],
  ])('refuses %s with exit 1 and keeps the banners', async (_name, content, message) => {
    const before = await server.deps.db.selectFrom('banners').selectAll().orderBy('id').execute();
    const result = await admin('banner:import', file(content));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(message);
    expect(await server.deps.db.selectFrom('banners').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('the example file of docs/examples imports as it is', async () => {
    expect((await admin('banner:import', 'docs/examples/banners.json')).code).toBe(0);
    const { body } = await server.call<Banner[]>(ApiPath.slide, {});
    expect(body.data.map((b) => b.path)).toEqual(['/banners/banner-1.svg', '/banners/banner-3.svg']);
  });
});

describe('finance:set', () => {
  async function served(): Promise<FinanceProduct[]> {
    return (await server.call<FinanceProduct[]>(ApiPath.financeProducts, { lang: 'cht' })).body.data;
  }

  it('replaces the tiers; getFinanceProducts answers them sorted by minimum', async () => {
    const result = await admin(
      'finance:set',
      file([
        { id: 9, minimum: 250_000.5, dailyRate: 0.45, days: 20 },
        { id: 3, minimum: 50_000, dailyRate: 0.1, days: 7 },
      ]),
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Finance tiers before: #1 from 100,000\.00 USD at 0\.15 %\/day for 15 days; /m);
    expect(result.out).toMatch(
      /^Finance tiers now: +#3 from 50,000\.00 USD at 0\.10 %\/day for 7 days; #9 from 250,000\.50 USD at 0\.45 %\/day for 20 days$/m,
    );
    expect(await served()).toEqual([
      { id: 3, minimum: 50_000, dailyRate: 0.1, days: 7 },
      { id: 9, minimum: 250_000.5, dailyRate: 0.45, days: 20 },
    ]);
  });

  it.each([
    ['minimum 0', [{ id: 1, minimum: 0, dailyRate: 0.1, days: 7 }], /minimum must be a positive USD amount/],
    ['minimum with 3 decimals', [{ id: 1, minimum: 10.125, dailyRate: 0.1, days: 7 }], /minimum must be/],
    ['minimum as text', [{ id: 1, minimum: '1000', dailyRate: 0.1, days: 7 }], /minimum must be/],
    ['dailyRate 0', [{ id: 1, minimum: 1000, dailyRate: 0, days: 7 }], /dailyRate must be a percentage above 0/],
    ['dailyRate with 3 decimals', [{ id: 1, minimum: 1000, dailyRate: 0.155, days: 7 }], /dailyRate must be/],
    ['dailyRate negative', [{ id: 1, minimum: 1000, dailyRate: -1, days: 7 }], /dailyRate must be/],
    ['fractional days', [{ id: 1, minimum: 1000, dailyRate: 0.1, days: 1.5 }], /days must be a whole number/],
    ['zero days', [{ id: 1, minimum: 1000, dailyRate: 0.1, days: 0 }], /days must be a whole number/],
    ['no id', [{ minimum: 1000, dailyRate: 0.1, days: 7 }], /tier 1: id must be a positive whole number/],
    [
      'an id twice',
      [
        { id: 1, minimum: 1000, dailyRate: 0.1, days: 7 },
        { id: 1, minimum: 2000, dailyRate: 0.2, days: 7 },
      ],
      /tier 2: id 1 is used twice/,
    ],
    ['an unknown field', [{ id: 1, minimum: 1000, dailyRate: 0.1, days: 7, apr: 36 }], /unknown field "apr"/],
    ['an empty list', [], /holds no tier/],
    ['an object', { id: 1, minimum: 1000, dailyRate: 0.1, days: 7 }, /expected a JSON list/],
  ])('refuses %s with exit 1 and keeps the tiers', async (_name, content, message) => {
    const before = await served();
    const result = await admin('finance:set', file(content));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^finance:set: /);
    expect(result.err).toMatch(message);
    expect(await served()).toEqual(before);
  });

  it('the example file of docs/examples holds the tiers of SPEC.md section 9', async () => {
    expect((await admin('finance:set', 'docs/examples/finance.json')).code).toBe(0);
    expect(await served()).toEqual([
      { id: 1, minimum: 100_000, dailyRate: 0.15, days: 15 },
      { id: 2, minimum: 300_000, dailyRate: 0.3, days: 30 },
      { id: 3, minimum: 800_000, dailyRate: 0.8, days: 45 },
      { id: 4, minimum: 1_500_000, dailyRate: 1.3, days: 60 },
    ]);
  });

  it('is not a settings:set key (its own command checks it)', async () => {
    const result = await admin('settings:set', 'financeProducts', '[]');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/unknown setting "financeProducts"/);
  });
});

describe('usage', () => {
  it('lists the content commands', async () => {
    const result = await admin('help');
    expect(result.code).toBe(0);
    for (const command of ['article:import', 'article:delete', 'banner:import', 'finance:set'])
      expect(result.out).toContain(command);
  });
});
