/**
 * Builds the Fastify app: the API of the contract, the envelope on every answer, and the built
 * PWA. main.ts and the tests both call buildApp, so what the tests reach is what ships.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Db, Dialect } from './db/schema';
import { loadTranslator, type Translator } from './i18n';
import { accountRoutes } from './routes/accounts';
import { registerAuthHook } from './routes/auth';
import { registerJsonBodyParser } from './routes/bodyParser';
import { configRoutes } from './routes/config';
import type { RouteContext } from './routes/context';
import { registerErrorHandlers } from './routes/errors';
import { passwordRoutes } from './routes/passwords';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './routes/rateLimits';
import { hasBuiltApp, staticRoutes } from './routes/static';
import { userRoutes } from './routes/user';
import type { SmsSender } from './sms';

export interface AppOptions {
  db: Db;
  dialect: Dialect;
  smsSender: SmsSender;
  clock?: Clock;
  /** Folder of the built app; nothing is served from disk when it holds no index.html. */
  distDir?: string;
  /** apiWebUrl of GET /manifest.json; '' means the same origin. */
  publicApiUrl?: string;
  rateLimits?: Partial<RateLimits>;
  /** Folder of the error catalogue's PO files (tests point it at fixtures). */
  localesDir?: string;
  /** A translator already loaded (saves re-reading the catalogue). */
  translator?: Translator;
  logger?: FastifyServerOptions['logger'];
  /**
   * Take the client address from X-Forwarded-For. Only behind a reverse proxy: otherwise any
   * client could pick its own address and walk around the rate limits.
   */
  trustProxy?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Contract bodies are a few hundred bytes; a small limit keeps junk cheap to refuse.
    bodyLimit: 64 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  const ctx: RouteContext = {
    deps: {
      db: options.db,
      dialect: options.dialect,
      clock: options.clock ?? systemClock,
      smsSender: options.smsSender,
    },
    i18n: options.translator ?? (await loadTranslator(options.localesDir)),
  };
  const distDir = options.distDir;
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };

  registerJsonBodyParser(app);
  registerErrorHandlers(app, ctx, distDir !== undefined && hasBuiltApp(distDir));
  registerAuthHook(app, ctx);
  // preHandler: the body is parsed by then, so a 429 answers in the request's language.
  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler' });

  configRoutes(app, ctx);
  accountRoutes(app, ctx, limits);
  passwordRoutes(app, ctx);
  userRoutes(app, ctx);
  await staticRoutes(app, { distDir, publicApiUrl: options.publicApiUrl ?? '' });
  return app;
}
