// `npm start` (and `npm run demo`, which adds --demo): check the environment, build the app when
// dist/ is missing or older than its sources (an upgrade must not keep serving the old build),
// then run the server, which migrates, seeds an empty database and prints the URL. Signals reach
// the server, so SIGTERM to `npm start` is a clean shutdown.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SERVER = ['--import', 'tsx', 'src/server/main.ts'];
/** What the build reads: a change to any of these makes dist/ out of date. */
const SOURCES = [
  'src/client',
  'src/shared',
  'public',
  'locales',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

const args = process.argv.slice(2);

function runOrExit(nodeArgs) {
  const result = spawnSync(process.execPath, nodeArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The newest modification time under a path (a file or a folder), 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildReason() {
  if (process.env.REBUILD === '1') return 'REBUILD=1';
  if (!existsSync('dist/index.html')) return 'dist/ is missing';
  const built = statSync('dist/index.html').mtimeMs;
  const changed = SOURCES.filter((path) => newestMtime(path) > built);
  return changed.length > 0 ? `sources changed since the last build: ${changed.join(', ')}` : null;
}

// Before anything is built or opened: a bad environment stops here with one line.
runOrExit([...SERVER, '--check-config', ...args]);

const reason = buildReason();
if (reason) {
  console.log(`Building the app (${reason})...`);
  runOrExit(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
}

const server = spawn(process.execPath, [...SERVER, ...args], { stdio: 'inherit' });
// Ctrl-C reaches the whole process group, the server included: here it only must not end this
// process first. SIGTERM and SIGHUP sent to this process alone are passed on.
process.on('SIGINT', () => undefined);
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
