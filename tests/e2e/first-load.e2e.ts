import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser';
import { logIn, newMember } from './support/members';

/**
 * A first visit: the server writes the first screen's public answers into the page, so home shows
 * without a call of its own. A page without them (the service worker's copy): the loading canvas
 * stays until the app config is known (SPEC.md section 2), the first screen's own reads do not
 * wait for it, and the API's address is asked for once, with the page.
 */
describe('first load', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a first visit opens in the browser's language when the app speaks it, else in Vietnamese (320 and 390 px)", async () => {
    const cases = [
      { browserLocale: 'en-US', locale: 'en', home: 'Home', width: 320 },
      { browserLocale: 'zh-TW', locale: 'zh-TW', home: '首頁', width: 390 },
      { browserLocale: 'zh-CN', locale: 'zh-CN', home: '首页', width: 320 },
      { browserLocale: 'fr-FR', locale: 'vi', home: 'Trang chủ', width: 390 },
    ];
    for (const { browserLocale, locale, home, width } of cases) {
      const context = await phoneContext(browser, inject('baseUrl'), {
        locale: browserLocale,
        viewport: { width, height: 720 },
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 }).toBe(locale);
      const tabBar = page.locator('nav.tabbar');
      await expect.poll(() => tabBar.textContent(), { timeout: 30_000 }).toContain(home);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it("home from the page's answers: its banner shows, and none of its calls nor the manifest is asked for", async () => {
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));

    const response = await page.goto('/');
    expect(await response!.text()).toContain('<script id="page-answers" type="application/json">');
    await page.locator('img.banner-image').first().waitFor();
    expect(await page.getByTestId('config-gate').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('game-tile').count()).toBeGreaterThan(0);
    for (const path of [
      '/manifest.json',
      '/api/Index/getconfig',
      '/api/Game/slide',
      '/api/Game/getHomeTiles',
      '/api/Game/getWinners',
    ]) {
      expect(asked, path).not.toContain(path);
    }
    // The banner the page named in its head is the one the carousel shows.
    const preloaded = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    expect(await page.locator('img.banner-image').first().getAttribute('src')).toBe(preloaded);
    await context.close();
  });

  it("a member's room from the page's answers: taken over without asking the round or the member again", async () => {
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    // Signed in, the app has said its language and zone: the server renders the room for the device.
    await logIn(page, newMember('fl', '500'));
    await page.locator('html[data-started]').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));

    const response = await page.goto('/activity/1');
    const body = await response!.text();
    expect(body).toContain('data-testid="round-panel"');
    await page.locator('html[data-started]').waitFor();
    // The countdown runs on the device's clock once the room is the app's.
    const countdown = page.getByTestId('countdown');
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
    for (const path of ['/api/Game/getGameinfo', '/api/Game/getuserinfo']) expect(asked, path).not.toContain(path);
    await context.close();
  });

  it("without the page's answers, home's reads go out while the config read is unanswered; the canvas stays until it is", async () => {
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // The page as the service worker keeps it: as built, without answers.
    await page.route(/\/$/, async (route) => {
      const built = await route.fetch({ headers: { ...route.request().headers(), 'sec-fetch-dest': 'empty' } });
      const body = await built.text();
      expect(body).not.toContain('page-answers');
      await route.fulfill({ response: built, body });
    });
    // The config answer comes late, as on a slow link; everything else as the server answers it.
    let releaseConfig!: () => void;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    await page.route('**/api/Index/getconfig', async (route) => {
      await configHeld;
      await route.continue();
    });

    await page.goto('/');
    await expect.poll(() => asked.includes('/api/Game/slide')).toBe(true);
    expect(asked).toContain('/api/Index/getconfig');
    // Still the canvas (once React has committed its first render; the boot mark before it): the
    // home page is drawn behind it, unseen.
    await expect.poll(() => page.locator('.loading-canvas').isVisible()).toBe(true);
    expect(await page.getByTestId('config-gate').isHidden()).toBe(true);

    releaseConfig();
    await page.locator('.loading-canvas').waitFor({ state: 'detached' });
    await page.locator('img.banner-image').first().waitFor();
    expect(await page.getByTestId('config-gate').isVisible()).toBe(true);

    // manifest.json once: the page's preload is the answer the app reads, not a second request.
    expect(asked.filter((path) => path === '/manifest.json')).toHaveLength(1);
    await context.close();
  });
});
