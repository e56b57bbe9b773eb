/**
 * The trend page (/lotteryprize): the member's figures and chart from getTrendData (fake API), and
 * the live price list from a real websocket feed (tests/support/priceFeedServer.ts).
 */
import { activateLocale, formatDateTime } from '../../src/client/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WebSocket as WsWebSocket } from 'ws';
import { ApiPath } from '../../src/shared/api/paths';
import type { AppConfig, TrendData } from '../../src/shared/api/types';
import LotteryPrizePage from '../../src/client/features/trend/LotteryPrizePage';
import type { PriceFeedOptions, PriceFeeds } from '../../src/client/features/trend/priceFeed';
import { createAppPriceFeeds, PriceFeedsContext } from '../../src/client/features/trend/usePrices';
import { startSession } from '../../src/client/api/session';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { fakeFetch, ok, resetClientState } from './helpers';
import { renderScreen } from './wallet-fixtures';
import { startPriceFeedServer, type PriceFeedServer } from '../support/priceFeedServer';
import { queryKey } from '../../src/client/data/key';

let feed: PriceFeedServer;
/** The feeds of this test's app: a test-sized websocket and delays; a reload starts with new ones. */
const FEED_OPTIONS: Omit<PriceFeedOptions, 'url' | 'online'> = {
  WebSocket: WsWebSocket,
  subscribeDelayMs: 20,
  ackWaitMs: 50,
  backoffBaseMs: 50,
};
let feeds: PriceFeeds;

/** The app as it starts (or reloads) with feed options of a test's own. */
function startFeeds(options: Omit<PriceFeedOptions, 'url' | 'online'> = {}): void {
  feeds = createAppPriceFeeds({ ...FEED_OPTIONS, ...options });
}

function TrendScreen() {
  return (
    <PriceFeedsContext.Provider value={feeds}>
      <LotteryPrizePage />
    </PriceFeedsContext.Provider>
  );
}

function config(priceFeedUrl: string): AppConfig {
  return {
    siteName: 'RoundPlay',
    serviceUrl: 'https://support.example/chat',
    depositInstructions: '',
    agreement: 1,
    defaultQuhao: '+84',
    priceFeedUrl,
    versions: { android: { version: '1.0.0', url: '' }, ios: { version: '1.0.0', url: '' } },
    serverTime: Date.now(),
  };
}

const TREND: TrendData = {
  yeswin: -12.5,
  yestotal: 120,
  todaywin: 30,
  todaytotal: 60,
  chartdata: [
    { date: '2026-11-18', win: 50, total: 100 },
    { date: '2026-11-20', win: -12.5, total: 120 },
    { date: '2026-11-21', win: 100, total: 60 },
  ],
};

beforeEach(async () => {
  await resetClientState();
  feed = await startPriceFeedServer();
  await setQueryData(queryKey(ApiPath.getConfig, {}), config(feed.url));
  startFeeds();
});

afterEach(async () => {
  // The screen unmounts after this (cleanup) and lets go of its feed, which closes it.
  await feed.stop();
});

function server(trend: () => unknown = () => ok(TREND)) {
  const fake = fakeFetch({
    [ApiPath.getConfig]: () => ok(config(feed.url)),
    [ApiPath.trendData]: trend,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const row = (coin: string) => screen.getAllByTestId('price-row').find((el) => el.dataset.coin === coin)!;
const lastOf = (coin: string) => within(row(coin)).queryByTestId('price-last')?.textContent;
const changeOf = (coin: string) => within(row(coin)).queryByTestId('price-change');
const feedState = () => screen.getByTestId('price-feed-state').textContent;

describe('price list', () => {
  it('lists the eight coins in order, connecting first, then live prices and day changes from the feed; "—" for a coin with no tick', async () => {
    server();
    renderScreen(TrendScreen);
    expect(screen.getAllByTestId('price-row').map((el) => el.dataset.coin)).toEqual([
      'BTC',
      'USDT',
      'ETH',
      'BNB',
      'SOL',
      'USDC',
      'DOGE',
      'TRX',
    ]);
    await waitFor(() => expect(feedState()).toBe('Connecting…'));
    await feed.waitFor(() => feed.ops('subscribe').length >= 2, 'subscribes');

    feed.setPrice('BTC-USDT', { last: '43210.5', sodUtc8: '42000.1' });
    feed.setPrice('USDC-USDT', { last: '1.0002', sodUtc8: '1.0001' });
    feed.setPrice('DOGE-USDT', { last: '0.0795', sodUtc8: '0.0812' });
    await waitFor(() => expect(lastOf('BTC')).toBe('43,210.50'));
    await waitFor(() => expect(lastOf('DOGE')).toBe('0.0795'));
    expect(feedState()).toBe('Live');
    expect(changeOf('BTC')!.textContent).toBe('+2.88%');
    expect(changeOf('BTC')!.className).toContain('price-up');
    expect(changeOf('DOGE')!.textContent).toBe('-2.09%');
    expect(changeOf('DOGE')!.className).toContain('price-down');
    // USDT from USDC-USDT inverted, quoted in USDC.
    expect(lastOf('USDC')).toBe('1.0002');
    expect(changeOf('USDC')!.textContent).toBe('+0.01%');
    expect(lastOf('USDT')).toBe('0.9998');
    expect(changeOf('USDT')!.textContent).toBe('-0.01%');
    expect(row('USDT').textContent).toContain('/USDC');
    // No tick for ETH: nothing invented.
    expect(lastOf('ETH')).toBe('—');
    expect(changeOf('ETH')!.textContent).toBe('—');
  });

  it('when the feed stops: stale with the age of the last tick, growing; the last prices stay', async () => {
    server();
    feed.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    renderScreen(TrendScreen);
    await waitFor(() => expect(lastOf('BTC')).toBe('43,000.00'));
    await feed.stop();
    await waitFor(() => expect(feedState()).toMatch(/^Stale · last tick \d+ sec ago$/));
    await waitFor(() => expect(Number(/(\d+) sec ago/.exec(feedState())![1])).toBeGreaterThanOrEqual(2));
    expect(lastOf('BTC')).toBe('43,000.00');
  }, 10_000);

  it("the price and the age of the last tick are written in the member's language", async () => {
    await activateLocale('vi', { persist: false });
    try {
      server();
      feed.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
      renderScreen(TrendScreen);
      await waitFor(() => expect(lastOf('BTC')).toBe('43.000,00'));
      await feed.stop();
      await waitFor(() => expect(feedState()).toMatch(/\d+ giây/));
      expect(feedState()).not.toMatch(/\d+ sec/);
    } finally {
      await activateLocale('en', { persist: false });
    }
  }, 10_000);

  it('offline: the socket closes and the list says stale; back online it is live again', async () => {
    server();
    feed.setPrice('ETH-USDT', { last: '2301.42', sodUtc8: '2350' });
    renderScreen(TrendScreen);
    await waitFor(() => expect(lastOf('ETH')).toBe('2,301.42'));
    act(() => online.browserChanged(false));
    await waitFor(() => expect(feedState()).toMatch(/^Stale · last tick \d+ sec ago$/));
    await feed.waitFor(() => feed.openCount() === 0, 'the socket to close');
    act(() => online.browserChanged(true));
    await waitFor(() => expect(feedState()).toBe('Live'));
    expect(feed.connections).toHaveLength(2);
  });

  it('a feed that accepts but never sends: connecting, then stale with no price received, not connecting forever', async () => {
    server();
    feed.setSilent(true);
    startFeeds({ connectTimeoutMs: 400 });
    const startedAt = Date.now();
    renderScreen(TrendScreen);
    await waitFor(() => expect(feedState()).toBe('Connecting…'));
    await waitFor(() => expect(feedState()).toBe('Stale · no price received yet'));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(380);
    expect(feed.openCount()).toBe(1);
    expect(lastOf('BTC')).toBe('—');
  });

  it('a feed that refuses the connection: stale at once, no price invented', async () => {
    server();
    await feed.stop();
    renderScreen(TrendScreen);
    await waitFor(() => expect(feedState()).toBe('Stale · no price received yet'));
    expect(screen.getAllByTestId('price-last').map((el) => el.textContent)).toEqual(Array(8).fill('—'));
    // It says the feed is unreachable and since when, and offers to try now.
    const down = screen.getByTestId('price-feed-down');
    expect(down.textContent).toMatch(
      /^The price feed cannot be reached since \d\d\/\d\d\/\d{4}, \d\d:\d\d\.Try again$/,
    );
    expect(within(down).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('unreachable since the time it first failed, however often the member comes back, even after a reload', async () => {
    server();
    await feed.stop();
    const firstFailed = Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000;
    let clock = firstFailed;
    startFeeds({ now: () => clock });
    const sinceText = (at: number) => `The price feed cannot be reached since ${formatDateTime(at)}.`;

    const first = renderScreen(TrendScreen);
    await waitFor(() => expect(screen.getByTestId('price-feed-down').textContent).toContain(sinceText(firstFailed)));
    first.unmount();

    // 21 minutes later, back on the page: still the first failure's time.
    clock = firstFailed + 21 * 60_000;
    const second = renderScreen(TrendScreen);
    await waitFor(() => expect(screen.getByTestId('price-feed-down').textContent).toContain(sinceText(firstFailed)));
    second.unmount();

    // The app reloaded in the same tab: the feeds it had in memory are gone, the time is not.
    startFeeds({ now: () => clock });
    renderScreen(TrendScreen);
    await waitFor(() => expect(screen.getByTestId('price-feed-down').textContent).toContain(sinceText(firstFailed)));
  });

  it('Try again connects at once, without waiting out the backoff, and the prices come back', async () => {
    server();
    const port = Number(new URL(feed.url).port);
    await feed.stop();
    // A long backoff: only the button can bring the feed back within the test.
    startFeeds({ backoffBaseMs: 60_000 });
    renderScreen(TrendScreen);
    const down = await screen.findByTestId('price-feed-down');
    feed = await startPriceFeedServer({ port });
    feed.setPrice('BTC-USDT', { last: '43210.5', sodUtc8: '42000.1' });
    fireEvent.click(within(down).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(lastOf('BTC')).toBe('43,210.50'));
    expect(feedState()).toBe('Live');
    expect(screen.queryByTestId('price-feed-down')).toBeNull();
    expect(feed.openCount()).toBe(1);
  });
});

describe('member figures', () => {
  it('logged out: a card to log in, and no figures call', async () => {
    const fake = server();
    renderScreen(TrendScreen);
    const card = await screen.findByTestId('trend-login');
    expect(within(card).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('trend-figures')).toBeNull();
    expect(fake.to(ApiPath.trendData)).toHaveLength(0);
  });

  it("logged in: yesterday's and today's win and stakes, and the chart of the server's days", async () => {
    startSession('token');
    server();
    renderScreen(TrendScreen);
    await screen.findByTestId('trend-figures');
    expect(screen.getByTestId('trend-yeswin').textContent).toBe('-12.50');
    expect(screen.getByTestId('trend-yeswin').className).toContain('is-negative');
    expect(screen.getByTestId('trend-yestotal').textContent).toBe('120.00');
    expect(screen.getByTestId('trend-todaywin').textContent).toBe('+30.00');
    expect(screen.getByTestId('trend-todaytotal').textContent).toBe('60.00');

    const chart = screen.getByTestId('trend-chart');
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toBe(
      'Win and stake per day, 2026-11-18 to 2026-11-21',
    );
    const days = within(chart).getAllByTestId('trend-chart-day');
    expect(days).toHaveLength(3);
    // Bars follow the series: the win of 100 is twice as tall as the win of 50, the loss points down.
    const winBar = (day: Element) => day.querySelector('.trend-chart-win, .trend-chart-loss')!;
    const height = (day: Element) => Number(winBar(day).getAttribute('height'));
    expect(height(days[2]) / height(days[0])).toBeCloseTo(2, 6);
    expect(winBar(days[1]).getAttribute('class')).toBe('trend-chart-loss');
    expect(height(days[1]) / height(days[0])).toBeCloseTo(0.25, 6);
    expect(
      within(chart)
        .getAllByTestId('trend-chart-row')
        .map((tr) => tr.textContent),
    ).toEqual(['2026-11-1850.00100.00', '2026-11-20-12.50120.00', '2026-11-21100.0060.00']);
  });

  it('no days with orders: an empty chart state, never placeholder data', async () => {
    startSession('token');
    server(() => ok({ ...TREND, chartdata: [] }));
    renderScreen(TrendScreen);
    await screen.findByTestId('trend-figures');
    expect(screen.queryByTestId('trend-chart')).toBeNull();
    expect(screen.getByRole('heading', { name: 'No chart yet' })).toBeTruthy();
  });

  it('the server cannot be reached and nothing is cached: figures unavailable, and a retry that loads them', async () => {
    startSession('token');
    let fail = true;
    server(() => (fail ? new Response('down', { status: 502 }) : ok(TREND)));
    renderScreen(TrendScreen);
    await screen.findByRole('heading', { name: 'Figures unavailable' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('trend-figures');
    expect(screen.getByTestId('trend-todaywin').textContent).toBe('+30.00');
  });

  it('a refused answer is not shown as zeros', async () => {
    startSession('token');
    server(() => ok({ chartdata: [] }));
    renderScreen(TrendScreen);
    await screen.findByRole('heading', { name: 'Figures unavailable' });
    expect(screen.queryByTestId('trend-yeswin')).toBeNull();
  });

  it('offline with cached figures: shown, marked stale since when', async () => {
    startSession('token');
    await setQueryData(queryKey(ApiPath.trendData, {}), TREND, Date.now() - 60_000);
    online.browserChanged(false);
    server();
    renderScreen(TrendScreen);
    const figures = await screen.findByTestId('trend-figures');
    expect(screen.getByTestId('trend-yestotal').textContent).toBe('120.00');
    await waitFor(() => expect(within(figures).getByTestId('stale-badge').textContent).toMatch(/^Stale since /));
  });
});
