/**
 * Live prices from a public exchange websocket speaking the OKX v5 protocol (SPEC.md sections 4
 * and 9): 2 s after the socket opens, subscribe to the SPOT instruments, then to the tickers of the
 * price list's pairs. Prices bypass the cache (DESIGN.md section 1): what is shown is what the feed
 * sent, with a visible stale state and the age of the last tick when the feed is gone.
 *
 * Plain TypeScript, no React: the socket constructor, the timers and the online signal are options,
 * so tests run it against a real websocket server in Node with short delays.
 */
import {
  DEFAULT_PRICE_FEED_URL,
  PRICE_COINS,
  PRICE_SUBSCRIBE_DELAY_MS,
  type PriceCoin,
} from '../../../shared/constants';

// ---- Protocol ---------------------------------------------------------------------

/** Every coin but USDT is read from its COIN-USDT pair; the exchange lists no USDT-USD spot pair. */
export const QUOTE = 'USDT';
/** USDT's own price is the inverse of USDC-USDT. */
export const USDT_SOURCE_PAIR = 'USDC-USDT';

/** The ticker pairs subscribed to, in the price list's order. */
export const TICKER_PAIRS: readonly string[] = PRICE_COINS.filter((coin) => coin !== QUOTE).map(
  (coin) => `${coin}-${QUOTE}`,
);

export const INSTRUMENTS_SUBSCRIBE = { op: 'subscribe', args: [{ channel: 'instruments', instType: 'SPOT' }] } as const;

export const TICKERS_SUBSCRIBE = {
  op: 'subscribe',
  args: TICKER_PAIRS.map((instId) => ({ channel: 'tickers', instId })),
} as const;

/** One coin's figures as the feed gave them. */
export interface CoinPrice {
  /** Last traded price, in the pair's quote currency (USDC for USDT, USDT for the others). */
  last: number;
  /** Change since the start of the day (UTC+8) in percent; null when the feed gave no start price. */
  changePercent: number | null;
  /** Exchange time of the tick, epoch ms. */
  ts: number;
}

export type CoinPrices = Readonly<Partial<Record<PriceCoin, CoinPrice>>>;

/** A price the feed sent as a decimal string (or a number): finite and above zero, else null. */
export function parsePrice(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim())) n = Number(value);
  else return null;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Day change in percent: (last - sod) / sod x 100. */
export function dayChangePercent(last: number, sod: number | null): number | null {
  if (sod === null) return null;
  return ((last - sod) / sod) * 100;
}

/**
 * The coins one ticker updates. COIN-USDT gives COIN; USDC-USDT gives USDC as is and USDT as its
 * inverse (1 / last, day change sod / last - 1).
 */
export function coinsFromTicker(instId: string, last: number, sod: number | null, ts: number): CoinPrices {
  const [base, quote] = instId.split('-');
  if (quote !== QUOTE || !(PRICE_COINS as readonly string[]).includes(base) || base === QUOTE) return {};
  const coin = base as PriceCoin;
  const out: Partial<Record<PriceCoin, CoinPrice>> = {
    [coin]: { last, changePercent: dayChangePercent(last, sod), ts },
  };
  if (instId === USDT_SOURCE_PAIR) {
    out.USDT = { last: 1 / last, changePercent: sod === null ? null : (sod / last - 1) * 100, ts };
  }
  return out;
}

/** What a text frame from the feed means; null for anything this client does not understand. */
export type FeedMessage =
  | { kind: 'pong' }
  | { kind: 'subscribed'; channel: string }
  | { kind: 'error'; code: string; msg: string }
  | { kind: 'tickers'; prices: CoinPrices }
  | { kind: 'other' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseFeedMessage(text: string, now: number): FeedMessage | null {
  if (text === 'pong') return { kind: 'pong' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  if (typeof json.event === 'string') {
    if (json.event === 'subscribe') {
      const channel = isRecord(json.arg) && typeof json.arg.channel === 'string' ? json.arg.channel : '';
      return { kind: 'subscribed', channel };
    }
    if (json.event === 'error') {
      return {
        kind: 'error',
        code: typeof json.code === 'string' || typeof json.code === 'number' ? String(json.code) : '',
        msg: typeof json.msg === 'string' ? json.msg : '',
      };
    }
    return { kind: 'other' };
  }
  if (!isRecord(json.arg) || !Array.isArray(json.data)) return null;
  if (json.arg.channel !== 'tickers') return { kind: 'other' };
  const prices: Partial<Record<PriceCoin, CoinPrice>> = {};
  for (const item of json.data) {
    if (!isRecord(item)) continue;
    const instId = typeof item.instId === 'string' ? item.instId : json.arg.instId;
    if (typeof instId !== 'string') continue;
    const last = parsePrice(item.last);
    if (last === null) continue;
    const ts = Number(item.ts);
    Object.assign(
      prices,
      coinsFromTicker(instId, last, parsePrice(item.sodUtc8), Number.isFinite(ts) && ts > 0 ? ts : now),
    );
  }
  return Object.keys(prices).length > 0 ? { kind: 'tickers', prices } : null;
}

/** 1 s doubling to 30 s by default; "equal jitter": half the step fixed, half random. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (random() * step) / 2);
}

// ---- Socket and options -------------------------------------------------------------

/** Handler types compared bivariantly, so both the DOM WebSocket and `ws` fit. */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of a WebSocket this client uses (the browser's, or `ws` in Node tests). */
export interface FeedSocket {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type FeedSocketConstructor = new (url: string) => FeedSocket;

/** Whether the device is online, and a way to hear when that changes. */
export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface FeedTimers {
  /** `name` says what the timer is for (a reconnect, the subscribe delay...): for a test to trace the schedule. */
  setTimeout(run: () => void, ms: number, name: FeedTimerName): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Where a feed keeps the moment it went quiet, so that what the page says ("cannot be reached
 * since 14:17") survives a reload of the app (offline, say) within the browser tab's session.
 */
export interface DownSinceStore {
  get(url: string): number | null;
  set(url: string, at: number): void;
  clear(url: string): void;
}

const DOWN_SINCE_KEY = 'priceFeedDownSince:';

/** The tab's sessionStorage: gone with the tab, like the app's session. */
export const sessionDownSince: DownSinceStore = {
  get(url) {
    try {
      const at = Number(sessionStorage.getItem(DOWN_SINCE_KEY + url));
      return Number.isFinite(at) && at > 0 ? at : null;
    } catch {
      return null;
    }
  },
  set(url, at) {
    try {
      sessionStorage.setItem(DOWN_SINCE_KEY + url, String(at));
    } catch {
      // Kept in memory only: true while the app runs.
    }
  },
  clear(url) {
    try {
      sessionStorage.removeItem(DOWN_SINCE_KEY + url);
    } catch {
      // Nothing was kept.
    }
  },
};

export interface PriceFeedOptions {
  url: string;
  /** Defaults to the global WebSocket. */
  WebSocket?: FeedSocketConstructor;
  /** Delay between the socket opening and the first subscribe (SPEC.md: 2 s). */
  subscribeDelayMs?: number;
  /** How long to wait for the instruments ack before subscribing to tickers anyway. */
  ackWaitMs?: number;
  /** Send `ping` after this long without any message from the feed. */
  pingAfterMs?: number;
  /** With no answer this long after a ping, the socket is taken as dead and reopened. */
  pongTimeoutMs?: number;
  /** No tick for this long: the prices are stale. */
  staleAfterMs?: number;
  /** Still no tick this long after starting: stop saying "connecting", say stale. */
  connectTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  now?: () => number;
  timers?: FeedTimers;
  online?: OnlineSource;
  /** Defaults to the tab's sessionStorage. */
  downSinceStore?: DownSinceStore;
}

export const PRICE_FEED_DEFAULTS = {
  subscribeDelayMs: PRICE_SUBSCRIBE_DELAY_MS,
  ackWaitMs: 1_000,
  pingAfterMs: 25_000,
  pongTimeoutMs: 10_000,
  staleAfterMs: 10_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
} as const;

export type FeedState = 'connecting' | 'live' | 'stale';

export interface PriceSnapshot {
  url: string;
  state: FeedState;
  prices: CoinPrices;
  /** When the last good tick arrived on this device, epoch ms; null before the first. */
  lastTickAt: number | null;
  /**
   * Stale: since when no price came (the last tick, or when the feed was first asked for prices in
   * this session if none came since); null otherwise. Leaving the page and coming back, trying
   * again, or reloading the app does not move it.
   */
  downSince: number | null;
  /** The last error event the feed sent, if any. */
  error: { code: string; msg: string } | null;
}

const OPEN = 1;

function browserOnline(): OnlineSource {
  return {
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    subscribe(listener) {
      if (typeof window === 'undefined') return () => {};
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
  };
}

const realTimers: FeedTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type FeedTimerName = 'subscribe' | 'ack' | 'ping' | 'pong' | 'reconnect' | 'recheck';

// ---- The feed ---------------------------------------------------------------------

export class PriceFeed {
  readonly url: string;
  private readonly opts: Required<Omit<PriceFeedOptions, 'WebSocket'>> & { WebSocket?: FeedSocketConstructor };
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Map<FeedTimerName, unknown>();
  private socket: FeedSocket | null = null;
  private opened = false;
  private tickSinceOpen = false;
  private tickersSent = false;
  private running = false;
  /** A feed made but not started yet is about to connect, not stale. */
  private started = false;
  private online = true;
  private unsubscribeOnline: (() => void) | null = null;
  /** True from start() until the first tick or the first failure: the "connecting" state. */
  private awaitingFirst = false;
  private startedAt = 0;
  private attempt = 0;
  private prices: CoinPrices = {};
  private lastTickAt: number | null = null;
  /**
   * With no tick yet: when the feed was first asked for prices, or the moment an earlier load of
   * the app last saw one (downSinceStore). Not moved by stop/start or retry: each visit of the page
   * would otherwise say the feed went down when the member arrived.
   */
  private quietSince: number | null;
  /** What downSinceStore holds for this URL (read once, then written only when it changes). */
  private storedDownSince: number | null;
  private error: PriceSnapshot['error'] = null;
  private snapshot: PriceSnapshot;

  constructor(options: PriceFeedOptions) {
    this.url = options.url;
    const subscribeDelayMs = options.subscribeDelayMs ?? PRICE_FEED_DEFAULTS.subscribeDelayMs;
    const staleAfterMs = options.staleAfterMs ?? PRICE_FEED_DEFAULTS.staleAfterMs;
    this.opts = {
      url: options.url,
      WebSocket: options.WebSocket,
      subscribeDelayMs,
      ackWaitMs: options.ackWaitMs ?? PRICE_FEED_DEFAULTS.ackWaitMs,
      pingAfterMs: options.pingAfterMs ?? PRICE_FEED_DEFAULTS.pingAfterMs,
      pongTimeoutMs: options.pongTimeoutMs ?? PRICE_FEED_DEFAULTS.pongTimeoutMs,
      staleAfterMs,
      connectTimeoutMs: options.connectTimeoutMs ?? subscribeDelayMs + staleAfterMs,
      backoffBaseMs: options.backoffBaseMs ?? PRICE_FEED_DEFAULTS.backoffBaseMs,
      backoffMaxMs: options.backoffMaxMs ?? PRICE_FEED_DEFAULTS.backoffMaxMs,
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
      timers: options.timers ?? realTimers,
      online: options.online ?? browserOnline(),
      downSinceStore: options.downSinceStore ?? sessionDownSince,
    };
    this.storedDownSince = this.opts.downSinceStore.get(this.url);
    this.quietSince = this.storedDownSince;
    this.snapshot = this.build();
  }

  // -- Reading ------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PriceSnapshot => this.snapshot;

  private state(now: number): FeedState {
    if (!this.started) return 'connecting';
    if (!this.running || !this.online) return 'stale';
    const fresh = this.lastTickAt !== null && now - this.lastTickAt <= this.opts.staleAfterMs;
    if (this.socket && this.opened && this.tickSinceOpen && fresh) return 'live';
    if (this.awaitingFirst && now - this.startedAt < this.opts.connectTimeoutMs) return 'connecting';
    return 'stale';
  }

  private build(): PriceSnapshot {
    const state = this.state(this.opts.now());
    return {
      url: this.url,
      state,
      prices: this.prices,
      lastTickAt: this.lastTickAt,
      downSince: state === 'stale' ? (this.lastTickAt ?? this.quietSince ?? this.startedAt) : null,
      error: this.error,
    };
  }

  /** Publishes a new snapshot when something a screen shows changed, and plans the next re-check. */
  private emit(): void {
    const next = this.build();
    const prev = this.snapshot;
    if (next.downSince !== null && next.downSince !== this.storedDownSince) {
      this.storedDownSince = next.downSince;
      this.opts.downSinceStore.set(this.url, next.downSince);
    }
    if (
      next.state !== prev.state ||
      next.prices !== prev.prices ||
      next.lastTickAt !== prev.lastTickAt ||
      next.downSince !== prev.downSince ||
      next.error !== prev.error
    ) {
      this.snapshot = next;
      this.listeners.forEach((listener) => listener());
    }
    this.planRecheck(next.state);
  }

  /** live turns stale, and connecting turns stale, by the clock alone: wake up when that happens. */
  private planRecheck(state: FeedState): void {
    this.clear('recheck');
    if (!this.running) return;
    const now = this.opts.now();
    let at: number | null = null;
    if (state === 'live' && this.lastTickAt !== null) at = this.lastTickAt + this.opts.staleAfterMs + 1;
    else if (state === 'connecting') at = this.startedAt + this.opts.connectTimeoutMs;
    if (at !== null) this.set('recheck', Math.max(0, at - now), () => this.emit());
  }

  // -- Life cycle -----------------------------------------------------------------------

  start(): void {
    if (this.running) return;
    this.running = true;
    this.started = true;
    this.awaitingFirst = true;
    this.startedAt = this.opts.now();
    if (this.lastTickAt === null) this.quietSince ??= this.startedAt;
    this.attempt = 0;
    this.online = this.opts.online.isOnline();
    this.unsubscribeOnline = this.opts.online.subscribe(this.onOnlineChange);
    if (this.online) this.connect();
    this.emit();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.unsubscribeOnline?.();
    this.unsubscribeOnline = null;
    this.dropSocket();
    this.clear('reconnect');
    this.clear('recheck');
    this.emit();
  }

  /**
   * The member asks to try now: a feed that is not live drops its socket and connects at once,
   * instead of waiting out the back-off. Nothing happens offline (the online event does it).
   */
  retry(): void {
    if (!this.running || !this.online || this.state(this.opts.now()) === 'live') return;
    this.dropSocket();
    this.clear('reconnect');
    this.attempt = 0;
    this.awaitingFirst = true;
    this.startedAt = this.opts.now();
    this.connect();
    this.emit();
  }

  private onOnlineChange = (): void => {
    const online = this.opts.online.isOnline();
    if (online === this.online) return;
    this.online = online;
    if (!this.running) return;
    if (!online) {
      // Nothing to reach: close the socket and stop retrying until the device is back.
      this.dropSocket();
      this.clear('reconnect');
      this.awaitingFirst = false;
    } else if (!this.socket) {
      this.attempt = 0;
      this.clear('reconnect');
      this.connect();
    }
    this.emit();
  };

  private connect(): void {
    if (!this.running || !this.online || this.socket) return;
    const Ctor = this.opts.WebSocket ?? (globalThis as { WebSocket?: FeedSocketConstructor }).WebSocket;
    if (!Ctor) return;
    let socket: FeedSocket;
    try {
      socket = new Ctor(this.url);
    } catch {
      // A malformed URL throws at once: retry on the same schedule as any other failure.
      this.awaitingFirst = false;
      this.scheduleReconnect();
      this.emit();
      return;
    }
    this.socket = socket;
    this.opened = false;
    this.tickSinceOpen = false;
    this.tickersSent = false;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.opened = true;
      this.set('subscribe', this.opts.subscribeDelayMs, () => this.sendInstruments());
      this.armIdle();
      this.emit();
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.onMessage(event.data);
    };
    socket.onclose = () => this.onDown(socket);
    socket.onerror = () => this.onDown(socket);
  }

  private onDown(socket: FeedSocket): void {
    if (socket !== this.socket) return;
    this.dropSocket();
    this.awaitingFirst = false;
    this.scheduleReconnect();
    this.emit();
  }

  private scheduleReconnect(): void {
    if (!this.running || !this.online) return;
    const delay = backoffDelay(this.attempt, this.opts.backoffBaseMs, this.opts.backoffMaxMs, this.opts.random);
    this.attempt += 1;
    this.set('reconnect', delay, () => this.connect());
  }

  /** Forgets the current socket (its late events are ignored) and closes it. */
  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.opened = false;
    this.tickSinceOpen = false;
    for (const name of ['subscribe', 'ack', 'ping', 'pong'] as const) this.clear(name);
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    // Closing a socket still connecting reports an error (Node's `ws` throws it when unheard).
    socket.onerror = () => {};
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened may throw in some engines; it is gone either way.
    }
  }

  // -- Talking --------------------------------------------------------------------------

  private send(payload: string): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    try {
      socket.send(payload);
    } catch {
      // The close event follows and takes care of it.
    }
  }

  private sendInstruments(): void {
    this.send(JSON.stringify(INSTRUMENTS_SUBSCRIBE));
    this.set('ack', this.opts.ackWaitMs, () => this.sendTickers());
  }

  private sendTickers(): void {
    if (this.tickersSent || !this.socket) return;
    this.tickersSent = true;
    this.clear('ack');
    this.send(JSON.stringify(TICKERS_SUBSCRIBE));
  }

  /** Keep-alive: after a quiet spell send `ping`; no answer in time means the socket is dead. */
  private armIdle(): void {
    this.clear('pong');
    this.set('ping', this.opts.pingAfterMs, () => {
      const socket = this.socket;
      if (!socket) return;
      this.send('ping');
      this.set('pong', this.opts.pongTimeoutMs, () => this.onDown(socket));
    });
  }

  private onMessage(data: unknown): void {
    this.armIdle();
    if (typeof data !== 'string') return;
    const now = this.opts.now();
    const message = parseFeedMessage(data, now);
    if (!message) return;
    switch (message.kind) {
      case 'subscribed':
        // The backoff resets on the first tick, not here: a feed that acknowledges and then drops
        // the connection must not be retried at full speed for ever.
        if (message.channel === 'instruments') this.sendTickers();
        break;
      case 'error':
        this.error = { code: message.code, msg: message.msg };
        // An instruments refusal must not keep the prices from being asked for.
        if (!this.tickersSent && this.timers.has('ack')) this.sendTickers();
        break;
      case 'tickers': {
        const merged: Partial<Record<PriceCoin, CoinPrice>> = { ...this.prices };
        for (const [coin, price] of Object.entries(message.prices) as [PriceCoin, CoinPrice][]) {
          const known = merged[coin];
          // An older tick arriving late never replaces a newer one.
          if (!known || known.ts <= price.ts) merged[coin] = price;
        }
        this.prices = merged;
        if (this.storedDownSince !== null) {
          this.storedDownSince = null;
          this.opts.downSinceStore.clear(this.url);
        }
        this.lastTickAt = now;
        this.quietSince = null;
        this.tickSinceOpen = true;
        this.awaitingFirst = false;
        this.attempt = 0;
        break;
      }
      default:
        break;
    }
    this.emit();
  }

  // -- Timers -----------------------------------------------------------------------------

  private set(name: FeedTimerName, ms: number, run: () => void): void {
    this.clear(name);
    this.timers.set(
      name,
      this.opts.timers.setTimeout(
        () => {
          this.timers.delete(name);
          run();
        },
        ms,
        name,
      ),
    );
  }

  private clear(name: FeedTimerName): void {
    if (!this.timers.has(name)) return;
    this.opts.timers.clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }
}

/** The operator's URL when it is a websocket URL, else the default feed. */
export function priceFeedUrl(configured: string | undefined | null): string {
  const url = (configured ?? '').trim();
  return /^wss?:\/\/\S+$/i.test(url) ? url : DEFAULT_PRICE_FEED_URL;
}

// ---- One feed per URL, open while a screen uses it -----------------------------------------

/**
 * The app's feeds, one per URL, made on first use with the same options (the app's online
 * signal; a test's websocket and short delays). A feed keeps its last prices while nobody uses it.
 */
export class PriceFeeds {
  private readonly feeds = new Map<string, { feed: PriceFeed; users: number }>();

  constructor(private readonly defaults: Omit<PriceFeedOptions, 'url'> = {}) {}

  /** The shared feed of a URL. */
  feedOf(url: string): PriceFeed {
    let entry = this.feeds.get(url);
    if (!entry) {
      entry = { feed: new PriceFeed({ ...this.defaults, url }), users: 0 };
      this.feeds.set(url, entry);
    }
    return entry.feed;
  }

  /** A screen starts using a feed; the returned function stops using it. The last user closes it. */
  retain(feed: PriceFeed): () => void {
    const entry = this.feeds.get(feed.url);
    if (!entry || entry.feed !== feed) {
      feed.start();
      return () => feed.stop();
    }
    entry.users += 1;
    feed.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0) feed.stop();
    };
  }
}
