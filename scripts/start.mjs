// `npm start` (and `npm run demo`, which adds --demo): check the environment, build the app when
// dist/ is missing or older than its sources (an upgrade must not keep serving the old build),
// then run the server, which migrates, seeds an empty database and prints the URL. Signals reach
// the server, so SIGTERM to `npm start` is a clean shutdown.
import { spawn, spawnSync } from 'node:child_process';
import { staleBuildReason } from './build-state.mjs';

const SERVER = ['--import', 'tsx', 'src/server/main.ts'];
const args = process.argv.slice(2);

function runOrExit(nodeArgs) {
  const result = spawnSync(process.execPath, nodeArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Before anything is built or opened: a bad environment stops here with one line.
runOrExit([...SERVER, '--check-config', ...args]);

const reason = staleBuildReason();
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
