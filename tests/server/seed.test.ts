/** Migrations and seed data of a fresh install. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { BankCard } from '../../src/shared/api/types';
import { migrateToLatest } from '../../src/server/db/migrate';
import { sanitizeArticleHtml } from '../../src/server/domain/content/sanitize';
import { DEMO_MEMBER, seedIfEmpty } from '../../src/server/seed';
import { ratesOf } from '../../src/shared/game';
import { startServer, TEST_INVITATION, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('migrations', () => {
  it('running them again changes nothing', async () => {
    expect(await migrateToLatest(server.deps.db, server.deps.dialect)).toEqual([]);
  });
});

describe('seed', () => {
  it('runs only on an empty database', async () => {
    expect(await seedIfEmpty(server.deps)).toEqual({ seeded: false, invitationCode: null });
    const members = await server.deps.db
      .selectFrom('members')
      .select('username')
      .where('username', '=', 'demo01')
      .execute();
    expect(members).toHaveLength(1);
  });

  it('has the three games with their round lengths', async () => {
    const games = await server.deps.db.selectFrom('games').selectAll().orderBy('id').execute();
    expect(games.map((g) => [g.id, g.round_seconds])).toEqual([
      [1, 210],
      [4, 300],
      [15, 120],
    ]);
  });

  it('has a room for every coin group and kind, with 11 rates that keep a house edge', async () => {
    const rooms = await server.deps.db.selectFrom('rooms').selectAll().execute();
    const pairs = new Set(rooms.map((r) => `${r.roomtype}:${r.kind}`));
    for (const roomtype of [1, 2, 3])
      for (const kind of ['standard', 'vip', 'superior', 'premier'])
        expect(pairs.has(`${roomtype}:${kind}`)).toBe(true);
    // Probabilities per 1000 draws of three uniform digits (DESIGN.md section 4).
    const per1000 = [500, 500, 500, 500, 231, 269, 269, 231, 56, 56, 10];
    for (const room of rooms) {
      const rates = ratesOf(room);
      rates.forEach((rate, outcome) => {
        const returnPer1000 = (rate / 100) * per1000[outcome];
        expect(returnPer1000, `room ${room.title} outcome ${outcome}`).toBeLessThan(1000);
        expect(returnPer1000, `room ${room.title} outcome ${outcome}`).toBeGreaterThan(850);
      });
      expect(room.minbuy_cents).toBeGreaterThanOrEqual(20_00);
      expect(room.minjoin_cents).toBeGreaterThan(0);
    }
  });

  it('has articles in all four languages: two news, two announcements, two help, the introduction (26)', async () => {
    const articles = await server.deps.db.selectFrom('articles').selectAll().execute();
    const byCategory = (c: number) => articles.filter((a) => a.category === c);
    expect(byCategory(9)).toHaveLength(2);
    expect(byCategory(14)).toHaveLength(2);
    expect(byCategory(2)).toHaveLength(2);
    expect(articles.find((a) => a.id === 26)?.category).toBe(26);
    for (const a of articles) {
      for (const text of [
        a.title,
        a.title_ft,
        a.title_yw,
        a.title_vi,
        a.content,
        a.content_ft,
        a.content_yw,
        a.content_vi,
      ]) {
        expect(text.trim()).not.toBe('');
      }
      const img = JSON.parse(a.img) as string[];
      for (const path of img) expect(existsSync(join('public', path)), path).toBe(true);
    }
    // News and help show pictures (public/articles/); announcements and the introduction do not.
    const withImages = articles.filter((a) => JSON.parse(a.img).length > 0).map((a) => a.id);
    expect(withImages.sort((x, y) => x - y)).toEqual([1, 2, 5, 6]);
  });

  it('stores articles already sanitised: nothing the shared allowlist would remove', async () => {
    const articles = await server.deps.db.selectFrom('articles').selectAll().execute();
    for (const a of articles) {
      for (const html of [a.content, a.content_ft, a.content_yw, a.content_vi]) {
        expect(sanitizeArticleHtml(html)).toBe(html);
      }
      for (const title of [a.title, a.title_ft, a.title_yw, a.title_vi]) expect(title).not.toMatch(/[<>]/);
    }
  });

  it('has the finance tiers setting (SPEC.md section 9)', async () => {
    const row = await server.deps.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'financeProducts')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toEqual([
      { id: 1, minimum: 100_000, dailyRate: 0.15, days: 15 },
      { id: 2, minimum: 300_000, dailyRate: 0.3, days: 30 },
      { id: 3, minimum: 800_000, dailyRate: 0.8, days: 45 },
      { id: 4, minimum: 1_500_000, dailyRate: 1.3, days: 60 },
    ]);
  });

  it('a later article gets a fresh id (the id sequence knows about 26)', async () => {
    const row = await server.deps.db
      .insertInto('articles')
      .values({
        category: 9,
        title: 't',
        title_ft: 't',
        title_yw: 't',
        title_vi: 't',
        content: 'c',
        content_ft: 'c',
        content_yw: 'c',
        content_vi: 'c',
        img: '[]',
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(26);
  });

  it('has three banners with a path per language', async () => {
    const banners = await server.deps.db.selectFrom('banners').selectAll().orderBy('sort').execute();
    expect(banners.map((b) => b.path)).toEqual([
      '/banners/banner-1.svg',
      '/banners/banner-2.svg',
      '/banners/banner-3.svg',
    ]);
    for (const b of banners) {
      const paths = [b.path, b.path_tw, b.path_vi, b.path_yw];
      expect(paths.every((p) => p.startsWith('/banners/'))).toBe(true);
      // Each language has its own picture, and every picture exists in public/.
      expect(new Set(paths).size).toBe(4);
      for (const p of paths) expect(existsSync(join('public', p))).toBe(true);
    }
  });

  it('has the invitation code, and the demo member credited 1,000.00 through the ledger', async () => {
    const invitation = await server.deps.db.selectFrom('invitations').selectAll().execute();
    expect(invitation.map((i) => i.code)).toContain(TEST_INVITATION);
    const demo = await server.deps.db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', 'demo01')
      .executeTakeFirstOrThrow();
    expect(demo.money_cents).toBe(1_000_00);
    const rows = await server.deps.db.selectFrom('fund_log').selectAll().where('member_id', '=', demo.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount_cents: 1_000_00,
      before_cents: 0,
      after_cents: 1_000_00,
      reason_code: 'deposit',
      ref_id: 'DEMO-CREDIT',
    });
    // The withdrawal password 123456 is set.
    const login = await server.call<{ token: string }>(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    const change = await server.call(ApiPath.changePayPassword, {
      token: login.body.data.token,
      srcpwd: '123456',
      newpwd: '123456',
      newpwd2: '123456',
    });
    expect(change.body.code).toBe(1);
  });

  it('gives the demo member a saved account past the 24-hour hold of a new one, so it can try a withdrawal', async () => {
    const login = await server.call<{ token: string }>(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    const cards = await server.call<BankCard[]>(ApiPath.bankCardList, { token: login.body.data.token });
    expect(cards.body.data).toHaveLength(1);
    expect(cards.body.data[0]).toMatchObject({ type: 'USDT-TRC20', address: DEMO_MEMBER.address });
    expect(cards.body.data[0].availableAt).toBeLessThanOrEqual(server.clock.now);
  });

  it('has the settings defaults', async () => {
    const settings = await server.deps.db.selectFrom('settings').selectAll().execute();
    const map = new Map(settings.map((s) => [s.key, s.value]));
    expect(map.get('priceFeedUrl')).toBe('wss://ws.okx.com:8443/ws/v5/public');
    expect(map.get('agreement')).toBe('1');
    for (const key of ['serviceUrl', 'siteName', 'version.android', 'version.ios']) expect(map.has(key)).toBe(true);
  });
});
