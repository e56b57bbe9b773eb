import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser';
import { adminOn, removeServerFiles, startServerProcess, type ServerProcess } from '../support/serverProcess';

/**
 * Every page a member reads from this device's cache says so with its own stale mark, whether the
 * browser knows it is offline or only finds the server out of reach (the browser says online, as
 * it may after an offline reload): the account, messages, help, an article, the withdrawal
 * accounts and responsible play. A server of this file's own, so that it can be stopped.
 */
const PAGES: Array<{ path: string; ready: (page: Page) => Promise<unknown> }> = [
  { path: '/user', ready: (page) => page.getByTestId('balance').waitFor() },
  // The news list's own rows, not the tab alone: offline reads what the answer left on the device.
  {
    path: '/message',
    ready: async (page) => {
      await page.getByRole('tab').nth(1).click();
      await page.getByTestId('messages-news').getByTestId('message').first().waitFor();
    },
  },
  { path: '/help/list', ready: (page) => page.getByTestId('article-row').first().waitFor() },
  // The heading is the page's own; the empty state comes with the server's answer.
  { path: '/banklist', ready: (page) => page.getByText('No accounts yet').waitFor() },
  { path: '/responsible_play', ready: (page) => page.getByRole('button', { name: 'Save limit' }).waitFor() },
];

/** What each language's stale mark says whatever its time. */
const STALE_WORDS = { en: 'Stale since', vi: 'Chưa cập nhật từ', 'zh-CN': '可能已过时', 'zh-TW': '可能已過時' };
/** The shell's banner while the browser is offline, in each language. */
const OFFLINE_WORDS: Array<[keyof typeof STALE_WORDS, string]> = [
  ['en', 'You are offline'],
  ['vi', 'Bạn đang ngoại tuyến'],
  ['zh-CN', '您已离线'],
  ['zh-TW', '您已離線'],
];

/** The stale mark of the page's own content (not the offline banner of the shell). */
async function staleMarkShown(page: Page): Promise<boolean> {
  return page
    .locator('main [data-testid="stale-badge"]:visible')
    .count()
    .then((count) => count > 0);
}

describe('stale marks', () => {
  let browser: Browser;
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let articlePath = '';
  /** An article this device never opened: nothing of it is cached. */
  let unreadArticlePath = '';
  let neverReadPath = '';
  const member = { username: 'stale01', password: 'play1234' };

  beforeAll(async () => {
    server = await startServerProcess({ seconds: 120, close: 60 });
    browser = await launchBrowser();
    adminOn(server.dataDir, ['member:create', member.username], `${member.password}\n`);
    adminOn(server.dataDir, ['credit', member.username, '100', '--ref', 'e2e stale']);
    context = await phoneContext(browser, server.url);
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    if (server) removeServerFiles(server);
  });

  it('online, each page is confirmed by the server: no stale mark', async () => {
    await page.goto('/login');
    await page.getByLabel('Account', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/user');
    // Each page read once online, so the device holds its answers; the service worker in control.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    for (const { path, ready } of PAGES) {
      await page.goto(path);
      await ready(page);
      await expect.poll(() => staleMarkShown(page), { message: path }).toBe(false);
    }
    await page.goto('/help/list');
    articlePath = (await page.getByTestId('article-row').first().getAttribute('href')) ?? '';
    unreadArticlePath = (await page.getByTestId('article-row').nth(1).getAttribute('href')) ?? '';
    expect(unreadArticlePath).not.toBe(articlePath);
    // A third for the server's absence: the second is read again once the browser is back online.
    neverReadPath = (await page.getByTestId('article-row').nth(2).getAttribute('href')) ?? '';
    expect([articlePath, unreadArticlePath]).not.toContain(neverReadPath);
    await page.goto(articlePath);
    await page.getByTestId('article-title').waitFor();
    await expect.poll(() => staleMarkShown(page), { message: articlePath }).toBe(false);
  });

  /**
   * Each page opens with its stale mark, in the page's language (when given) and inside the
   * phone's width.
   */
  async function expectEveryPageStale(condition: string, lang?: keyof typeof STALE_WORDS): Promise<void> {
    const width = page.viewportSize()!.width;
    for (const path of [...PAGES.map((entry) => entry.path), articlePath]) {
      await page.goto(path);
      if (path === '/message') await page.getByRole('tab').nth(1).click();
      await expect.poll(() => staleMarkShown(page), { message: `${condition}: ${path}` }).toBe(true);
      if (!lang) continue;
      const mark = page.locator('main [data-testid="stale-badge"]:visible').first();
      expect(await mark.textContent(), `${condition}: ${path}`).toContain(STALE_WORDS[lang]);
      const box = (await mark.boundingBox())!;
      expect(box.x + box.width, `${condition}: ${path}`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }

  it('the browser offline: every page opens from the cache with its stale mark (each language, 320 and 390 px)', async () => {
    await context.setOffline(true);
    try {
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        for (const [lang, offline] of OFFLINE_WORDS) {
          await page.evaluate((locale) => localStorage.setItem('lang', locale), lang);
          await page.reload();
          await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
          await expect.poll(() => page.getByTestId('offline-banner').textContent()).toContain(offline);
          await expectEveryPageStale(`offline, ${lang}, ${width} px`, lang);
        }
      }
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
      await page.reload();
      // An article never opened here says it cannot be read offline, rather than loading forever.
      await page.goto(unreadArticlePath);
      await page.getByRole('heading', { name: 'Articles unavailable' }).waitFor({ timeout: 30_000 });
      expect(await page.locator('main').textContent()).toContain(
        'This article was never opened on this device: once opened online, it reads offline too.',
      );
      expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });

  it('the server gone while the browser says online: every page opens from the cache with its stale mark (each language, 320 or 390 px)', async () => {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    // An article never opened here says it cannot be read now (with a retry), never a spinner that turns.
    for (const [lang, width, unreachable, unavailable] of [
      ['zh-CN', 320, '无法连接服务器', '文章暂不可用'],
      ['vi', 320, 'Không kết nối được máy chủ', 'Không tải được bài viết'],
      ['en', 390, 'Server unreachable', 'Articles unavailable'],
      ['zh-TW', 390, '無法連線伺服器', '文章暫不可用'],
    ] as const) {
      await page.setViewportSize({ width, height: 740 });
      await page.evaluate((locale) => localStorage.setItem('lang', locale), lang);
      await page.reload();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      await expect.poll(() => page.getByTestId('offline-banner').textContent()).toContain(unreachable);
      await expectEveryPageStale(`server unreachable, ${lang}`, lang);
      await page.goto(neverReadPath);
      await expect.poll(() => page.locator('main').textContent(), { timeout: 30_000 }).toContain(unavailable);
      expect(await page.locator('main .spinner').count()).toBe(0);
    }
  });
});
