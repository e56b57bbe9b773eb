// `npm test`: check what the selected suites need from the machine (preflight.mjs), then run them
// with vitest, passing every argument on (`npm test -- --project unit`).
//
// With no argument, the whole suite runs as two vitest runs side by side: the browser journeys
// (e2e) and every other suite. The journeys run one file at a time against one shared server and
// spend much of their time waiting for rounds to open or to be drawn; vitest itself would start
// them only once every other project had finished, leaving a core idle through those waits. The
// app is built first (when dist/ does not hold the current sources). Each run's lines are printed whole,
// marked with the run they come from, and the closing line adds the runs' counts.
import { spawn, spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { buildApp } from './build-app.mjs';
import { staleBuildReason } from './build-state.mjs';
import { preflight } from './preflight.mjs';

const VITEST = 'node_modules/vitest/vitest.mjs';
const args = process.argv.slice(2);
preflight(args);

if (args.length > 0) {
  const vitest = spawnSync(process.execPath, [VITEST, 'run', ...args], { stdio: 'inherit' });
  process.exit(vitest.status ?? 1);
}

/** The closing line of tests/summary-reporter.ts. */
const SUMMARY = /^Tests: (\d+) passed, (\d+) failed, (\d+) skipped$/;
// eslint-disable-next-line no-control-regex -- the colour codes vitest writes
const COLOUR = /\x1b\[[0-9;]*m/g;

/**
 * Runs vitest on the given projects at the given niceness (its workers inherit it); resolves with
 * its exit code and the counts it closed with.
 */
function run(label, projects, niceness) {
  const child = spawn(process.execPath, [VITEST, 'run', ...projects.flatMap((name) => ['--project', name])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  try {
    setPriority(child.pid, niceness);
  } catch {
    // Not allowed here: both runs share the machine evenly.
  }
  let counts = null;
  const failures = [];
  // Lines after a FAILED line that start with "  | " are its detail (tests/summary-reporter.ts).
  let detailOf = null;
  const print = (stream, out) =>
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      const summary = SUMMARY.exec(line.replace(COLOUR, ''));
      if (summary) counts = summary.slice(1).map(Number);
      const plain = line.replace(COLOUR, '');
      if (plain.startsWith('FAILED ')) {
        detailOf = failures.push(`[${label}] ${plain}`) - 1;
      } else if (detailOf !== null && plain.startsWith('  | ')) {
        failures[detailOf] += `\n${plain}`;
      } else detailOf = null;
      out.write(`[${label}] ${line}\n`);
    });
  print(child.stdout, process.stdout);
  print(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, counts, failures })));
}

const stale = staleBuildReason();
if (stale) {
  console.log(`Building the app (${stale})...`);
  const built = buildApp();
  if (built !== 0) process.exit(built);
}
// The journeys act within a round's open time, as a member does; the suites only need the machine
// eventually: they yield to the journeys (niceness 10) and take what the journeys leave idle.
const results = await Promise.all([run('e2e', ['e2e'], 0), run('suites', ['!e2e'], 10)]);
const total = [0, 0, 0];
for (const { counts } of results) counts?.forEach((count, index) => (total[index] += count));
// Each run's failures again, last: a log cut to its tail still names them.
const failures = results.flatMap((result) => result.failures);
if (failures.length > 0) process.stdout.write(`\n${failures.join('\n')}\n`);
process.stdout.write(`\nTests: ${total[0]} passed, ${total[1]} failed, ${total[2]} skipped\n`);
process.exit(results.every(({ code, counts }) => code === 0 && counts) ? 0 : 1);
