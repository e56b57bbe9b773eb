import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser';

/**
 * A first visit on a slow link: the loading canvas stays until the app config is known (SPEC.md
 * section 2), but the first screen's own reads do not wait for it, and the API's address is asked
 * for once, with the page.
 */
describe('first load', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("home's reads go out while the config read is still unanswered; the canvas stays until it is", async () => {
    const context = await phoneContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // The config answer comes late, as on a slow link; everything else as the server answers it.
    let releaseConfig!: () => void;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    await page.route('**/api/Index/getconfig', async (route) => {
      await configHeld;
      await route.continue();
    });

    await page.goto('/');
    await expect.poll(() => asked.includes('/api/Game/slide'), { timeout: 10_000 }).toBe(true);
    expect(asked).toContain('/api/Index/getconfig');
    // Still the canvas (once React has committed its first render; the boot mark before it): the
    // home page is drawn behind it, unseen.
    await expect.poll(() => page.locator('.loading-canvas').isVisible(), { timeout: 10_000 }).toBe(true);
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
