// `npm start` (and `npm run demo`, which adds --demo): compile the server and build the app when
// their builds are missing or older than their sources (an upgrade must not keep serving the old
// code; scripts/build-state.mjs), checking the environment before the app's build; then run the
// server, which migrates, seeds an empty database and prints the URL. Signals reach the server, so
// SIGTERM to `npm start` is a clean shutdown (package.json runs this file with `exec`, so npm's
// shell does not stand between npm's forwarded signal and this process).
import { spawn, spawnSync } from 'node:child_process';
import { buildApp } from './build-app.mjs';
import { builtServer, serverArgs } from './build-server.mjs';
import { staleBuildReason } from './build-state.mjs';
import { nodeVersionWarning } from './node-version.mjs';

const args = process.argv.slice(2);

function runOrExit(nodeArgs) {
  const result = spawnSync(process.execPath, nodeArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const nodeWarning = nodeVersionWarning();
if (nodeWarning) console.warn(nodeWarning);

// The server compiles in a second and writes only build/server/.
const SERVER = serverArgs(
  await builtServer('.', process.env, (reason) => console.log(`Compiling the server (${reason})...`)),
);

// Before the app is built or anything opened: a bad environment stops here with one line.
runOrExit([...SERVER, '--check-config', ...args]);

const reason = staleBuildReason();
if (reason) {
  console.log(`Building the app (${reason})...`);
  const status = buildApp();
  if (status !== 0) process.exit(status);
}

// The server leads a process group of its own, so it hears each signal once, from here: npm
// forwards SIGINT and SIGTERM to this process, and a Ctrl-C at the terminal reaches this group too,
// so the same signal can arrive twice within moments. A second one passed on would make the
// server skip draining; one passed on after a pause is a real second request to stop at once.
// The IPC channel ties the server's life to this process's: should this one die without a word
// (kill -9), the channel closes and the server drains and stops as on SIGTERM (src/server/main.ts).
const server = spawn(process.execPath, [...SERVER, ...args], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
const REPEAT_MS = 1_000;
const lastPassedOn = new Map();
function passOn(signal) {
  const now = Date.now();
  if (now - (lastPassedOn.get(signal) ?? -Infinity) < REPEAT_MS) return;
  lastPassedOn.set(signal, now);
  if (server.exitCode === null) server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => passOn(signal));
// The same for the process above this one (npm, a supervisor): killed with -9, it says nothing, but
// this process is handed to another parent, which it notices and takes as SIGTERM.
const launchedBy = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === launchedBy) return;
  clearInterval(parentWatch);
  passOn('SIGTERM');
}, 1_000);
parentWatch.unref();
// Should this process end some other way, the server must not go on without it.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
