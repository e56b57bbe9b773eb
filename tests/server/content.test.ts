/**
 * The public content paths over HTTP in every language: articles by category (whole and as a
 * list), one article, banners, the finance tiers and the winners ticker. Article HTML imported by
 * the operator comes back harmless; winners come only from real settled rounds that paid a member
 * more than the member staked on them.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { Article, ArticleSummary, Banner, FinanceProduct, WinnerEntry } from '../../src/shared/api/types';
import { WINNERS_LIMIT } from '../../src/shared/constants';
import { API_LANGS, localeOfApiLang, type ApiLang } from '../../src/shared/locale';
import { runAdmin } from '../../src/server/admin/commands';
import { fillRoundResults } from '../../src/server/db/migrations/0012_winners_net';
import { loadTranslator, type Translator } from '../../src/server/i18n';
import { winningRoundsQuery } from '../../src/server/repositories/orderViews';
import { TEST_DIALECT } from './support/database';
import { currentRound, drawCurrent, fundedMember, line, openRound, order, ROOM, upcomingDraw } from './support/game';
import { startServer, type TestServer } from './support/server';

const ARTICLE_KEYS = [
  'category',
  'content',
  'content_ft',
  'content_vi',
  'content_yw',
  'id',
  'img',
  'time',
  'title',
  'title_ft',
  'title_vi',
  'title_yw',
];
const SUMMARY_KEYS = ['category', 'id', 'img', 'time', 'title', 'title_ft', 'title_vi', 'title_yw'];

let translator: Translator;
beforeAll(async () => {
  translator = await loadTranslator();
});

/** The localized text of 1001 a refusal must answer in `lang`. */
function incomplete(lang: ApiLang): string {
  return translator.text(localeOfApiLang(lang), 1001);
}

describe('articles, banners and finance tiers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each(API_LANGS)('getOneclassArticle answers a category whole, newest first (lang %s)', async (lang) => {
    const { status, body } = await server.call<Article[]>(ApiPath.oneClassArticle, { lang, type: 9 });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.info).toBe('ok');
    expect(body.data.map((a) => a.id)).toEqual([2, 1]);
    for (const article of body.data) {
      expect(Object.keys(article).sort()).toEqual(ARTICLE_KEYS);
      expect(article.category).toBe(9);
      for (const text of [article.title, article.title_ft, article.title_yw, article.title_vi])
        expect(text).not.toBe('');
      expect(article.content_yw).toMatch(/^<p>/);
      expect(Number.isInteger(article.time)).toBe(true);
      expect(article.time).toBeLessThan(Date.now() / 1000 + 1);
    }
    expect(body.data[0].time).toBeGreaterThan(body.data[1].time);
    expect(body.data[1].img).toEqual(['/articles/launch.svg']);
  });

  it('accepts the category as numeric text, and answers [] for a category with no articles', async () => {
    const text = await server.call<Article[]>(ApiPath.oneClassArticle, { type: '14' });
    expect(text.body.data.map((a) => a.id)).toEqual([4, 3]);
    const none = await server.call<Article[]>(ApiPath.oneClassArticle, { type: 777 });
    expect(none.body).toEqual({ code: 1, data: [], info: 'ok' });
  });

  it.each(API_LANGS)('getArticlelist answers titles and images without content (lang %s)', async (lang) => {
    const { body } = await server.call<ArticleSummary[]>(ApiPath.articleList, { lang, type: 2 });
    expect(body.code).toBe(1);
    expect(body.info).toBe('ok');
    // Both help articles share a publication time: the later id comes first.
    expect(body.data.map((a) => a.id)).toEqual([6, 5]);
    for (const summary of body.data) expect(Object.keys(summary).sort()).toEqual(SUMMARY_KEYS);
    expect(body.data.map((a) => a.img)).toEqual([['/articles/fairness.svg'], ['/articles/order.svg']]);
  });

  it('every image the seed names is a file the app serves (public/)', async () => {
    const rows = await server.deps.db.selectFrom('articles').select(['img', 'content_yw']).execute();
    const paths = rows.flatMap((r) => [
      ...(JSON.parse(r.img) as string[]),
      ...[...r.content_yw.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]),
    ]);
    expect(paths).toContain('/articles/hash-chain.svg');
    for (const path of paths) expect(existsSync(join('public', path)), path).toBe(true);
  });

  it.each(API_LANGS)('getArticledetail answers one article by id (lang %s)', async (lang) => {
    const intro = await server.call<Article>(ApiPath.articleDetail, { lang, id: 26 });
    expect(intro.body.code).toBe(1);
    expect(intro.body.info).toBe('ok');
    expect(Object.keys(intro.body.data).sort()).toEqual(ARTICLE_KEYS);
    expect(intro.body.data).toMatchObject({ id: 26, category: 26, title_yw: 'Introduction', title_vi: 'Giới thiệu' });
    const fairness = await server.call<Article>(ApiPath.articleDetail, { lang, id: '6' });
    for (const html of [
      fairness.body.data.content,
      fairness.body.data.content_ft,
      fairness.body.data.content_yw,
      fairness.body.data.content_vi,
    ])
      expect(html).toContain('<img src="/articles/hash-chain.svg"');
  });

  it.each(API_LANGS)('an unknown article id is refused with 1001 in the request language (lang %s)', async (lang) => {
    const { status, body } = await server.call(ApiPath.articleDetail, { lang, id: 987654 });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1001, data: null, info: incomplete(lang) });
  });

  it.each(API_LANGS)('missing or malformed type and id answer 1001, never a 500 (lang %s)', async (lang) => {
    const bad: [string, Record<string, unknown>][] = [
      [ApiPath.oneClassArticle, {}],
      [ApiPath.oneClassArticle, { type: 'news' }],
      [ApiPath.oneClassArticle, { type: 1.5 }],
      [ApiPath.oneClassArticle, { type: -9 }],
      [ApiPath.oneClassArticle, { type: null }],
      [ApiPath.articleList, {}],
      [ApiPath.articleList, { type: [9] }],
      [ApiPath.articleList, { type: '9e0' }],
      [ApiPath.articleDetail, {}],
      [ApiPath.articleDetail, { id: 'abc' }],
      [ApiPath.articleDetail, { id: 2.5 }],
      [ApiPath.articleDetail, { id: 99999999999 }],
      [ApiPath.articleDetail, { id: { id: 1 } }],
    ];
    for (const [path, body] of bad) {
      const answer = await server.call(path, { lang, ...body });
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(200);
      expect(answer.body, `${path} ${JSON.stringify(body)}`).toEqual({
        code: 1001,
        data: null,
        info: incomplete(lang),
      });
    }
  });

  it.each(API_LANGS)('slide answers the banners ordered by sort (lang %s)', async (lang) => {
    const { body } = await server.call<Banner[]>(ApiPath.slide, { lang });
    expect(body.code).toBe(1);
    expect(body.info).toBe('ok');
    expect(body.data.map((b) => b.path)).toEqual([
      '/banners/banner-1.svg',
      '/banners/banner-2.svg',
      '/banners/banner-3.svg',
    ]);
    for (const banner of body.data) {
      expect(Object.keys(banner).sort()).toEqual(['id', 'path', 'path_tw', 'path_vi', 'path_yw']);
      expect(existsSync(join('public', banner.path_vi))).toBe(true);
    }
  });

  it('slide orders by sort, then id', async () => {
    const db = server.deps.db;
    const before = await db.selectFrom('banners').selectAll().execute();
    await db.updateTable('banners').set({ sort: 5 }).execute();
    await db.updateTable('banners').set({ sort: 1 }).where('path', '=', '/banners/banner-3.svg').execute();
    try {
      const { body } = await server.call<Banner[]>(ApiPath.slide, {});
      expect(body.data.map((b) => b.path)).toEqual([
        '/banners/banner-3.svg',
        '/banners/banner-1.svg',
        '/banners/banner-2.svg',
      ]);
    } finally {
      for (const b of before) await db.updateTable('banners').set({ sort: b.sort }).where('id', '=', b.id).execute();
    }
  });

  it.each(API_LANGS)('getFinanceProducts answers the operator tiers sorted by minimum (lang %s)', async (lang) => {
    const { body } = await server.call<FinanceProduct[]>(ApiPath.financeProducts, { lang });
    expect(body.code).toBe(1);
    expect(body.info).toBe('ok');
    // SPEC.md section 9, written out here rather than read from the code under test.
    expect(body.data).toEqual([
      { id: 1, minimum: 100_000, dailyRate: 0.15, days: 15 },
      { id: 2, minimum: 300_000, dailyRate: 0.3, days: 30 },
      { id: 3, minimum: 800_000, dailyRate: 0.8, days: 45 },
      { id: 4, minimum: 1_500_000, dailyRate: 1.3, days: 60 },
    ]);
  });

  it('a database without the finance setting (older than it) answers the seed tiers', async () => {
    const db = server.deps.db;
    const stored = await db.selectFrom('settings').selectAll().where('key', '=', 'financeProducts').execute();
    expect(stored).toHaveLength(1);
    await db.deleteFrom('settings').where('key', '=', 'financeProducts').execute();
    try {
      const { body } = await server.call<FinanceProduct[]>(ApiPath.financeProducts, {});
      expect(body.data.map((p) => [p.minimum, p.dailyRate, p.days])).toEqual([
        [100_000, 0.15, 15],
        [300_000, 0.3, 30],
        [800_000, 0.8, 45],
        [1_500_000, 1.3, 60],
      ]);
    } finally {
      await db.insertInto('settings').values(stored).execute();
    }
  });

  it('a finance setting edited into junk answers no tiers, never tiers the operator did not set', async () => {
    const db = server.deps.db;
    const [stored] = await db.selectFrom('settings').selectAll().where('key', '=', 'financeProducts').execute();
    await db
      .updateTable('settings')
      .set({ value: '[{"id":1,"minimum":"lots"}]' })
      .where('key', '=', 'financeProducts')
      .execute();
    try {
      const { body } = await server.call<FinanceProduct[]>(ApiPath.financeProducts, {});
      expect(body.code).toBe(1);
      expect(body.data).toEqual([]);
    } finally {
      await db.updateTable('settings').set({ value: stored.value }).where('key', '=', 'financeProducts').execute();
    }
  });

  it('article HTML imported by the operator comes back harmless; allowed markup survives', async () => {
    const html = [
      '<p>Hello <strong>members</strong>, read <a href="https://example.com/rules" title="rules">the rules</a>.</p>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">one</a>',
      '<a href="java\tscript:alert(2)">two</a>',
      '<p style="position:fixed;top:0" onclick="alert(3)">styled</p>',
      '<iframe src="https://evil.example/frame">framed</iframe>',
      '<img src="/articles/order.svg" alt="order">',
    ].join('');
    const file = join(server.database.dir, 'xss.json');
    writeFileSync(
      file,
      JSON.stringify({
        category: 9,
        title: { en: '<b>Safe</b> title<script>alert(4)</script>', vi: 'Tiêu đề' },
        content: { en: html, vi: html, 'zh-CN': html, 'zh-TW': html },
        img: ['/articles/order.svg'],
      }),
    );
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['article:import', file], {
      env: server.database.env,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const id = Number(/Inserted article #(\d+)/.exec(out.join('\n'))?.[1]);

    for (const lang of API_LANGS) {
      const { body } = await server.call<Article>(ApiPath.articleDetail, { lang, id });
      expect(body.code).toBe(1);
      const article = body.data;
      expect(article.title_yw).toBe('Safe title');
      expect(article.title_vi).toBe('Tiêu đề');
      // Empty translations are answered as stored: the app falls back.
      expect(article.title).toBe('');
      for (const content of [article.content, article.content_ft, article.content_yw, article.content_vi]) {
        expect(content).not.toMatch(/<script|alert|onerror|onclick|javascript|java\s*script|style=|<iframe|framed/i);
        expect(content).toContain('<p>Hello <strong>members</strong>');
        expect(content).toContain('<a href="https://example.com/rules" title="rules">the rules</a>');
        expect(content).toContain('<img src="/articles/order.svg" alt="order" />');
        expect(content).toContain('<a>one</a>');
        expect(content).toContain('<p>styled</p>');
      }
    }
    // The list shows it first (newest), without its content.
    const list = await server.call<ArticleSummary[]>(ApiPath.articleList, { type: 9 });
    expect(list.body.data[0]).toMatchObject({ id, title_yw: 'Safe title', img: ['/articles/order.svg'] });
  });
});

describe('getWinners', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each(API_LANGS)('answers [] on a fresh database (lang %s)', async (lang) => {
    const { status, body } = await server.call<WinnerEntry[]>(ApiPath.winners, { lang });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1, data: [], info: 'ok' });
  });

  it("lists a member's round only when it paid more than the member staked, with that net; never a loss with a winning line, nor an open order", async () => {
    const [hedger, bigHeavy, smallHeavy, later] = [
      await fundedMember(server, 500),
      await fundedMember(server, 500),
      await fundedMember(server, 500),
      await fundedMember(server, 500),
    ];
    // Big (0) and small (1) split every draw: exactly one line of each member wins.
    await openRound(server, 15);
    // 40 on each: the winning line pays 78.00 of the 80.00 staked, a loss of 2.00 whatever the draw.
    expect((await order(server, hedger.token, ROOM.usdtStandard, [line(0, 40), line(1, 40)])).body.code).toBe(1);
    // 100 on one side and 20 on the other, in two orders: +75.00 when the 100 wins, -81.00 when the 20 does.
    expect((await order(server, bigHeavy.token, ROOM.usdtStandard, [line(0, 100)])).body.code).toBe(1);
    expect((await order(server, bigHeavy.token, ROOM.usdtStandard, [line(1, 20)])).body.code).toBe(1);
    expect((await order(server, smallHeavy.token, ROOM.usdtStandard, [line(1, 100), line(0, 20)])).body.code).toBe(1);
    const drawn = await drawCurrent(server, 15);
    expect(drawn.settled_at).not.toBeNull();
    // An order on big in the next round, not drawn yet: still waiting, never a winner.
    await openRound(server, 15);
    expect((await order(server, later.token, ROOM.usdtStandard, [line(0, 50)])).body.code).toBe(1);
    expect((await currentRound(server, 15)).status).toBe('open');

    const [winner, outcome] = drawn.sum! >= 14 ? [bigHeavy, 0] : [smallHeavy, 1];
    // The hedger's winning line is settled as a win: a ticker of lines would list it.
    const hedgerLines = await server.deps.db
      .selectFrom('order_lines')
      .select('status')
      .where('member_id', '=', hedger.id)
      .execute();
    expect(hedgerLines.map((l) => l.status).sort()).toEqual(['lose', 'win']);
    const result = await server.deps.db
      .selectFrom('round_results')
      .selectAll()
      .where('member_id', '=', winner.id)
      .executeTakeFirstOrThrow();

    for (const lang of API_LANGS) {
      const { body } = await server.call<WinnerEntry[]>(ApiPath.winners, { lang });
      expect(body.code).toBe(1);
      expect(body.info).toBe('ok');
      expect(body.data).toEqual([
        {
          id: result.id,
          // Masked: the first two and last two characters of the account name.
          user: `${winner.username.slice(0, 2)}***${winner.username.slice(-2)}`,
          gametype: 15,
          seqno: drawn.seqno,
          value: outcome,
          valuecn: translator.outcomeNames(localeOfApiLang(lang))[outcome],
          values: [outcome],
          // 100 x the standard room's rate 1.95, less the 120.00 staked on the round.
          money: 75,
          time: Math.floor(drawn.settled_at! / 1000),
        },
      ]);
      expect(JSON.stringify(body.data)).not.toContain(winner.username);
    }
    const names = API_LANGS.map((lang) => translator.outcomeNames(localeOfApiLang(lang))[outcome]);
    expect(new Set(names).size).toBeGreaterThan(1);
  });

  it('a round won on two outcomes is one entry, with both outcomes (best-paid first) and the net of all its lines', async () => {
    const player = await fundedMember(server, 500);
    const round = await openRound(server, 15);
    const [a, b, c] = await upcomingDraw(server, round);
    const sum = a + b + c;
    const [bigOrSmall, oddOrEven] = [sum >= 14 ? 0 : 1, sum % 2 === 1 ? 2 : 3];
    // Two winning lines and a losing one: 97.50 + 58.50 paid for 100.00 staked.
    const losing = bigOrSmall === 0 ? 1 : 0;
    const lines = [line(bigOrSmall, 50), line(oddOrEven, 30), line(losing, 20)];
    expect((await order(server, player.token, ROOM.usdtStandard, lines)).body.code).toBe(1);
    const drawn = await drawCurrent(server, 15);
    expect([drawn.num1, drawn.num2, drawn.num3]).toEqual([a, b, c]);
    const { body } = await server.call<WinnerEntry[]>(ApiPath.winners, {});
    const masked = `${player.username.slice(0, 2)}***${player.username.slice(-2)}`;
    const mine = body.data.filter((w) => w.seqno === drawn.seqno && w.user === masked);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ value: bigOrSmall, values: [bigOrSmall, oddOrEven], money: 56 });
  });

  it(`answers at most ${WINNERS_LIMIT}, newest first`, async () => {
    const bigs = [await fundedMember(server, 5_000), await fundedMember(server, 5_000)];
    const smalls = [await fundedMember(server, 5_000), await fundedMember(server, 5_000)];
    for (let round = 0; round < 12; round++) {
      await openRound(server, 15);
      // One side wins each round: two winning members a round, each up 0.95 x the stake.
      for (const [i, member] of bigs.entries()) {
        expect((await order(server, member.token, ROOM.usdtStandard, [line(0, 20 + i)])).body.code).toBe(1);
      }
      for (const [i, member] of smalls.entries()) {
        expect((await order(server, member.token, ROOM.usdtStandard, [line(1, 20 + i)])).body.code).toBe(1);
      }
      await drawCurrent(server, 15);
    }
    const { body } = await server.call<WinnerEntry[]>(ApiPath.winners, {});
    expect(body.data).toHaveLength(WINNERS_LIMIT);
    const keys = body.data.map((w) => [w.time, w.id]);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    const newest = await server.deps.db
      .selectFrom('round_results')
      .select('id')
      .where((eb) => eb('award_cents', '>', eb.ref('stake_cents')))
      .orderBy('settled_at', 'desc')
      .orderBy('id', 'desc')
      .limit(WINNERS_LIMIT)
      .execute();
    expect(body.data.map((w) => w.id)).toEqual(newest.map((r) => r.id));
    for (const entry of body.data) expect(entry.money === 19 || entry.money === 19.95).toBe(true);
  });

  it('reads the partial index of winning rounds, not every round result', async () => {
    const query = winningRoundsQuery(server.deps.db, WINNERS_LIMIT).compile();
    if (TEST_DIALECT === 'sqlite') {
      const plan = await server.deps.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/round_results USING INDEX round_results_winners/);
      expect(details).not.toMatch(/SCAN round_results\b(?! USING)/);
      expect(details).not.toMatch(/TEMP B-TREE/);
      return;
    }
    // A test table is tiny, so PostgreSQL's planner would rather scan it: forbid that to see the index fits.
    const plan = await server.deps.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
    });
    const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(lines).toMatch(/round_results_winners/);
  });
});

describe('migration 0012 on rounds settled before it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("fills each member's settled rounds from their lines as settlement records them, leaving open rounds out", async () => {
    const [one, two] = [await fundedMember(server, 500), await fundedMember(server, 500)];
    for (let round = 0; round < 3; round++) {
      await openRound(server, 15);
      expect((await order(server, one.token, ROOM.usdtStandard, [line(0, 40), line(1, 20)])).body.code).toBe(1);
      expect((await order(server, two.token, ROOM.usdtStandard, [line(2, 30)])).body.code).toBe(1);
      // A cancelled line is no stake.
      const placed = await order(server, two.token, ROOM.usdtStandard, [line(3, 25)]);
      const cancel = await server.call(ApiPath.gameCancel, {
        token: two.token,
        roomid: ROOM.usdtStandard,
        order_id: placed.body.data.order_ids[0],
      });
      expect(cancel.body.code).toBe(1);
      await drawCurrent(server, 15);
    }
    await openRound(server, 15);
    expect((await order(server, one.token, ROOM.usdtStandard, [line(0, 50)])).body.code).toBe(1);

    const columns = ['round_id', 'member_id', 'stake_cents', 'award_cents', 'settled_at'] as const;
    const read = () =>
      server.deps.db.selectFrom('round_results').select(columns).orderBy('round_id').orderBy('member_id').execute();
    const recorded = await read();
    expect(recorded).toHaveLength(6);
    for (const row of recorded) expect(row.stake_cents).toBe(row.member_id === one.id ? 6000 : 3000);

    await server.deps.db.deleteFrom('round_results').execute();
    await fillRoundResults(server.deps.db as unknown as Kysely<unknown>);
    expect(await read()).toEqual(recorded);
  });
});
