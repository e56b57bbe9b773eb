/**
 * `npm run bench`: prints figures a reader can compare between runs. Not a timed test:
 * nothing here passes or fails on speed.
 */
import { existsSync } from 'node:fs';
import { buildApp } from '../../scripts/build-app.mjs';
import { measureBundle, printBundle } from './bundle';
import { measureFirstLoad, printFirstLoad } from './firstLoad';
import { runLiveBench } from './live';
import { runLoginBench, runLoginFloodBench } from './login';
import { measureOfflineReload, printOfflineReload } from './offlineReload';
import { runServerBench } from './server';
import { runSlowReadersBench } from './slowReaders';

if (!existsSync('dist/index.html') || process.env.REBUILD === '1') {
  const status = buildApp();
  if (status !== 0) process.exit(status);
}
printBundle(measureBundle());
printFirstLoad(await measureFirstLoad());
printOfflineReload(await measureOfflineReload());
await runServerBench();
await runLoginBench();
await runLoginFloodBench();
await runLiveBench();
await runSlowReadersBench();
