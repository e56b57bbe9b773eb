/**
 * `npm start` under a supervisor: SIGTERM (or SIGINT) sent to the npm process alone, as a container
 * runtime or systemd does, drains the server and ends every process of the tree with exit 0; kill -9
 * of npm or of the launcher below it drains and ends the rest too. None is left answering as an orphan. Runs the real `npm start` in a folder that links this checkout's
 * code beside a fresh dist/ (so nothing is built) and a fresh data folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort';
import { TEST_DIALECT } from './support/database';

const checkout = resolve(__dirname, '../..');
const roots: string[] = [];
const leftovers: number[] = [];

afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project folder whose code is this checkout's and whose dist/ is newer than every source. */
function projectFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'npm-start-'));
  roots.push(root);
  for (const entry of ['src', 'scripts', 'node_modules', 'public', 'locales', 'tsconfig.json']) {
    symlinkSync(join(checkout, entry), join(root, entry));
  }
  copyFileSync(join(checkout, 'package.json'), join(root, 'package.json'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>RoundPlay</title>');
  mkdirSync(join(root, 'data'));
  return root;
}

/** Every process below `pid` (children, grandchildren...), from ps. */
function descendants(pid: number): number[] {
  const table = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of table.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function commandOf(pid: number): string {
  return spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** What ends the run: a signal to npm alone, or kill -9 of npm or of the launcher below it (scripts/start.mjs). */
type Stop = 'SIGTERM' | 'SIGINT' | 'kill -9 npm' | 'kill -9 launcher';

async function startAndStop(stop: Stop) {
  const root = projectFolder();
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    // Its own process group, as under a supervisor: the signal goes to npm's process alone.
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => npm.on('exit', (code) => done(code)));
  leftovers.push(npm.pid!);

  expect(await until(() => /^App: http/m.test(output), 60_000), output).toBe(true);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);
  const tree = descendants(npm.pid!);
  leftovers.push(...tree);
  expect(tree.length).toBeGreaterThanOrEqual(2); // scripts/start.mjs and the server

  if (stop === 'SIGTERM' || stop === 'SIGINT') {
    process.kill(npm.pid!, stop);
    expect(await exited).toBe(0);
  } else {
    const launcher = tree.find((pid) => commandOf(pid).includes('scripts/start.mjs'));
    expect(launcher, tree.map(commandOf).join('\n')).toBeDefined();
    process.kill(stop === 'kill -9 npm' ? npm.pid! : launcher!, 'SIGKILL');
  }
  expect(
    await until(() => tree.every((pid) => !alive(pid)), 15_000),
    `still running: ${tree.filter(alive).join(', ')}`,
  ).toBe(true);
  // It drained and closed the database rather than being killed.
  expect(output).toMatch(/"msg":"stopped"/);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
}

describe.skipIf(TEST_DIALECT === 'postgres')('npm start under a supervisor', () => {
  it('SIGTERM to npm drains the server and ends every process with exit 0', async () => {
    await startAndStop('SIGTERM');
  });

  it('SIGINT to npm alone does the same', async () => {
    await startAndStop('SIGINT');
  });

  it('kill -9 of npm: the launcher notices it was orphaned, the server drains, every process ends', async () => {
    await startAndStop('kill -9 npm');
  });

  it('kill -9 of the launcher: the server notices, drains and ends; none is left holding the port', async () => {
    await startAndStop('kill -9 launcher');
  });
});
