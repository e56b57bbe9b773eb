/**
 * The server bench's harness (server.ts, pages.ts): the server and each load in processes of their
 * own, and one way of printing a load's result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Result } from 'autocannon';
import type { LoadSpec } from './load-bodies';

/** Starts a child process and waits for a line of its output. */
export function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs one load in a fresh process (load-process.ts) and answers its autocannon result. */
export async function load(spec: LoadSpec): Promise<Result> {
  // The spec is small (the members' tokens go by file): it rides on the command line.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/load-process.ts', JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load of ${spec.path} exited with ${code}`);
  return JSON.parse(output) as Result;
}

export const n = (value: number) => Math.round(value).toLocaleString('en-US');
export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export function describe(result: Result): string {
  return (
    `${n(result.requests.average)} req/s; latency p50 ${ms(result.latency.p50)}, p90 ${ms(result.latency.p90)}, ` +
    `p99 ${ms(result.latency.p99)}; ${n(result.requests.total)} answers, ${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`
  );
}
