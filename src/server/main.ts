/** `npm run server`: migrate, seed an empty database, listen, print the start banner. */
import { loadConfig } from './config';
import { buildApp } from './app';
import { startBanner } from './banner';
import { systemClock } from './clock';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { loadTranslator } from './i18n';
import { pruneExpiredSessions } from './domain/accounts/sessions';
import { currentInvitationCode } from './domain/operator';
import { hasBuiltApp } from './routes/static';
import { seedIfEmpty } from './seed';
import { ConsoleSmsSender } from './sms';

async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect, description } = openDatabase(config, { backgroundCheckpoints: true });
  await migrateToLatest(db, dialect);
  const deps = { db, dialect, clock: systemClock };
  const seed = await seedIfEmpty(deps);
  if (seed.seeded) console.log('Empty database: seeded games, rooms, articles, banners and the demo member.');
  await pruneExpiredSessions(deps);

  const translator = await loadTranslator();
  if (translator.missing.length > 0) console.warn(`Error catalogue missing for: ${translator.missing.join(', ')}`);
  const app = await buildApp({
    db,
    dialect,
    smsSender: new ConsoleSmsSender(),
    distDir: config.distDir,
    publicApiUrl: config.publicApiUrl,
    translator,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    game: { scheduler: { timing: config.roundTiming } },
  });
  // A deep accept queue: a thousand members polling at once must not find the door shut (Node's default is 511).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const banner = startBanner({
    port,
    invitationCode: await currentInvitationCode(deps),
    database: description,
    servesApp: hasBuiltApp(config.distDir),
    distDir: config.distDir,
  });
  console.log(banner.join('\n'));

  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
