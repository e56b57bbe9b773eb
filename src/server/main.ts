/**
 * `npm run server` (and `npm start`): check the environment, migrate, seed an empty database with
 * the catalogue and content (never members or money), add the demo data only with `--demo`,
 * listen, print the start banner; on SIGTERM or SIGINT stop cleanly.
 *
 * Flags: `--demo` adds the demo member and an invitation code, and prints SMS codes on the console
 * when no provider is configured (for trying the app, never for production); `--check-config` validates the environment and exits (npm start runs it before
 * building, so a bad value stops everything before anything is written).
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { startBanner } from './banner';
import { describeClientAddress } from './clientAddress';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type ServerConfig, type SmsConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { loadTranslator, type Translator } from './i18n';
import { pruneLoginGuards } from './domain/accounts/loginGuard';
import { pruneExpiredSessions } from './domain/accounts/sessions';
import { describeDatabaseError } from './domain/dbErrors';
import { openDrawSecrets } from './domain/game/drawSecrets';
import { openLedgerKeys, registerCurrentKey } from './domain/signedLedger/keys';
import { openVapidKey } from './domain/push/vapidKey';
import { deleteAllSubscriptions } from './repositories/pushSubscriptions';

/** The demo's contact for the push services when VAPID_SUBJECT is not set (a plain start has notifications off). */
const DEMO_VAPID_SUBJECT = 'mailto:demo@roundplay.invalid';
import { currentInvitationCode } from './domain/operator';
import { createLogger } from './logger';
import { hasBuiltApp } from './routes/static';
import { seedDemo, seedIfEmpty } from './seed';
import { ConsoleSmsSender, HttpSmsSender, NoSmsSender, type SmsSender } from './sms';

function flags(argv: string[]): { demo: boolean; checkConfig: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: { demo: { type: 'boolean', default: false }, 'check-config': { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  return { demo: values.demo, checkConfig: values['check-config'] };
}

async function serve(config: ServerConfig, logger: Logger, demo: boolean): Promise<void> {
  const { db, dialect, description } = openDatabase(config, {
    backgroundCheckpoints: true,
    onCheckpointError: (message) => logger.warn(message),
    onConnectionError: (error) => logger.warn({ database: describeDatabaseError(error) }, 'database connection lost'),
  });
  await migrateToLatest(db, dialect);
  const deps = { db, dialect, clock: systemClock };
  const seed = await seedIfEmpty(deps);
  if (seed.seeded) logger.info('empty database: seeded the games, rooms, articles, banners and settings');
  if (demo) {
    const made = await seedDemo(deps);
    logger.warn(made.created ? 'demo data added: the demo member with 1,000.00 USD' : 'demo data already present');
  }
  await pruneExpiredSessions(deps);
  // Before the app: a secret file that is missing while chains need it stops the start here.
  const drawSecrets = await openDrawSecrets(config.drawSecret, db);
  if (drawSecrets.created) {
    logger.warn(
      { file: drawSecrets.secrets.where },
      'made a new draw secret file (mode 0600): back it up now, apart from the database backups',
    );
  }
  // The fund log's signing keys, as the draw secret: a file missing while heads were signed stops the start.
  const ledger = await openLedgerKeys(config.ledgerKey, db);
  await registerCurrentKey(db, ledger.keys, systemClock());
  if (ledger.created) {
    logger.warn(
      { file: ledger.keys.where },
      'made a new ledger key file (mode 0600): back it up now, apart from the database backups',
    );
  }
  // The members' notifications: the VAPID key kept as the draw secret; off without VAPID_SUBJECT.
  const vapid = openVapidKey(config.push.key);
  if (vapid.created) {
    const dropped = await deleteAllSubscriptions(db);
    logger.warn(
      { file: vapid.key.where, dropped },
      'made a new VAPID key file (mode 0600): back it up now, apart from the database backups' +
        (dropped > 0 ? '; devices subscribed with the old key must turn their notifications on again' : ''),
    );
  }
  const pushSubject = config.push.subject ?? (demo ? DEMO_VAPID_SUBJECT : null);
  if (pushSubject === null) logger.warn('no VAPID_SUBJECT configured: notifications to members are off');
  await pruneLoginGuards(deps);

  const translator = await loadTranslator();
  if (translator.missing.length > 0) logger.warn({ missing: translator.missing }, 'error catalogue missing');
  // The demo prints codes when no provider is configured; a plain start never does unless asked.
  const sms = config.sms ?? (demo ? { kind: 'console' as const } : null);
  if (sms === null)
    logger.warn('no SMS provider configured (SMS_API_URL): registration and password resets are refused');
  const app = await buildApp({
    db,
    dialect,
    drawSecrets: drawSecrets.secrets,
    ledgerKeys: ledger.keys,
    push: {
      settings: pushSubject === null ? undefined : { key: vapid.key, subject: pushSubject },
      serviceHosts: config.push.serviceHosts,
    },
    smsSender: smsSenderFor(sms, translator, logger),
    distDir: config.distDir,
    rendererFile: config.rendererFile,
    publicApiUrl: config.publicApiUrl,
    translator,
    logger,
    trustProxy: config.trustProxy,
    https: config.https,
    game: { scheduler: { timing: config.roundTiming } },
    ...(config.loginLimitPerMinute !== undefined ? { rateLimits: { login: config.loginLimitPerMinute } } : {}),
    // On PostgreSQL the live streams LISTEN on a connection of their own.
    live: { databaseUrl: config.databaseUrl ?? undefined },
  });
  // A deep accept queue: a thousand members polling at once must not find the door shut (Node's default is 511).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const banner = startBanner({
    port,
    invitationCode: await currentInvitationCode(deps),
    demo,
    database: description,
    drawSecret: drawSecrets.secrets.where,
    servesApp: hasBuiltApp(config.distDir),
    distDir: config.distDir,
    sms: sms === null ? { kind: 'none' } : sms.kind === 'http' ? { kind: 'http', host: new URL(sms.url).host } : sms,
    clientAddress: describeClientAddress(config.trustProxy),
  });
  process.stdout.write(`${banner.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests');
    await shutDown(app, logger, config.shutdownGraceMs);
    await db.destroy();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: the launcher gone without a word
  // (kill -9), the channel closes, and the server stops as on SIGTERM rather than live on as an
  // orphan holding the port and the database.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('launcher gone'));
  }
}

function smsSenderFor(sms: SmsConfig | null, translator: Translator, logger: Logger): SmsSender {
  if (sms === null) return new NoSmsSender();
  if (sms.kind === 'console') return new ConsoleSmsSender();
  return new HttpSmsSender({
    url: sms.url,
    key: sms.key,
    text: (locale, code) => translator.smsText(locale, code),
    onFailure: (details, message) => logger.warn(details, message),
  });
}

/**
 * Stops accepting, lets running requests finish (closing what is still open after the grace
 * time), and stops the round drawer, which releases its lease so another instance takes over.
 * Live streams are ended at the start of the close (app.ts, preClose), not waited for: their
 * browsers reconnect, through the load balancer, to an instance that stays.
 */
async function shutDown(app: FastifyInstance, logger: Logger, graceMs: number): Promise<void> {
  // A keep-alive connection whose request finishes during the shutdown would otherwise stay open
  // until its idle timeout, holding the close back: close each one as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  const force = setTimeout(() => {
    logger.warn(`requests still running after ${graceMs / 1000} s: closing their connections`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(force);
  }
}

async function main(): Promise<void> {
  let options: { demo: boolean; checkConfig: boolean };
  let config: ServerConfig;
  try {
    options = flags(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    const known = error instanceof ConfigError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`Configuration error: ${known ? (error as Error).message : String(error)}\n`);
    process.exit(1);
  }
  if (options.checkConfig) return;
  const logger = createLogger(config.logLevel);
  try {
    await serve(config, logger, options.demo);
  } catch (error) {
    logger.fatal({ err: error }, 'the server could not start');
    process.stderr.write(`The server could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

void main();
