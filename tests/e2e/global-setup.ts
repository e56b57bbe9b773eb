/**
 * E2E set-up: build the app as `npm start` would serve it, start the real server (a production
 * start: no demo data) on a fresh embedded database in a temp folder, make an invitation code with
 * the admin command as an operator would, and hand the tests the URL, that code and the path of
 * the server's console log (verification codes are printed there).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../support/freePort';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    invitationCode: string;
    serverLog: string;
    dataDir: string;
  }
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

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test the
    // app as `npm run build` makes it.
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  // The log file exists before the server starts, so readers never race its creation.
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // Short rounds from the first one on (45 s, orders close 15 s before the draw), so the game
    // journey fits in a test without waiting for an operator change to reach the next round.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ROUND_SECONDS: '45',
      CLOSE_SECONDS: '15',
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  let banner: string;
  try {
    banner = await waitForBanner(logFile, child, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  // A production start: no member, no money, no invitation code until the operator makes one.
  if (!/^Invitation code: \(none active/m.test(banner)) throw new Error(`expected no invitation code:\n${banner}`);
  const invite = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', 'invite:create'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  const invitationCode = /invitation code (\S+?)\.?$/im.exec(invite.stdout)?.[1];
  if (invite.status !== 0 || !invitationCode) {
    child.kill('SIGTERM');
    throw new Error(`invite:create failed:\n${invite.stdout}\n${invite.stderr}`);
  }

  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('invitationCode', invitationCode);
  project.provide('serverLog', logFile);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
