// `npm test`: check what the selected suites need from the machine (preflight.mjs), then run them
// with vitest, passing every argument on (`npm test -- --project unit`).
import { spawnSync } from 'node:child_process';
import { preflight } from './preflight.mjs';

const args = process.argv.slice(2);
preflight(args);
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], { stdio: 'inherit' });
process.exit(vitest.status ?? 1);
