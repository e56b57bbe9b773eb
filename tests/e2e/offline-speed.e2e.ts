import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { englishContext, logIn, newMember } from './support/members';

/** The goal (issue: a fast first load): the cached fund log on screen within 1 s of an offline reload. */
const GOAL_MS = 1000;
const RUNS = 3;

/**
 * Offline, reloading the app on the fund log shows the cached rows quickly: the service worker
 * answers the shell, the first paint comes before the database library, and the rows follow from
 * the cache. The time is from the navigation's start to the first row in the DOM; the median of
 * three reloads is compared with the goal (one slow run on a busy machine says little, and one fast
 * run hides two slow ones).
 */
describe('offline reload speed', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the cached fund log within 1 s of an offline reload', async () => {
    const member = newMember('ofs', '250');
    const context = await englishContext(browser);
    await context.addInitScript(() => {
      // Stamp the moment the first fund-log row is in the DOM, from the navigation's start.
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="fund-log-row"]')) {
          (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await logIn(page, member);
    await page.goto('/my_income');
    await page.getByTestId('fund-log-row').first().waitFor();
    // The service worker controls the page from the next load on.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByTestId('fund-log-row').first().waitFor();

    await context.setOffline(true);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.reload();
      await page.getByTestId('fund-log-row').first().waitFor();
      await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
      times.push(Math.round(await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt)));
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    console.log(
      `offline reload to the first fund-log row: ${times.join(', ')} ms (median ${median} ms, goal ≤ ${GOAL_MS} ms)`,
    );
    expect(median).toBeLessThanOrEqual(GOAL_MS);
    await context.close();
  });
});
