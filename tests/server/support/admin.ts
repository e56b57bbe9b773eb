/**
 * The operator command line against a test server's database: in-process (runAdmin, fast, for
 * each rule) or as the real program `npm run admin` starts (for exit codes and concurrency).
 */
import { spawn, spawnSync } from 'node:child_process';
import { runAdmin } from '../../../src/server/admin/commands';
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

export type AdminRunner = (...argv: string[]) => Promise<AdminResult>;

/** `admin('credit', 'alice', '10')`, in-process, on the database of the server `current()` names. */
export function adminOf(current: () => TestServer): AdminRunner {
  return async (...argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, {
      env: current().database.env,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

const CLI = ['--import', 'tsx', 'src/server/admin/cli.ts'];

/** The admin program as a child process, waited for. */
export function adminProcess(server: TestServer, ...argv: string[]): AdminProcessResult {
  const result = spawnSync(process.execPath, [...CLI, ...argv], {
    env: { ...process.env, ...server.database.env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without waiting: for two operators at once. */
export function adminProcessAsync(server: TestServer, ...argv: string[]): Promise<AdminProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...argv], { env: { ...process.env, ...server.database.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
