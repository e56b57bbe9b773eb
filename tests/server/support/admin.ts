/**
 * The operator command line against a test server's database: in-process (runAdmin, fast, for
 * each rule) or as the real program `npm run admin` starts (for exit codes and concurrency).
 * Standard input (`withInput`, `adminProcessWithInput`) is how a password reaches member:create, as a piped
 * `printf '%s\n' "$PASSWORD" | npm run admin -- member:create <name>` gives it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { runAdmin } from '../../../src/server/admin/commands';
import { secretReader } from '../../../src/server/admin/secretInput';
import type { TestServer } from './server';

export interface AdminResult {
  code: number;
  out: string;
  err: string;
}

export interface AdminProcessResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export type AdminRun = (...argv: string[]) => Promise<AdminResult>;

export interface AdminRunner extends AdminRun {
  /** The same with `stdin` as standard input (not a terminal): `admin.withInput('pass1234\n')('member:create', 'bob')`. */
  withInput(stdin: string): AdminRun;
}

/** runAdmin in-process on the database `env` names, with `stdin` (when given) as a piped standard input. */
export async function adminInProcess(
  env: Record<string, string>,
  argv: readonly string[],
  stdin?: string,
): Promise<AdminResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    ...(stdin === undefined
      ? {}
      : {
          readSecret: secretReader({
            input: Readable.from([Buffer.from(stdin)], { objectMode: false }),
            prompt: { write: () => true },
          }),
        }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `admin('credit', 'alice', '10')`, in-process, on the database of the server `current()` names. */
export function adminOf(current: () => TestServer): AdminRunner {
  const run: AdminRun = (...argv) => adminInProcess(current().database.env, argv);
  return Object.assign(run, {
    withInput:
      (stdin: string): AdminRun =>
      (...argv) =>
        adminInProcess(current().database.env, argv, stdin),
  });
}

const CLI = ['--import', 'tsx', 'src/server/admin/cli.ts'];

/** The admin program as a child process in `env`, waited for; `stdin` is piped to it (empty when not given). */
export function adminProgram(env: Record<string, string>, argv: readonly string[], stdin = ''): AdminProcessResult {
  const result = spawnSync(process.execPath, [...CLI, ...argv], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    input: stdin,
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The admin program as a child process on the server's database, waited for. */
export function adminProcess(server: TestServer, ...argv: string[]): AdminProcessResult {
  return adminProgram(server.database.env, argv);
}

/** The same with `stdin` piped in: `adminProcessWithInput(server, 'pass1234\n', 'member:create', 'bob')`. */
export function adminProcessWithInput(server: TestServer, stdin: string, ...argv: string[]): AdminProcessResult {
  return adminProgram(server.database.env, argv, stdin);
}

/** The same, without waiting: for two operators at once. Standard input is closed at once. */
export function adminProcessAsync(server: TestServer, ...argv: string[]): Promise<AdminProcessResult> {
  return adminProgramAsync(server.database.env, argv);
}

/** The admin program as a child process in `env`, not blocking this process (which may serve what it calls). */
export function adminProgramAsync(env: Record<string, string>, argv: readonly string[]): Promise<AdminProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...argv], { env: { ...process.env, ...env } });
    child.stdin.end();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
