import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AppConfig, FinanceProduct } from '../../src/shared/api/types';
import { projectTier } from '../../src/shared/finance';
import { LOCALES, type Locale } from '../../src/shared/locale';
import { formatMoney, formatUsd } from '../../src/shared/money';
import { launchBrowser, phoneContext, snapshot } from './support/browser';
import { admin, api, englishContext, logIn, newMember } from './support/members';
import { startPriceFeedServer, type PriceFeedServer } from '../support/priceFeedServer';

/**
 * The trend page's live prices in real Chromium: the operator points the app at a test feed that
 * speaks the exchange's protocol (tests/support/priceFeedServer.ts), the page subscribes as the
 * spec says and shows its prices; when the feed stops the list says stale and how long ago the last
 * tick came. Then the finance pages with the server's seeded tiers.
 */
async function rowText(page: Page, coin: string, testId: string): Promise<string | null> {
  return page.locator(`[data-testid="price-row"][data-coin="${coin}"] [data-testid="${testId}"]`).textContent();
}

/** What the finance page says of the money for its listings, in each language. */
const NO_MONEY_THROUGH_THE_APP: Record<Locale, string> = {
  en: 'no money for them moves through the app',
  vi: 'không có khoản tiền nào cho chúng đi qua ứng dụng',
  'zh-CN': '相关资金不经过本应用',
  'zh-TW': '相關資金不經過本應用',
};

/** The account menu's line under the finance listings, in each language. */
const LISTED_BY_OPERATOR: Record<Locale, string> = {
  en: 'Listed by the operator',
  vi: 'Do nhà điều hành niêm yết',
  'zh-CN': '由运营方挂出',
  'zh-TW': '由營運方掛出',
};

describe('trend and finance end to end', () => {
  let browser: Browser;
  let feed: PriceFeedServer;
  let previousFeedUrl: string | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    feed = await startPriceFeedServer();
    feed.setPrice('BTC-USDT', { last: '43210.5', sodUtc8: '42000.1' });
    feed.setPrice('USDC-USDT', { last: '1.0002', sodUtc8: '1.0001' });
    feed.setPrice('DOGE-USDT', { last: '0.0795', sodUtc8: '0.0812' });
    // getconfig reads the settings table on every call (no cache), so the change shows at once.
    const changed = admin('settings:set', 'priceFeedUrl', feed.url);
    previousFeedUrl = /: "(.*)" -> "/.exec(changed)?.[1] ?? null;
    expect(previousFeedUrl, changed).not.toBeNull();
  });

  afterAll(async () => {
    // Other e2e files share the server: put the operator's setting back.
    if (previousFeedUrl !== null) admin('settings:set', 'priceFeedUrl', previousFeedUrl);
    await feed?.stop();
    await browser?.close();
  });

  it('live prices from the operator-set feed, subscribed as the spec says; stale with the age of the last tick when it stops', async () => {
    const config = await api<AppConfig>('/api/Index/getconfig', {});
    expect(config.priceFeedUrl).toBe(feed.url);

    // The page's Content-Security-Policy names the feed's origin once the server's short cache of
    // the setting (5 s) has expired: wait for that, as a member loading the page then would.
    const feedOrigin = new URL(feed.url).origin;
    await expect
      .poll(async () => (await fetch(`${inject('baseUrl')}/`)).headers.get('content-security-policy') ?? '', {
        interval: 250,
      })
      .toContain(feedOrigin);

    const context = await englishContext(browser);
    const page = await context.newPage();
    await page.goto('/lotteryprize');

    await expect.poll(() => rowText(page, 'BTC', 'price-last'), { timeout: 15_000 }).toBe('43,210.50');
    expect(await rowText(page, 'BTC', 'price-change')).toBe('+2.88%');
    expect(await rowText(page, 'DOGE', 'price-change')).toBe('-2.09%');
    expect(await rowText(page, 'USDT', 'price-last')).toBe('0.9998');
    expect(await rowText(page, 'USDC', 'price-last')).toBe('1.0002');
    // No tick for ETH from this feed: nothing invented.
    expect(await rowText(page, 'ETH', 'price-last')).toBe('—');
    await expect.poll(() => page.getByTestId('price-feed-state').textContent()).toBe('Live');
    // Logged out: the figures ask for a login.
    expect(await page.getByTestId('trend-login').isVisible()).toBe(true);

    // What the browser sent: instruments 2 s after the socket opened, then the tickers of the eight coins.
    const browserConnection = feed.connections.at(-1)!;
    const sent = feed.received.filter((m) => m.connection === browserConnection.id && m.json !== null);
    expect(sent[0].json).toEqual({ op: 'subscribe', args: [{ channel: 'instruments', instType: 'SPOT' }] });
    expect(sent[0].at - browserConnection.openedAt).toBeGreaterThanOrEqual(1_900);
    expect(sent[1].json).toEqual({
      op: 'subscribe',
      args: ['BTC', 'ETH', 'BNB', 'SOL', 'USDC', 'DOGE', 'TRX'].map((coin) => ({
        channel: 'tickers',
        instId: `${coin}-USDT`,
      })),
    });

    // A new tick shows as it comes.
    feed.push('BTC-USDT', { last: '43300', sodUtc8: '42000.1' });
    await expect.poll(() => rowText(page, 'BTC', 'price-last')).toBe('43,300.00');
    await snapshot(page, 'trend');

    await feed.stop();
    await expect
      .poll(() => page.getByTestId('price-feed-state').textContent())
      .toMatch(/^Stale · last tick \d+ sec ago$/);
    // The age grows while the feed stays away; the last prices stay on screen.
    await expect
      .poll(async () =>
        Number(/(\d+) sec ago/.exec((await page.getByTestId('price-feed-state').textContent()) ?? '')?.[1]),
      )
      .toBeGreaterThanOrEqual(3);
    expect(await rowText(page, 'BTC', 'price-last')).toBe('43,300.00');
    await snapshot(page, 'trend-stale');
    await context.close();
  });

  it('the feed unreachable: the time it first failed holds when the member leaves and comes back 21 minutes later, and after a reload (each language, 320 and 390 px)', async () => {
    const dead = await startPriceFeedServer();
    await dead.stop();
    admin('settings:set', 'priceFeedUrl', dead.url);
    try {
      const context = await englishContext(browser);
      const page = await context.newPage();
      await page.clock.install({ time: new Date('2026-11-21T14:17:00') });
      for (const [i, locale] of LOCALES.entries()) {
        await page.setViewportSize({ width: i % 2 === 0 ? 320 : 390, height: 720 });
        await page.goto('/');
        await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
        await page.goto('/lotteryprize');
        const down = page.getByTestId('price-feed-down');
        await expect.poll(() => down.count(), { timeout: 15_000 }).toBe(1);
        const said = (await down.textContent()) ?? '';
        expect(said.length).toBeGreaterThan(0);
        // Each coin's name whole in its column, never cut short.
        const names = await page.getByTestId('price-name').evaluateAll((spans) =>
          spans.map((span) => ({
            text: span.textContent,
            fits: span.scrollWidth <= span.parentElement!.clientWidth,
          })),
        );
        expect(names.length, locale).toBe(8);
        for (const name of names) expect(name.fits, `${locale} ${name.text}`).toBe(true);

        // Elsewhere in the app for 21 minutes, then back (the page is kept alive).
        await page.locator('.tabbar a[href="/"]').click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.clock.fastForward('21:00');
        await page.goBack();
        await page.waitForURL('**/lotteryprize');
        await expect.poll(() => down.count(), { timeout: 15_000 }).toBe(1);
        expect(await down.textContent(), locale).toBe(said);

        // A reload of the app in the same tab.
        await page.reload();
        await expect.poll(() => down.count(), { timeout: 15_000 }).toBe(1);
        expect(await down.textContent(), locale).toBe(said);
        await snapshot(page, `trend-feed-down-${locale}`);
      }
      await context.close();
    } finally {
      admin('settings:set', 'priceFeedUrl', feed.url);
    }
  });

  it('the finance listings are off home, reached from the account menu as listed by the operator, and say first what they are (every language, 320 and 390 px)', async () => {
    const member = newMember('fi', '10');
    for (const locale of LOCALES) {
      const context = await phoneContext(browser, inject('baseUrl'));
      await context.addInitScript((lang) => localStorage.setItem('lang', lang), locale);
      const page = await context.newPage();
      await logIn(page, member);
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        await page.goto('/');
        await page.locator('.quick-menu').waitFor();
        // Nowhere on home, the quick menu included.
        expect(await page.locator('main a[href="/finance"]').count(), `${locale} ${width}`).toBe(0);
        await page.goto('/user');
        const entry = page.locator('main a[href="/finance"]');
        await entry.waitFor();
        // Its line says who lists them, in the member's language.
        expect(await entry.textContent(), `${locale} ${width}`).toContain(LISTED_BY_OPERATOR[locale]);
        // The page says first what they are: listed by the operator, no money for them through the app.
        await entry.click();
        const what = page.getByTestId('finance-what');
        await what.waitFor();
        const said = ((await what.textContent()) ?? '').toLowerCase();
        expect(said, `${locale} ${width}`).toContain(LISTED_BY_OPERATOR[locale].toLowerCase());
        expect(said, `${locale} ${width}`).toContain(NO_MONEY_THROUGH_THE_APP[locale]);
        const box = (await what.boundingBox())!;
        expect(box.x + box.width, `${locale} ${width}`).toBeLessThanOrEqual(width);
        await expect.poll(() => page.getByTestId('finance-tier').count()).toBeGreaterThan(0);
        expect(box.y).toBeLessThan((await page.getByTestId('finance-tier').first().boundingBox())!.y);
      }
      await context.close();
    }
  });

  it('finance lists the server tiers with projections; transfer-in checks the amount and points to customer service', async () => {
    const tiers = await api<FinanceProduct[]>('/api/Game/getFinanceProducts', {});
    expect(tiers.length).toBeGreaterThan(0);
    const config = await api<AppConfig>('/api/Index/getconfig', {});

    const context = await englishContext(browser);
    const page = await context.newPage();
    await page.goto('/finance');
    await expect.poll(() => page.getByTestId('finance-tier').count(), { timeout: 15_000 }).toBe(tiers.length);
    const first = page.getByTestId('finance-tier').first();
    const projection = projectTier(tiers[0])!;
    expect(await first.getByTestId('tier-minimum').textContent()).toBe(`${formatUsd(tiers[0].minimum)} USD`);
    expect(await first.getByTestId('projection-daily').textContent()).toBe(formatMoney(projection.dailyCents));
    expect(await first.getByTestId('projection-total').textContent()).toBe(formatMoney(projection.totalCents));
    // Said first what they are; no yearly figure that reads as a yield.
    expect(await page.locator('main, .page-body').first().textContent()).not.toMatch(/annuali[sz]ed/i);
    const what = page.getByTestId('finance-what');
    expect(await what.textContent()).toContain('listed by the operator. The app does not run them');
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      const box = await what.boundingBox();
      expect(box!.y).toBeLessThan((await first.boundingBox())!.y);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    expect(await first.getByTestId('tier-projection').textContent()).toContain('projected, not guaranteed');
    await snapshot(page, 'finance');

    await first.getByRole('link', { name: 'Transfer in' }).click();
    await page.waitForURL(`**/producttransferin?id=${tiers[0].id}`);
    const amount = page.getByLabel('Amount (USD)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Enter an amount');
    await amount.fill('50,000');
    expect(await amount.inputValue()).toBe('50000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The amount must be between 100,000.00 and 1,500,000.00 USD');
    await amount.fill(String(Math.max(tiers[0].minimum, 100_000)));
    await page.getByRole('button', { name: 'Continue' }).click();
    const notice = page.getByTestId('transfer-unavailable');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.getByRole('status').textContent()).toContain('not available online');
    expect(await notice.getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe(
      config.serviceUrl,
    );
    await snapshot(page, 'finance-transfer-in');
    await context.close();
  });
});
