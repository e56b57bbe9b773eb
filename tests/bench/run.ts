/**
 * `npm run bench`: prints figures a reader can compare between runs. Not a timed test:
 * nothing here passes or fails on speed.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { measureBundle, printBundle } from './bundle';
import { measureFirstLoad, printFirstLoad } from './firstLoad';
import { runLiveBench } from './live';
import { runLoginBench, runLoginFloodBench } from './login';
import { measureOfflineReload, printOfflineReload } from './offlineReload';
import { runServerBench } from './server';

if (!existsSync('dist/index.html') || process.env.REBUILD === '1') {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
printBundle(measureBundle());
printFirstLoad(await measureFirstLoad());
printOfflineReload(await measureOfflineReload());
await runServerBench();
await runLoginBench();
await runLoginFloodBench();
await runLiveBench();
