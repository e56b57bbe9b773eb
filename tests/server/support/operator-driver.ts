/**
 * An operator in a process of its own, for operator-writes.test.ts: runs admin commands through
 * runAdmin (src/server/admin/commands.ts) one after the other, each as `npm run admin` runs it
 * (its own connection: open, migrate, act, close) minus the process start, and times each one.
 *
 * Started with the environment of the test database; reads one JSON line on stdin:
 * `{"commands": [["credit", "bob", "1"], ...], "everyMs": 150}`, starts a command every `everyMs`
 * (at once when the previous one ran late), and prints one JSON line per command
 * `{"argv", "startedAt", "ms", "code", "out", "err"}` and then `{"done": true}`.
 * Prints `ready` once its modules are loaded, so the load need not wait for tsx.
 */
import { createInterface } from 'node:readline';
import { runAdmin } from '../../../src/server/admin/commands';

export interface OperatorPlan {
  commands: string[][];
  everyMs: number;
}

export interface OperatorResult {
  argv: string[];
  /** ms since the plan arrived */
  startedAt: number;
  /** When it began and ended, wall clock (epoch ms): to compare with the orders' answers. */
  began: number;
  ended: number;
  ms: number;
  code: number;
  out: string;
  err: string;
}

async function runPlan(plan: OperatorPlan): Promise<void> {
  const origin = performance.now();
  for (const [i, argv] of plan.commands.entries()) {
    const due = origin + i * plan.everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const out: string[] = [];
    const err: string[] = [];
    const started = performance.now();
    const began = Date.now();
    let code: number;
    try {
      code = await runAdmin(argv, { env: process.env, out: (l) => out.push(l), err: (l) => err.push(l) });
    } catch (error) {
      // What cli.ts would print before exiting 1 (e.g. "database is locked").
      err.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      code = 1;
    }
    const result: OperatorResult = {
      argv,
      startedAt: Math.round(started - origin),
      began,
      ended: Date.now(),
      ms: performance.now() - started,
      code,
      out: out.join('\n'),
      err: err.join('\n'),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

const lines = createInterface({ input: process.stdin });
lines.once('line', (line) => {
  lines.close();
  runPlan(JSON.parse(line) as OperatorPlan).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  });
});
process.stdout.write('ready\n');
