/**
 * The live price client against a real websocket server speaking the exchange's protocol
 * (tests/support/priceFeedServer.ts), over real sockets with `ws`'s WebSocket.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import {
  backoffDelay,
  coinsFromTicker,
  parseFeedMessage,
  parsePrice,
  PriceFeed,
  priceFeedUrl,
  PriceFeeds,
  type FeedTimerName,
  type FeedTimers,
  type OnlineSource,
  type PriceFeedOptions,
} from '../../src/client/features/trend/priceFeed';
import { startPriceFeedServer, type PriceFeedServer } from '../support/priceFeedServer';

const TICKER_ARGS = ['BTC-USDT', 'ETH-USDT', 'BNB-USDT', 'SOL-USDT', 'USDC-USDT', 'DOGE-USDT', 'TRX-USDT'].map(
  (instId) => ({ channel: 'tickers', instId }),
);

function fakeOnline(initial = true): OnlineSource & { set(value: boolean): void } {
  let online = initial;
  const listeners = new Set<() => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      listeners.forEach((listener) => listener());
    },
  };
}

/** Real timers that note what each was set for, how long, and whether it ran: the feed's schedule, read without a stopwatch. */
function tracedTimers(): FeedTimers & { set: Array<{ name: FeedTimerName; ms: number; fired: boolean }> } {
  const set: Array<{ name: FeedTimerName; ms: number; fired: boolean }> = [];
  return {
    set,
    setTimeout(run, ms, name) {
      const entry = { name, ms, fired: false };
      set.push(entry);
      return globalThis.setTimeout(() => {
        entry.fired = true;
        run();
      }, ms);
    },
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

const servers: PriceFeedServer[] = [];
const feeds: PriceFeed[] = [];

async function server(options?: Parameters<typeof startPriceFeedServer>[0]) {
  const started = await startPriceFeedServer(options);
  servers.push(started);
  return started;
}

/** A feed with test-sized delays unless a test asks for the real ones. */
function feed(url: string, options: Omit<PriceFeedOptions, 'url'> = {}) {
  const made = new PriceFeed({
    url,
    WebSocket: WsWebSocket,
    subscribeDelayMs: 20,
    ackWaitMs: 100,
    online: fakeOnline(),
    ...options,
  });
  feeds.push(made);
  return made;
}

afterEach(async () => {
  feeds.splice(0).forEach((made) => made.stop());
  await Promise.all(servers.splice(0).map((started) => started.stop()));
});

describe('protocol maths, pure', () => {
  it('day change is (last - sodUtc8) / sodUtc8 x 100; USDT is the inverse of USDC-USDT', () => {
    const btc = coinsFromTicker('BTC-USDT', 43210.5, 42000.1, 1);
    expect(Object.keys(btc)).toEqual(['BTC']);
    expect(btc.BTC!.last).toBe(43210.5);
    expect(btc.BTC!.changePercent).toBeCloseTo(2.8818979, 6);

    const usdc = coinsFromTicker('USDC-USDT', 1.0002, 1.0001, 1);
    expect(Object.keys(usdc).sort()).toEqual(['USDC', 'USDT']);
    expect(usdc.USDC!.last).toBe(1.0002);
    expect(usdc.USDC!.changePercent).toBeCloseTo(0.0099990001, 9);
    expect(usdc.USDT!.last).toBeCloseTo(0.99980004, 8);
    expect(usdc.USDT!.changePercent).toBeCloseTo(-0.0099980004, 9);

    expect(coinsFromTicker('DOGE-USDT', 0.0795, 0.0812, 1).DOGE!.changePercent).toBeCloseTo(-2.0935961, 6);
    // No start-of-day price: no change figure rather than an invented one.
    expect(coinsFromTicker('TRX-USDT', 0.1, null, 1).TRX!.changePercent).toBeNull();
    // Pairs outside the list, and other quotes, give nothing.
    expect(coinsFromTicker('XRP-USDT', 1, 1, 1)).toEqual({});
    expect(coinsFromTicker('BTC-USD', 1, 1, 1)).toEqual({});
  });

  it('prices are positive finite decimals; anything else is refused', () => {
    expect(parsePrice('43210.5')).toBe(43210.5);
    expect(parsePrice('0.00001')).toBe(0.00001);
    for (const bad of [
      '',
      ' ',
      'NaN',
      '-1',
      '0',
      '0.0',
      'abc',
      '1e400',
      '0x10',
      null,
      undefined,
      {},
      Number.NaN,
      -3,
      0,
    ]) {
      expect(parsePrice(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('parseFeedMessage: pong, acks, errors, tickers; junk is null', () => {
    expect(parseFeedMessage('pong', 0)).toEqual({ kind: 'pong' });
    expect(parseFeedMessage('{"event":"subscribe","arg":{"channel":"instruments","instType":"SPOT"}}', 0)).toEqual({
      kind: 'subscribed',
      channel: 'instruments',
    });
    expect(parseFeedMessage('{"event":"error","code":"60012","msg":"Invalid request"}', 0)).toEqual({
      kind: 'error',
      code: '60012',
      msg: 'Invalid request',
    });
    for (const junk of ['', 'not json', '{', '[1]', '42', 'null', '{"arg":{"channel":"tickers"},"data":"x"}']) {
      expect(parseFeedMessage(junk, 0), junk).toBeNull();
    }
  });

  it('backoff doubles from the base to the cap, with jitter in [step / 2, step]', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, 1_000, 30_000, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(2, 1_000, 30_000, () => 0)).toBe(2_000);
    for (let i = 0; i < 50; i += 1) {
      const delay = backoffDelay(3, 1_000, 30_000, Math.random);
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThanOrEqual(8_000);
    }
  });

  it('the operator URL is used when it is a websocket URL, else the default feed', () => {
    expect(priceFeedUrl('ws://127.0.0.1:9000')).toBe('ws://127.0.0.1:9000');
    expect(priceFeedUrl('')).toBe('wss://ws.okx.com:8443/ws/v5/public');
    expect(priceFeedUrl('https://example.com')).toBe('wss://ws.okx.com:8443/ws/v5/public');
  });
});

describe('price feed over a real socket', () => {
  it('subscribes to instruments 2 s after the socket opens (real default delay), then to the tickers of all eight coins', async () => {
    const feedServer = await server();
    const timers = tracedTimers();
    // The fallback wait for the ack is longer than the test: tickers that come came on the ack.
    const live = feed(feedServer.url, { subscribeDelayMs: undefined, ackWaitMs: 600_000, timers });
    live.start();
    expect(live.getSnapshot().state).toBe('connecting');
    await feedServer.waitFor(() => feedServer.ops('subscribe').length >= 2, 'two subscribes');
    const [instruments, tickers] = feedServer.ops('subscribe');
    const openedAt = feedServer.connections[0].openedAt;

    expect(instruments.json).toEqual({ op: 'subscribe', args: [{ channel: 'instruments', instType: 'SPOT' }] });
    // Sent by the subscribe delay's timer, of SPEC.md's 2 s, and not before that much time passed.
    expect(timers.set.filter((timer) => timer.name === 'subscribe')).toEqual([
      { name: 'subscribe', ms: 2_000, fired: true },
    ]);
    expect(instruments.at - openedAt).toBeGreaterThanOrEqual(1_950);
    // Nothing at all was sent before the delay.
    expect(feedServer.received[0]).toBe(instruments);

    expect(tickers.json).toEqual({ op: 'subscribe', args: TICKER_ARGS });
    expect(tickers.at).toBeGreaterThanOrEqual(instruments.at);
    // On the instruments ack, not after the fallback wait (which never ran out).
    expect(timers.set.filter((timer) => timer.name === 'ack').map((timer) => timer.fired)).toEqual([false]);
    expect(live.getSnapshot().state).toBe('connecting');
  }, 60_000);

  it('without an instruments ack the tickers follow after the wait', async () => {
    const feedServer = await server({ ackSubscribes: false });
    const live = feed(feedServer.url, { ackWaitMs: 150 });
    live.start();
    await feedServer.waitFor(() => feedServer.ops('subscribe').length >= 2);
    const [instruments, tickers] = feedServer.ops('subscribe');
    expect(tickers.json).toEqual({ op: 'subscribe', args: TICKER_ARGS });
    expect(tickers.at - instruments.at).toBeGreaterThanOrEqual(140);
  });

  it('tickers fill the coins: last and day change from sodUtc8, USDT inverted from USDC-USDT; no tick means no price', async () => {
    const feedServer = await server();
    feedServer.setPrice('BTC-USDT', { last: '43210.5', sodUtc8: '42000.1', ts: '1700000000000' });
    feedServer.setPrice('USDC-USDT', { last: '1.0002', sodUtc8: '1.0001', ts: '1700000000001' });
    const startedAt = Date.now();
    const live = feed(feedServer.url);
    live.start();
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'));
    await vi.waitFor(() => expect(Object.keys(live.getSnapshot().prices).sort()).toEqual(['BTC', 'USDC', 'USDT']));
    const { prices, lastTickAt } = live.getSnapshot();
    expect(prices.BTC).toEqual({ last: 43210.5, changePercent: expect.closeTo(2.8818979, 6), ts: 1700000000000 });
    expect(prices.USDC!.last).toBe(1.0002);
    expect(prices.USDT!.last).toBeCloseTo(0.99980004, 8);
    expect(prices.USDT!.changePercent).toBeCloseTo(-0.0099980004, 9);
    expect(prices.ETH).toBeUndefined();
    // The time of this test's own tick, not a cached or made-up one.
    expect(lastTickAt).toBeGreaterThanOrEqual(startedAt);
    expect(lastTickAt).toBeLessThanOrEqual(Date.now());

    feedServer.push('ETH-USDT', { last: '2301.42', sodUtc8: '2350' });
    await vi.waitFor(() => expect(live.getSnapshot().prices.ETH?.last).toBe(2301.42));
    expect(live.getSnapshot().prices.ETH!.changePercent).toBeCloseTo(((2301.42 - 2350) / 2350) * 100, 9);
  });

  it('an older tick arriving late does not replace a newer one', async () => {
    const feedServer = await server();
    feedServer.setPrice('BTC-USDT', { last: '50000', sodUtc8: '49000', ts: '1700000000500' });
    const live = feed(feedServer.url);
    live.start();
    await vi.waitFor(() => expect(live.getSnapshot().prices.BTC?.last).toBe(50000));
    feedServer.push('BTC-USDT', { last: '40000', sodUtc8: '49000', ts: '1700000000100' });
    feedServer.push('ETH-USDT', { last: '2000', sodUtc8: '2000' });
    await vi.waitFor(() => expect(live.getSnapshot().prices.ETH?.last).toBe(2000));
    expect(live.getSnapshot().prices.BTC!.last).toBe(50000);
  });

  it('reconnects after the server drops the connection, backing off 50, 100, 200, 400, 400 ms; a good message resets it', async () => {
    const feedServer = await server({ dropOnConnect: true });
    const timers = tracedTimers();
    const live = feed(feedServer.url, { backoffBaseMs: 50, backoffMaxMs: 400, random: () => 1, timers });
    const reconnects = () => timers.set.filter((timer) => timer.name === 'reconnect').map((timer) => timer.ms);
    live.start();
    await feedServer.waitFor(() => feedServer.connections.length >= 6, 'six connections');
    // Each reconnect waited its step of the schedule, on its timer and in real time.
    expect(reconnects().slice(0, 5)).toEqual([50, 100, 200, 400, 400]);
    const opened = feedServer.connections.map((connection) => connection.openedAt);
    const gaps = opened.slice(1).map((at, i) => at - opened[i]);
    [50, 100, 200, 400, 400].forEach((expected, i) => {
      expect(gaps[i], `gap ${i}: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(expected - 5);
    });
    expect(live.getSnapshot().state).toBe('stale');

    // The server takes connections again: the next attempt stays, subscribes and gets an ack.
    feedServer.options.dropOnConnect = false;
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'), { timeout: 3_000 });
    const before = feedServer.connections.length;
    const scheduled = reconnects().length;
    feedServer.dropConnections();
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('stale'));
    // The last price stays on screen, marked stale.
    expect(live.getSnapshot().prices.BTC!.last).toBe(43000);
    await feedServer.waitFor(() => feedServer.connections.length > before, 'a reconnect');
    // The good messages reset the schedule: the reconnect after the drop waits its first step again.
    expect(reconnects().slice(scheduled)).toEqual([50]);
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'), { timeout: 10_000 });
  });

  it('"try again" reconnects at once instead of waiting out the back-off; it says since when the feed is down', async () => {
    const feedServer = await server({ dropOnConnect: true });
    // The next attempt is further away than the test lasts: a second connection is the retry's.
    const live = feed(feedServer.url, { backoffBaseMs: 600_000, backoffMaxMs: 600_000, random: () => 1 });
    const opened = Date.now();
    live.start();
    await feedServer.waitFor(() => feedServer.connections.length >= 1, 'a first connection');
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('stale'));
    // Never live: down since it was opened.
    expect(live.getSnapshot().downSince).toBeGreaterThanOrEqual(opened - 5);
    // The member's retry connects now.
    live.retry();
    await feedServer.waitFor(() => feedServer.connections.length >= 2, 'a second connection at once');
    feedServer.options.dropOnConnect = false;
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    live.retry();
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'), { timeout: 3_000 });
    expect(live.getSnapshot().downSince).toBeNull();
    live.stop();
  });

  it('the time it went down holds: leaving and coming back, trying again, and reloading the app do not move it; a tick forgets it', async () => {
    const feedServer = await server({ dropOnConnect: true });
    const downAt = Date.parse('2026-11-21T14:17:00+07:00');
    let clock = downAt;
    const now = () => clock;
    // Its own reconnects are further away than the test lasts: each new connection is a visit or a retry.
    const first = feed(feedServer.url, { now, backoffBaseMs: 600_000, backoffMaxMs: 600_000 });
    first.start();
    await vi.waitFor(() => expect(first.getSnapshot().state).toBe('stale'));
    expect(first.getSnapshot().downSince).toBe(downAt);

    // The member leaves the page (the feed closes) and comes back 21 minutes later.
    first.stop();
    clock = Date.parse('2026-11-21T14:38:00+07:00');
    first.start();
    await feedServer.waitFor(() => feedServer.connections.length >= 2, 'a second visit');
    await vi.waitFor(() => expect(first.getSnapshot().state).toBe('stale'));
    expect(first.getSnapshot().downSince).toBe(downAt);
    first.retry();
    await feedServer.waitFor(() => feedServer.connections.length >= 3, 'a retry');
    await vi.waitFor(() => expect(first.getSnapshot().state).toBe('stale'));
    expect(first.getSnapshot().downSince).toBe(downAt);
    first.stop();

    // The app is reloaded (a new feed object, the same tab): it still knows.
    const reloaded = feed(feedServer.url, { now });
    reloaded.start();
    await vi.waitFor(() => expect(reloaded.getSnapshot().state).toBe('stale'));
    expect(reloaded.getSnapshot().downSince).toBe(downAt);

    // Prices again: the moment is forgotten, and a later failure says its own.
    feedServer.options.dropOnConnect = false;
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    reloaded.retry();
    await vi.waitFor(() => expect(reloaded.getSnapshot().state).toBe('live'), { timeout: 3_000 });
    expect(sessionStorage.getItem(`priceFeedDownSince:${feedServer.url}`)).toBeNull();
    reloaded.stop();
    expect(reloaded.getSnapshot().downSince).toBe(clock);
  });

  it('a feed that acknowledges and then drops is still retried with growing delays (only a tick resets the backoff)', async () => {
    const feedServer = await server({ dropAfterAck: true });
    const live = feed(feedServer.url, { backoffBaseMs: 50, backoffMaxMs: 400, random: () => 1 });
    live.start();
    await feedServer.waitFor(() => feedServer.connections.length >= 5, 'five connections');
    const opened = feedServer.connections.map((connection) => connection.openedAt);
    const closed = feedServer.connections.map((connection) => connection.closedAt ?? 0);
    // From each drop to the next connection: 50, 100, 200, 400 ms, not 50 ms every time.
    const waits = opened.slice(1).map((at, i) => at - closed[i]);
    [50, 100, 200, 400].forEach((expected, i) => {
      expect(waits[i], `wait ${i}: ${waits.join(', ')}`).toBeGreaterThanOrEqual(expected - 5);
    });
    expect(live.getSnapshot().state).not.toBe('live');
  });

  it('stale after silence, with the age of the last tick; live again when ticks resume', async () => {
    const feedServer = await server();
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    const live = feed(feedServer.url, { staleAfterMs: 300, pingAfterMs: 60_000 });
    // A feed about to start says connecting, not stale.
    const states: string[] = [live.getSnapshot().state];
    live.subscribe(() => states.push(live.getSnapshot().state));
    live.start();
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'));
    const tickAt = live.getSnapshot().lastTickAt!;
    feedServer.setSilent(true);
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('stale'), { timeout: 2_000 });
    const staleSeenAt = Date.now();
    expect(staleSeenAt - tickAt).toBeGreaterThanOrEqual(300);
    expect(live.getSnapshot().lastTickAt).toBe(tickAt);
    expect(live.getSnapshot().prices.BTC!.last).toBe(43000);
    // The socket itself is still open: silence alone made it stale.
    expect(feedServer.openCount()).toBe(1);

    feedServer.setSilent(false);
    feedServer.push('BTC-USDT', { last: '43100', sodUtc8: '42000' });
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'));
    expect(live.getSnapshot().prices.BTC!.last).toBe(43100);
    expect(states).toEqual(['connecting', 'live', 'stale', 'live']);
  });

  it('malformed messages are ignored without a crash; a good tick after them still counts', async () => {
    const feedServer = await server();
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000', ts: '1700000000000' });
    const live = feed(feedServer.url);
    live.start();
    await vi.waitFor(() => expect(live.getSnapshot().prices.BTC?.last).toBe(43000));
    const before = live.getSnapshot();
    const ticker = (data: unknown) => JSON.stringify({ arg: { channel: 'tickers', instId: 'BTC-USDT' }, data });
    const junk = [
      'not json',
      '',
      '{',
      '[1,2,3]',
      '42',
      'null',
      '"text"',
      '{"arg":{"channel":"tickers","instId":"BTC-USDT"},"data":"oops"}',
      '{"arg":"tickers","data":[]}',
      '{"event":42}',
      ticker([null, 5, 'x', []]),
      ticker([{ instId: 'BTC-USDT', last: 'NaN', sodUtc8: '1', ts: '1700000000009' }]),
      ticker([{ instId: 'BTC-USDT', last: '-5', sodUtc8: '1', ts: '1700000000009' }]),
      ticker([{ instId: 'BTC-USDT', last: '0', sodUtc8: '1', ts: '1700000000009' }]),
      ticker([{ instId: 'BTC-USDT', last: '1e999', sodUtc8: '1', ts: '1700000000009' }]),
      ticker([{ instId: 'BTC-USDT', last: 'abc', sodUtc8: '1', ts: '1700000000009' }]),
      ticker([{ instId: 'BTC-USDT', sodUtc8: '1', ts: '1700000000009' }]),
      ticker([{ instId: 'XRP-USDT', last: '1', sodUtc8: '1' }]),
      JSON.stringify({ arg: { channel: 'tickers' }, data: [{ last: '1' }] }),
    ];
    junk.forEach((text) => feedServer.pushRaw(text));
    // A zero start-of-day price is not a change figure; the last price is still good.
    feedServer.pushRaw(ticker([{ instId: 'BTC-USDT', last: '43500', sodUtc8: '0', ts: '1700000000010' }]));
    await vi.waitFor(() => expect(live.getSnapshot().prices.BTC?.last).toBe(43500));
    expect(live.getSnapshot().prices.BTC!.changePercent).toBeNull();
    expect(Object.keys(live.getSnapshot().prices)).toEqual(Object.keys(before.prices));
    expect(live.getSnapshot().state).toBe('live');
    expect(feedServer.connections).toHaveLength(1);
  });

  it('an error event is kept for the screen and does not stop the feed', async () => {
    const feedServer = await server();
    const live = feed(feedServer.url);
    live.start();
    await feedServer.waitFor(() => feedServer.ops('subscribe').length >= 2);
    feedServer.pushRaw(JSON.stringify({ event: 'error', code: '60012', msg: 'Invalid request' }));
    await vi.waitFor(() => expect(live.getSnapshot().error).toEqual({ code: '60012', msg: 'Invalid request' }));
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'));
  });

  it('keep-alive: `ping` after a quiet spell, answered by `pong`; with no answer the socket is reopened', async () => {
    const feedServer = await server();
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    // The pong wait is long enough that a test process starved of CPU (one core, other suites
    // beside it) does not take its own late turn for a dead socket and reopen mid-test.
    const live = feed(feedServer.url, { pingAfterMs: 150, pongTimeoutMs: 2_000 });
    live.start();
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'));
    const firstPings = () =>
      feedServer.received.filter((m) => m.text === 'ping' && m.connection === feedServer.connections[0].id);
    await feedServer.waitFor(() => firstPings().length >= 3, 'pings');
    expect(feedServer.connections).toHaveLength(1);
    const pings = firstPings();
    // Each pong counts as traffic, so the next ping comes one quiet spell after it. Timers never
    // fire early, so these are lower bounds a slow machine cannot break, only lengthen.
    expect(pings[2].at - pings[1].at).toBeGreaterThanOrEqual(140);
    const lastSubscribe = feedServer.ops('subscribe').at(-1)!;
    expect(pings[0].at - lastSubscribe.at).toBeGreaterThanOrEqual(140);

    feedServer.setSilent(true);
    const silentAt = Date.now();
    await feedServer.waitFor(() => feedServer.connections[0].closedAt !== null, 'the dead socket to close');
    // One more quiet spell, one ping, then the pong wait.
    expect(feedServer.connections[0].closedAt! - silentAt).toBeGreaterThanOrEqual(150);
    expect(live.getSnapshot().state).toBe('stale');
    await feedServer.waitFor(() => feedServer.connections.length === 2, 'a new connection');
  });

  it('does not connect while the device is offline; connects when it comes back; closes when it goes again', async () => {
    const feedServer = await server();
    feedServer.setPrice('BTC-USDT', { last: '43000', sodUtc8: '42000' });
    const online = fakeOnline(false);
    const live = feed(feedServer.url, { online });
    live.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feedServer.connections).toHaveLength(0);
    expect(live.getSnapshot().state).toBe('stale');

    online.set(true);
    await vi.waitFor(() => expect(live.getSnapshot().state).toBe('live'));
    expect(feedServer.connections).toHaveLength(1);

    online.set(false);
    expect(live.getSnapshot().state).toBe('stale');
    await feedServer.waitFor(() => feedServer.openCount() === 0, 'the socket to close');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(feedServer.connections).toHaveLength(1);
    expect(live.getSnapshot().prices.BTC!.last).toBe(43000);
  });

  it('one shared feed per URL: open while a screen uses it, closed when the last one lets go, prices kept', async () => {
    const feedServer = await server();
    feedServer.setPrice('SOL-USDT', { last: '98.5', sodUtc8: '100' });
    const registry = new PriceFeeds({ WebSocket: WsWebSocket, subscribeDelayMs: 20, online: fakeOnline() });
    const shared = registry.feedOf(feedServer.url);
    feeds.push(shared);
    expect(registry.feedOf(feedServer.url)).toBe(shared);
    const first = registry.retain(shared);
    const second = registry.retain(shared);
    await vi.waitFor(() => expect(shared.getSnapshot().prices.SOL?.last).toBe(98.5));
    first();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feedServer.openCount()).toBe(1);
    second();
    await feedServer.waitFor(() => feedServer.openCount() === 0, 'the socket to close');
    expect(shared.getSnapshot().prices.SOL!.last).toBe(98.5);
    expect(shared.getSnapshot().state).toBe('stale');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feedServer.connections).toHaveLength(1);
  });
});
