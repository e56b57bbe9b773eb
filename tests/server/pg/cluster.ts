/**
 * A throwaway PostgreSQL cluster in a temp folder: the server-pg project's shared one
 * (global-setup.ts) and clusters of single tests that stop and restart theirs (pg-restart.test.ts).
 * initdb/pg_ctl refuse to run as root, so as root they run as `nobody` in a folder that user owns.
 * Missing binaries fail loudly: CI installs them (apt-get install -y postgresql), and a silent skip
 * would hide that the PostgreSQL dialect went untested.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPgBinary } from '../../../scripts/preflight.mjs';
import { freePort } from '../../support/freePort';

const BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;
type Binary = (typeof BINARIES)[number];
const RUN_AS = 'nobody';

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface PgCluster {
  readonly port: number;
  /** The temp folder holding the data directory, the socket and the log. */
  readonly root: string;
  readonly dataDir: string;
  /** Superuser URL of the `postgres` database (trust authentication on 127.0.0.1). */
  readonly adminUrl: string;
  /** The superuser URL of another database of this cluster. */
  urlOf(database: string): string;
  /** pg_ctl start on the same data directory and port, waiting until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop, waiting until the server is gone (`fast` ends sessions, `immediate` aborts). */
  stop(mode?: StopMode): Promise<void>;
  /** The server log so far (for failure messages). */
  log(): string;
  /** Stops the server if it runs and removes the folder. */
  destroy(): Promise<void>;
}

/** The server binaries, or an error naming the missing ones and how to install them. */
export function findBinaries(): Record<Binary, string> {
  const paths = Object.fromEntries(BINARIES.map((name) => [name, findPgBinary(name)]));
  const missing = BINARIES.filter((name) => !paths[name]);
  if (missing.length > 0) {
    throw new Error(
      `server-pg: PostgreSQL server binaries not found (${missing.join(', ')}). ` +
        'Install them (apt-get install -y postgresql) or run only --project server.',
    );
  }
  return paths as Record<Binary, string>;
}

function uidOf(user: string): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid))
    throw new Error(`server-pg: no user "${user}" to run PostgreSQL as`);
  return { uid, gid };
}

/** Runs a binary (as `nobody` when we are root) without blocking the event loop; rejects on failure. */
function run(binary: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [command, fullArgs] = asRoot ? ['runuser', ['-u', RUN_AS, '--', binary, ...args]] : [binary, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`server-pg: ${binary} ${args.join(' ')} failed:\n${output}`)),
    );
  });
}

/** initdb in a new temp folder, then start the server on a free port of 127.0.0.1. */
export async function startCluster(
  options: { prefix?: string; maxConnections?: number; durable?: boolean } = {},
): Promise<PgCluster> {
  const paths = findBinaries();
  const root = mkdtempSync(join(tmpdir(), options.prefix ?? 'server-pg-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = uidOf(RUN_AS);
    chownSync(root, uid, gid);
  }
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  const port = await freePort();
  // Durability is pointless for a throwaway cluster; turning it off keeps the suite fast. The bench
  // asks for it (`durable`) to measure what an operator runs.
  const durability = options.durable ? 'on' : 'off';
  const serverOptions = [
    `-p ${port}`,
    '-h 127.0.0.1',
    `-k ${root}`,
    `-c fsync=${durability}`,
    `-c synchronous_commit=${durability}`,
    `-c full_page_writes=${durability}`,
    `-c max_connections=${options.maxConnections ?? 200}`,
  ].join(' ');
  let running = false;

  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const withLog = (error: unknown) => new Error(`${error instanceof Error ? error.message : String(error)}\n${log()}`);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const cluster: PgCluster = {
    port,
    root,
    dataDir,
    adminUrl,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      try {
        await run(paths.pg_ctl, ['-D', dataDir, '-o', serverOptions, '-l', logFile, '-w', '-t', '60', 'start']);
      } catch (error) {
        throw withLog(error);
      }
      running = true;
    },
    async stop(mode = 'fast') {
      await run(paths.pg_ctl, ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    log,
    async destroy() {
      try {
        if (running) await cluster.stop('immediate');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };

  try {
    await run(paths.initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await cluster.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
