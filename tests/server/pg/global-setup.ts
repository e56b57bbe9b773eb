/**
 * server-pg project: a throwaway PostgreSQL cluster for the run. initdb/pg_ctl refuse to run as
 * root, so as root they run as `nobody` in a temp folder that user owns. Missing binaries fail
 * the run loudly: CI installs them (apt-get install -y postgresql), and a silent skip would hide
 * that the PostgreSQL dialect went untested.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;
const RUN_AS = 'nobody';

function findBinary(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  // Debian keeps them outside PATH, under /usr/lib/postgresql/<version>/bin.
  const debian = spawnSync('sh', ['-c', `ls -d /usr/lib/postgresql/*/bin/${name} 2>/dev/null | sort -V | tail -n1`], {
    encoding: 'utf8',
  });
  return debian.stdout.trim() || null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function uidOf(user: string): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid))
    throw new Error(`server-pg: no user "${user}" to run PostgreSQL as`);
  return { uid, gid };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const paths = Object.fromEntries(BINARIES.map((name) => [name, findBinary(name)]));
  const missing = BINARIES.filter((name) => !paths[name]);
  if (missing.length > 0) {
    throw new Error(
      `server-pg: PostgreSQL server binaries not found (${missing.join(', ')}). ` +
        'Install them (apt-get install -y postgresql) or run only --project server.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const run = (binary: string, args: string[]) => {
    const [command, fullArgs] = asRoot ? ['runuser', ['-u', RUN_AS, '--', binary, ...args]] : [binary, args];
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`server-pg: ${binary} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    }
  };

  const root = mkdtempSync(join(tmpdir(), 'server-pg-'));
  if (asRoot) {
    const { uid, gid } = uidOf(RUN_AS);
    chownSync(root, uid, gid);
  }
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  const port = await freePort();

  run(paths.initdb!, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability is pointless for a throwaway cluster; turning it off keeps the suite fast.
  const serverOptions = [
    `-p ${port}`,
    '-h 127.0.0.1',
    `-k ${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  try {
    run(paths.pg_ctl!, ['-D', dataDir, '-o', serverOptions, '-l', logFile, '-w', '-t', '60', 'start']);
  } catch (error) {
    let log = '';
    try {
      log = readFileSync(logFile, 'utf8');
    } catch {
      // no log written
    }
    rmSync(root, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`);
  }

  project.provide('pgAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return async () => {
    try {
      run(paths.pg_ctl!, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}
