/**
 * Builds the Fastify app: the API of the contract, the envelope on every answer, and the built
 * PWA. main.ts and the tests both call buildApp, so what the tests reach is what ships.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { proxyTrust } from './clientAddress';
import { systemClock, type Clock } from './clock';
import type { TrustProxy } from './config';
import type { Db, Dialect } from './db/schema';
import { appConfig } from './domain/appConfig';
import { SessionCache } from './domain/accounts/sessionCache';
import { RequestCounters } from './domain/requestCounters';
import { describeDatabaseError, isDatabaseUnavailable } from './domain/dbErrors';
import { DEFAULT_PUBLIC_READ_OPTIONS, PublicReads, type PublicReadOptions } from './domain/content/publicReads';
import { DEFAULT_ENGINE_OPTIONS, GameEngine } from './domain/game/engine';
import type { ChainOptions } from './domain/game/chains';
import type { DrawSecrets } from './domain/game/drawSecrets';
import { dayEndCloser } from './domain/signedLedger/close';
import { PushNotifier, type PushSettings } from './domain/push/notifier';
import { pushHandlers } from './routes/push';
import type { LedgerKeys } from './domain/signedLedger/keys';
import type { SchedulerOptions } from './domain/game/scheduler';
import { loadTranslator, type Translator } from './i18n';
import { lazyChildLogger } from './logger';
import { accountHandlers } from './routes/accounts';
import { registerAuthHook } from './routes/auth';
import { registerJsonBodyParser } from './routes/bodyParser';
import { configHandlers } from './routes/config';
import { contentHandlers } from './routes/content';
import type { RouteContext } from './routes/context';
import { registerErrorHandlers } from './routes/errors';
import { gameHandlers } from './routes/game';
import { liveRoutes, liveTicketHandlers } from './routes/live';
import { registerCalls } from './routes/calls';
import { DEFAULT_HUB_OPTIONS, LiveHub, type HubOptions } from './domain/live/hub';
import { StreamSlots } from './domain/live/streamSlots';
import { sessionsEndAt } from './domain/accounts/sessions';
import { DEFAULT_LIVE_BUS_OPTIONS, openLiveBus, type LiveBusOptions } from './domain/live/runtime';
import { healthRoutes } from './routes/health';
import { orderHandlers } from './routes/orders';
import { orderViewHandlers } from './routes/orderViews';
import { passwordHandlers } from './routes/passwords';
import { databaseRateLimitStore, DEFAULT_RATE_LIMITS, rateLimitedError, type RateLimits } from './routes/rateLimits';
import { playHandlers } from './routes/play';
import { ledgerHandlers } from './routes/ledger';
import { LedgerProofs } from './domain/signedLedger/proofs';
import { registerSecurityHeaders } from './routes/securityHeaders';
import { appPage, readBuiltPage } from './routes/appPage';
import { readCatalogPreloads } from './routes/catalogPreloads';
import { fetchInside, loadPageRenderer } from './routes/pageRenderer';
import type { PageRenderer } from '../shared/pageRendering';
import { styleHashesOf } from './routes/inlineStyles';
import { registerCompression } from './routes/compression';
import { hasBuiltApp, staticRoutes } from './routes/static';
import { userHandlers } from './routes/user';
import { walletHandlers } from './routes/wallet';
import { messageHandlers } from './routes/messages';
import type { SmsSender } from './sms';
import type { CacheClock } from './domain/ttlCache';

export interface AppOptions {
  db: Db;
  dialect: Dialect;
  smsSender: SmsSender;
  /** The draw secrets every hash chain's seeds come from (drawSecrets.ts); never in the database. */
  drawSecrets: DrawSecrets;
  /**
   * The keys that sign the fund log's heads (signedLedger/keys.ts); never in the database. Without
   * them no period is closed and the ledger's proofs are not served (tests of other parts).
   */
  ledgerKeys?: LedgerKeys;
  /**
   * The members' notifications (domain/push): the VAPID key and subject (`settings`, none when they
   * are off) and the push services a device may name.
   */
  push?: { settings?: PushSettings; serviceHosts: readonly string[] };
  clock?: Clock;
  /** Folder of the built app; nothing is served from disk when it holds no index.html. */
  distDir?: string;
  /** The renderer of the app's first screens (build/ssr/renderPage.js); without it the app renders its pages. */
  rendererFile?: string;
  /** apiWebUrl of GET /manifest.json; '' means the same origin. */
  publicApiUrl?: string;
  rateLimits?: Partial<RateLimits>;
  /** Folder of the error catalogue's PO files (tests point it at fixtures). */
  localesDir?: string;
  /** A translator already loaded (saves re-reading the catalogue). */
  translator?: Translator;
  /** The server's pino logger (logger.ts); none in tests unless one is given. */
  logger?: FastifyBaseLogger;
  /**
   * Which reverse proxies may name the client's address in X-Forwarded-For (config.ts, TRUST_PROXY,
   * clientAddress.ts): a hop count from a private peer, or their addresses. Anything looser would let
   * a client pick its own address and walk around the per-address limits.
   */
  trustProxy?: TrustProxy;
  /** The site is served over HTTPS (HTTPS=on): send Strict-Transport-Security. */
  https?: boolean;
  /** How long a session checked on a hot path may be reused (ms by the cache clock); 0 turns it off. */
  sessionCacheTtlMs?: number;
  /**
   * The monotonic clock every in-process cache ages by (default: real elapsed time). Apart from
   * `clock`, the wall clock of rounds and sessions, so a test can expire caches without moving rounds.
   */
  cacheClock?: CacheClock;
  /** How long public content (articles, banners, finance tiers) and the winners list may be cached. */
  content?: Partial<PublicReadOptions>;
  /**
   * The live streams: the bus (replay window, timers; on PostgreSQL `databaseUrl` is required, for
   * the LISTEN connection) and the streams' limits (heartbeat, caps per address and member).
   */
  live?: Partial<LiveBusOptions> & { hub?: Partial<HubOptions> };
  /** The round engine: cache age, hash-chain size, scheduler (timers, lease, timing override). */
  game?: {
    cacheTtlMs?: number;
    chain?: Partial<ChainOptions>;
    scheduler?: Partial<SchedulerOptions>;
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger, childLoggerFactory: lazyChildLogger } : { logger: false }),
    // Contract bodies are a few hundred bytes; a small limit keeps junk cheap to refuse.
    bodyLimit: 64 * 1024,
    // During a shutdown the listener is closed at once; a request that still arrives on an open
    // connection is served (with its envelope) rather than refused with a bare 503.
    return503OnClosing: false,
    trustProxy: proxyTrust(options.trustProxy),
  });
  const baseDeps = { db: options.db, dialect: options.dialect, clock: options.clock ?? systemClock };
  const bus = openLiveBus(
    baseDeps,
    { ...DEFAULT_LIVE_BUS_OPTIONS, ...options.live },
    {
      onError: (error) =>
        isDatabaseUnavailable(error)
          ? app.log.warn({ database: describeDatabaseError(error) }, 'live events: database unavailable')
          : app.log.error({ err: error }, 'live events'),
      onListenerLost: (error) =>
        app.log.warn({ database: describeDatabaseError(error) }, 'live events: LISTEN connection lost, reconnecting'),
    },
  );
  const i18n = options.translator ?? (await loadTranslator(options.localesDir));
  // The members' notifications hear the news the live streams hear (domain/push/notifier.ts).
  const notifier =
    options.push?.settings &&
    new PushNotifier(baseDeps.db, i18n, options.push.settings, {
      warn: (object, message) => app.log.warn(object, message),
    });
  const deps = { ...baseDeps, live: bus, ...(notifier ? { push: notifier } : {}) };
  const { ledgerKeys } = options;
  const proofs = new LedgerProofs(deps.db, ledgerKeys);
  const closeDayEnd = ledgerKeys && dayEndCloser(deps, ledgerKeys);
  const game = new GameEngine(deps, (locale) => i18n.outcomeNames(locale), options.drawSecrets, {
    cacheTtlMs: options.game?.cacheTtlMs ?? DEFAULT_ENGINE_OPTIONS.cacheTtlMs,
    cacheClock: options.cacheClock,
    chain: { ...DEFAULT_ENGINE_OPTIONS.chain, ...options.game?.chain },
    scheduler: {
      ...DEFAULT_ENGINE_OPTIONS.scheduler,
      // A database that is away is logged once a tick as a line, not a stack (errors.ts answers 1004 meanwhile).
      onError: (error) =>
        isDatabaseUnavailable(error)
          ? app.log.warn({ database: describeDatabaseError(error) }, 'round scheduler: database unavailable')
          : app.log.error({ err: error }, 'round scheduler'),
      // The lease holder's other work: a server day's end closes the fund log's running period
      // (signedLedger/close.ts); the pauses that just ended are told to the members who asked.
      ...(closeDayEnd || notifier
        ? {
            leaderWork: async () => {
              const closed = closeDayEnd ? await closeDayEnd() : null;
              if (closed) proofs.keep(closed.head.seq, closed.rows, closed.levels);
              await notifier?.watchPauses(deps.clock());
            },
          }
        : {}),
      ...options.game?.scheduler,
    },
  });
  const sessions = new SessionCache(options.sessionCacheTtlMs ?? 1_000, undefined, options.cacheClock);
  const reads = new PublicReads(deps, { ...DEFAULT_PUBLIC_READ_OPTIONS, ...options.content }, options.cacheClock);
  const ctx: RouteContext = {
    deps: { ...deps, smsSender: options.smsSender },
    i18n,
    game,
    sessions,
    reads,
    live: bus,
    https: options.https ?? false,
  };
  const hubOptions = { ...DEFAULT_HUB_OPTIONS, ...options.live?.hub };
  const hub = new LiveHub(
    bus,
    {
      clock: deps.clock,
      // A row counts for a few heartbeats without renewal: an instance that died stops holding places soon.
      slots: new StreamSlots(deps, hubOptions, 4 * hubOptions.heartbeatMs),
      sessionsEndAt: (hashes) => sessionsEndAt(deps, hashes),
      onError: (error) =>
        isDatabaseUnavailable(error)
          ? app.log.warn({ database: describeDatabaseError(error) }, 'live streams: database unavailable')
          : app.log.error({ err: error }, 'live streams'),
    },
    hubOptions,
  );
  // A round drawn or opened by another instance's drawer: this instance's boards read it at once.
  bus.onEvent((event) => {
    if (event.channel.startsWith('game:')) game.boards.invalidate(Number(event.channel.slice('game:'.length)));
  });
  const distDir = options.distDir;
  let renderer: Promise<PageRenderer | null> | undefined;
  const pagesTtlMs = options.content?.cacheTtlMs ?? DEFAULT_PUBLIC_READ_OPTIONS.cacheTtlMs;
  // The built page, read through a short cache (a rebuild under a running server is seen within
  // it): the policy names its <style> by hash, and it answers every client route (appPage.ts).
  const builtPage = distDir === undefined ? null : readBuiltPage(distDir, pagesTtlMs, options.cacheClock);
  const page =
    builtPage && distDir !== undefined && hasBuiltApp(distDir)
      ? appPage(ctx, {
          page: builtPage,
          publicApiUrl: options.publicApiUrl ?? '',
          cacheTtlMs: pagesTtlMs,
          cacheClock: options.cacheClock,
          renderer: () => (renderer ??= rendererOf(options.rendererFile, app.log)),
          fetchFor: (request, token) => fetchInside(app, request, token),
          catalogs: readCatalogPreloads(distDir, pagesTtlMs, options.cacheClock),
        })
      : null;
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };

  // First of all hooks, so that every answer carries the headers, refusals and 404s included.
  await registerSecurityHeaders(app, {
    https: options.https ?? false,
    publicApiUrl: options.publicApiUrl ?? '',
    priceFeedUrl: async () => (await appConfig(deps)).priceFeedUrl,
    cacheTtlMs: pagesTtlMs,
    cacheClock: options.cacheClock,
    styleHashes: async () => styleHashesOf((await builtPage?.()) ?? ''),
  });
  await registerCompression(app);
  // Reads the session cookie (sessionCookie.ts) and lets replies set and clear it.
  await app.register(fastifyCookie);
  registerJsonBodyParser(app);
  registerErrorHandlers(app, ctx, page);
  registerAuthHook(app, ctx);
  // preHandler: the body is parsed by then, so a 429 answers in the request's language.
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    store: databaseRateLimitStore(new RequestCounters(deps)),
    errorResponseBuilder: rateLimitedError,
  });

  registerCalls(
    app,
    {
      ...configHandlers(ctx),
      ...accountHandlers(ctx),
      ...passwordHandlers(ctx),
      ...userHandlers(ctx),
      ...gameHandlers(ctx),
      ...contentHandlers(ctx),
      ...orderHandlers(ctx),
      ...orderViewHandlers(ctx),
      ...walletHandlers(ctx),
      ...messageHandlers(ctx),
      ...playHandlers(ctx),
      ...ledgerHandlers(ctx, proofs),
      ...pushHandlers(ctx, { notifier, serviceHosts: options.push?.serviceHosts ?? [] }),
      ...liveTicketHandlers(ctx),
    },
    limits,
  );
  liveRoutes(app, ctx, { bus, hub });
  const lifecycle = { stopping: false };
  healthRoutes(app, ctx, lifecycle);
  // From the first moment of a shutdown, /readyz sends load balancers elsewhere, and the open
  // streams end at once (their browsers reconnect to another instance) instead of holding the close.
  app.addHook('preClose', async () => {
    lifecycle.stopping = true;
    await hub.close();
  });
  await staticRoutes(app, { distDir, publicApiUrl: options.publicApiUrl ?? '', page });

  // Rounds overdue since the last run are drawn and settled before the first request is answered.
  await bus.start();
  try {
    await game.start();
  } catch (error) {
    // The LISTEN connection of an app that never starts is not left behind.
    await bus.close();
    throw error;
  }
  app.addHook('onClose', async () => {
    await game.stop();
    await bus.close();
  });
  app.decorate('game', game);
  app.decorate('liveBus', bus);
  app.decorate('liveHub', hub);
  app.decorate('pushNotifier', notifier);
  // A stop lets the notifications already queued go out (a few seconds at most).
  app.addHook('onClose', async () => {
    if (notifier) await Promise.race([notifier.drained(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
  return app;
}

/** The renderer, loaded once when first asked for; a renderer that cannot load leaves the app to render. */
function rendererOf(file: string | undefined, log: FastifyBaseLogger): Promise<PageRenderer | null> {
  if (file === undefined) return Promise.resolve(null);
  return loadPageRenderer(file).catch((error: unknown) => {
    log.error({ err: error }, 'the page renderer could not be loaded; the app renders its pages');
    return null;
  });
}
