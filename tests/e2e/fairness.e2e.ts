import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameInfoAnswer } from '../../src/shared/api/types';
import { LOCALES } from '../../src/shared/locale';
import { launchBrowser, phoneContext, snapshot } from './support/browser';
import { expectRulesFigures } from './support/rules';

/**
 * Verify any round, in Chromium against the real server: global-setup.ts runs a second server
 * with 10 s rounds whose member played its first open round at start. Once twelve more rounds have
 * been drawn, that round, gone from the latest results, is verified in the browser from the
 * member's own records and by its number; the same proof with one changed digit of the seed fails.
 */
describe('verify any round', () => {
  let browser: Browser;
  const baseURL = inject('fastBaseUrl');
  const member = inject('fastMember');
  const roomid = inject('fastRoomId');
  const played = inject('fastPlayedSeqno');

  async function fastApi<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const response = await fetch(baseURL + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en', ...body }),
    });
    const envelope = (await response.json()) as { code: number; data: T; info: string };
    if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.info}`);
    return envelope.data;
  }

  async function englishPage(options: { serviceWorkers: 'allow' | 'block' }) {
    const context = await phoneContext(browser, baseURL, { serviceWorkers: options.serviceWorkers });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Account', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/user');
    return { context, page };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    // Twelve rounds drawn after the played one (usually long done by now): it is no longer
    // among the latest ten results.
    const { token } = await fastApi<{ token: string }>(ApiPath.login, member);
    const started = Date.now();
    for (;;) {
      const info = await fastApi<GameInfoAnswer>(ApiPath.gameInfo, { token, roomid });
      const after = Number(info.his[0]?.seqno.split('-')[1] ?? 0) - Number(played.split('-')[1]);
      if (after >= 12 && !info.his.some((round) => round.seqno === played)) break;
      if (Date.now() - started > 170_000) throw new Error('twelve rounds were not drawn in time');
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('verifies the played round from the records and by its number; a tampered seed fails', async () => {
    const { context, page } = await englishPage({ serviceWorkers: 'allow' });
    await page.goto(`/activity/${roomid}`);
    await expect.poll(() => page.getByTestId('result').count(), { timeout: 20_000 }).toBe(10);
    expect(await page.locator(`[data-testid="result"][data-seqno="${played}"]`).count()).toBe(0);

    // From the member's own records: the settled line leads to its round's proof.
    await page.getByRole('button', { name: 'Order history', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'Order history' });
    const line = history.getByTestId('history-order').filter({ hasText: played });
    await expect.poll(() => line.count()).toBe(1);
    await line.getByRole('link', { name: `Verify round ${played}` }).click();
    await page.waitForURL(`**/fairness/${roomid}/${played}`);
    const verdict = page.getByTestId('fairness-verdict');
    await expect.poll(() => verdict.getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByTestId('check-chain').getAttribute('data-result')).toBe('pass');
    // What the numbers mean for an order: the room's rules with the same counted figures as its sheet.
    const { token } = await fastApi<{ token: string }>(ApiPath.login, member);
    const { room } = await fastApi<GameInfoAnswer>(ApiPath.gameInfo, { token, roomid });
    await expectRulesFigures(page.getByTestId('fairness-rules'), room);
    await snapshot(page, 'fairness-old-round');
    // The same figures and rules in each language, on a small and a common phone, inside the screen.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      for (const lang of LOCALES) {
        await page.evaluate((chosen) => localStorage.setItem('lang', chosen), lang);
        await page.reload();
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
        await expect.poll(() => verdict.getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
        await expectRulesFigures(page.getByTestId('fairness-rules'), room);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${width}`).toBeLessThanOrEqual(
          width,
        );
      }
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));

    // By its number, from the room's results.
    await page.goto(`/activity/${roomid}`);
    await page.getByLabel('Verify round number').fill(played);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL(`**/fairness/${roomid}/${played}`);
    await expect.poll(() => verdict.getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
    await context.close();

    // The same proof with one hex digit of the seed changed on the wire fails in the browser: in
    // the page the server rendered (its answers and its markup), and in the call when the app asks.
    const tampered = await englishPage({ serviceWorkers: 'block' });
    const changed = (seed: string) => seed.slice(0, -1) + (seed.endsWith('0') ? '1' : '0');
    await tampered.context.route(`**/fairness/${roomid}/${played}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const seed = /"seed":"([0-9a-f]+)"/.exec(html)?.[1];
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({
        status: response.status(),
        headers,
        body: seed ? html.replaceAll(seed, changed(seed)) : html,
      });
    });
    await tampered.context.route('**/api/Game/getRound', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { round: { seed: string } } };
      body.data.round.seed = changed(body.data.round.seed);
      await route.fulfill({ response, json: body });
    });
    await tampered.page.goto(`/fairness/${roomid}/${played}`);
    const failed = tampered.page.getByTestId('fairness-verdict');
    await expect.poll(() => failed.getAttribute('data-ok'), { timeout: 15_000 }).toBe('false');
    expect(await tampered.page.getByTestId('check-commitment').getAttribute('data-result')).toBe('fail');
    expect(await failed.getByRole('status').textContent()).toBe('Verification failed');
    await snapshot(tampered.page, 'fairness-tampered');
    await tampered.context.close();
  }, 120_000);
});
