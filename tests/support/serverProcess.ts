/**
 * The server as `npm start` runs it (compiled, scripts/build-server.mjs), as a child process on a
 * fresh data folder and a free port, and the operator's command line against that folder: for the
 * browser tests and the Lighthouse check, which both need the real thing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminEntry, builtServer, serverArgs } from '../../scripts/build-server.mjs';
import { SERVER_BUILD, staleBuildReason } from '../../scripts/build-state.mjs';
import { freePort } from './freePort';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  logFile: string;
  banner: string;
}

/** The server's draw secret file: beside its data folder, never in it (as config.ts requires). */
export function drawSecretFileOf(dataDir: string): string {
  return `${dataDir}.draw-secret`;
}

/** The ledger's key file beside it (LEDGER_KEY_FILE). */
export function ledgerKeyFileOf(dataDir: string): string {
  return `${dataDir}.ledger-key`;
}

/** The VAPID key file beside it (VAPID_KEY_FILE). */
export function vapidKeyFileOf(dataDir: string): string {
  return `${dataDir}.vapid-key`;
}

/** Removes what the server left on disk: its data folder and its draw secret file. */
export function removeServerFiles(server: ServerProcess): void {
  rmSync(server.dataDir, { recursive: true, force: true });
  rmSync(drawSecretFileOf(server.dataDir), { force: true });
  rmSync(ledgerKeyFileOf(server.dataDir), { force: true });
  rmSync(vapidKeyFileOf(server.dataDir), { force: true });
}

async function waitForBanner(logFile: string, child: ChildProcess, timeoutMs: number): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${readFileSync(logFile, 'utf8')}`);
    const log = readFileSync(logFile, 'utf8');
    if (/^App: http/m.test(log) && /^Invitation code: /m.test(log)) return log;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not print its banner in time:\n${readFileSync(logFile, 'utf8')}`);
}

/**
 * `npm start`'s server on a fresh data folder, with round timings from the environment, and
 * verification codes printed in its log (SMS_SENDER=console, asked for as a tester would); `env`
 * adds or overrides variables (another database, a proxy setting, another built app).
 */
export async function startServerProcess(
  rounds: { seconds: number; close: number },
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  // The log file exists before the server starts, so readers never race its creation.
  const entry = await builtServer();
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, serverArgs(entry), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DRAW_SECRET_FILE: drawSecretFileOf(dataDir),
      LEDGER_KEY_FILE: ledgerKeyFileOf(dataDir),
      VAPID_KEY_FILE: vapidKeyFileOf(dataDir),
      // Notifications on, as an operator turns them on (the browser tests deliver pushes themselves).
      VAPID_SUBJECT: 'mailto:e2e@roundplay.invalid',
      ROUND_SECONDS: String(rounds.seconds),
      CLOSE_SECONDS: String(rounds.close),
      SMS_SENDER: 'console',
      SMS_API_URL: '',
      SMS_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  try {
    const banner = await waitForBanner(logFile, child, 60_000);
    return { child, url: `http://127.0.0.1:${port}`, dataDir, logFile, banner };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}

export function adminOn(dataDir: string, args: string[], input = ''): string {
  // Compiled with the server when that build is current (as it is once a server was started).
  const command = staleBuildReason('.', process.env, SERVER_BUILD)
    ? ['--import', 'tsx', 'src/server/admin/cli.ts']
    : [adminEntry()];
  const run = spawnSync(process.execPath, [...command, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DRAW_SECRET_FILE: drawSecretFileOf(dataDir),
      LEDGER_KEY_FILE: ledgerKeyFileOf(dataDir),
      VAPID_KEY_FILE: vapidKeyFileOf(dataDir),
    },
    encoding: 'utf8',
    input,
  });
  if (run.status !== 0) throw new Error(`admin ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

export async function call<T>(url: string, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lang: 'en', ...body }),
  });
  const envelope = (await response.json()) as { code: number; data: T; info: string };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.info}`);
  return envelope.data;
}
