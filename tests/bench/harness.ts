/**
 * The server bench's harness (server.ts, pages.ts): the server and each load in processes of their
 * own, and one way of printing a load's result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Result } from 'autocannon';
import { builtServer, serverArgs } from '../../scripts/build-server.mjs';
import { freePort } from '../support/freePort';
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

/**
 * The compiled server as `npm start` runs it, on a free loopback port, its draw secret given in the
 * environment (no file to make and remove), logging errors only; `env` names its data and anything
 * else. Answers the process and its address once it has printed its banner.
 */
export async function startBenchServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const { child } = await startProcess(
    serverArgs(await builtServer()),
    {
      DATABASE_URL: '',
      DRAW_SECRET: randomBytes(32).toString('hex'),
      DRAW_SECRET_FILE: '',
      LEDGER_KEY: randomBytes(32).toString('hex'),
      LEDGER_KEY_FILE: '',
      VAPID_KEY: randomBytes(32).toString('hex'),
      VAPID_KEY_FILE: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...env,
    },
    /^App: http:\/\/localhost:\d+\/$/m,
  );
  return { child, url: `http://127.0.0.1:${port}` };
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

/**
 * CPU time a process has used so far (user + system, /proc on Linux), in ms; null elsewhere. Read
 * before and after a load, it tells the server's CPU per request.
 */
export function processCpuMs(pid: number | undefined): number | null {
  try {
    // Fields 14 and 15 after the command name, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export const n = (value: number) => Math.round(value).toLocaleString('en-US');
export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export function describe(result: Result): string {
  return (
    `${n(result.requests.average)} req/s; latency p50 ${ms(result.latency.p50)}, p90 ${ms(result.latency.p90)}, ` +
    `p99 ${ms(result.latency.p99)}; ${n(result.requests.total)} answers, ${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`
  );
}
