/**
 * `npm run bench`: prints figures a reader can compare between runs. Not a timed test:
 * nothing here passes or fails on speed. `npm run bench -- bundle server` runs only the parts named.
 */
import { existsSync } from 'node:fs';
import { buildApp } from '../../scripts/build-app.mjs';
import { measureBundle, printBundle } from './bundle';
import { measureFirstLoad, printFirstLoad } from './firstLoad';
import { runLedgerBench } from './ledger';
import { runLiveBench } from './live';
import { runLoginBench, runLoginFloodBench } from './login';
import { measureOfflineReload, printOfflineReload } from './offlineReload';
import { runPostgresBench } from './postgres';
import { runPushBench } from './push';
import { runServerBench } from './server';
import { runSlowReadersBench } from './slowReaders';

if (!existsSync('dist/index.html') || process.env.REBUILD === '1') {
  const status = buildApp();
  if (status !== 0) process.exit(status);
}
/** Each part of the bench; `npm run bench -- server live` runs only those named (all by default). */
const PARTS: Record<string, () => Promise<void> | void> = {
  bundle: () => printBundle(measureBundle()),
  firstLoad: async () => printFirstLoad(await measureFirstLoad()),
  offlineReload: async () => printOfflineReload(await measureOfflineReload()),
  server: runServerBench,
  postgres: runPostgresBench,
  login: runLoginBench,
  loginFlood: runLoginFloodBench,
  live: runLiveBench,
  slowReaders: runSlowReadersBench,
  ledger: runLedgerBench,
  push: runPushBench,
};
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(`No bench part ${unknown.join(', ')}; the parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(PARTS)) if (asked.length === 0 || asked.includes(name)) await run();
