/**
 * What a password check costs: scrypt at the cost hashes had before (N=2^14) and at OWASP's
 * (N=2^17) now, alone and eight at once on the password pool's threads (domain/passwordPool.ts),
 * and the memory each check holds. A login pays one check; so does a wrong name (the dummy hash).
 *
 * Then the login flood (tests/support/loginFlood.ts, the same as tests/server/login-flood.test.ts):
 * 200 wrong logins at once from 200 addresses against the real server, and what another member,
 * the app's page and a member at its usual address see meanwhile, with the server's memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPoolLimits, usePasswordPoolLimits } from '../../src/server/domain/passwordPool';
import {
  hashSecret,
  OWASP_SCRYPT_COST,
  useScryptCost,
  verifyDummy,
  verifySecret,
  type ScryptCost,
} from '../../src/server/domain/secrets';
import { FLOOD_200, printFlood, runLoginFlood, type FloodPlan } from '../support/loginFlood';
import { openBenchDatabase } from './server-fixtures';

const BEFORE: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

interface LoginCost {
  label: string;
  cost: ScryptCost;
  medianMs: number;
  /** Checks per second with four running at once. */
  perSecond: number;
  memoryMiB: number;
}

async function measure(label: string, cost: ScryptCost): Promise<LoginCost> {
  useScryptCost(cost);
  const stored = await hashSecret('correct horse 1');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await verifySecret('wrong guess 1', stored);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const parallel = 8;
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, () => verifySecret('wrong guess 1', stored)));
  const perSecond = parallel / ((performance.now() - started) / 1000);
  return { label, cost, medianMs: times[2], perSecond, memoryMiB: (128 * cost.N * cost.r) / 2 ** 20 };
}

export async function runLoginBench(): Promise<void> {
  const { threads } = defaultPoolLimits();
  // Room for the eight checks at once: this measures the threads, not the refusal of a full lane.
  usePasswordPoolLimits({ threads, queue: 16 });
  const rows = [await measure('before (N=2^14)', BEFORE), await measure('now (N=2^17, OWASP)', OWASP_SCRYPT_COST)];
  useScryptCost(OWASP_SCRYPT_COST);
  usePasswordPoolLimits(defaultPoolLimits());
  console.log(
    `\nLogin cost (one scrypt check per login; ${availableParallelism()} cores, ${threads} password pool thread${threads === 1 ? '' : 's'})`,
  );
  console.log('  cost                   median ms   checks/s (8 at once)   memory per check');
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(22)} ${row.medianMs.toFixed(0).padStart(9)}   ${row.perSecond.toFixed(1).padStart(20)}   ` +
        `${row.memoryMiB.toFixed(0).padStart(6)} MiB`,
    );
  }
  console.log(`  ratio now/before: ${(rows[1].medianMs / rows[0].medianMs).toFixed(1)}x per check`);
  await printUnknownNameCost();
}

/**
 * A wrong name costs a check against the dummy hash, so it takes as long as a wrong password and
 * timing does not tell who is registered (tests/server/guessing.test.ts checks that both do the
 * same work; this prints what that takes). Alternated, so load affects both alike.
 */
async function printUnknownNameCost(): Promise<void> {
  const stored = await hashSecret('correct horse 1');
  await verifyDummy('warm the dummy 1');
  const time = async (check: () => Promise<unknown>) => {
    const started = performance.now();
    await check();
    return performance.now() - started;
  };
  const wrongPassword: number[] = [];
  const unknownName: number[] = [];
  for (let i = 0; i < 5; i++) {
    wrongPassword.push(await time(() => verifySecret('wrong guess 1', stored)));
    unknownName.push(await time(() => verifyDummy('wrong guess 1')));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = median(unknownName) / median(wrongPassword);
  console.log(
    `  unknown name ${median(unknownName).toFixed(0)} ms, wrong password ${median(wrongPassword).toFixed(0)} ms ` +
      `(median of 5 each): ratio ${ratio.toFixed(2)} (goal: near 1; about 0 would tell who is registered)`,
  );
}

/** A sustained flood: the 200 attackers fire again every second, from new addresses each time. */
const FLOOD_5_WAVES: FloodPlan = { attackers: 200, waves: 5, waveGapMs: 1_000 };

export async function runLoginFloodBench(): Promise<void> {
  for (const [title, plan] of [
    ['Login flood: 200 wrong logins at once from 200 addresses (production cost and pool)', FLOOD_200],
    ['Login flood: 200 at once, again every second for 5 s (1,000 logins)', FLOOD_5_WAVES],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-flood-'));
    const deps = await openBenchDatabase(dir);
    try {
      printFlood(
        title,
        await runLoginFlood({ db: deps.db, dialect: 'sqlite', env: { DATA_DIR: dir, DATABASE_URL: '' } }, plan),
      );
    } finally {
      await deps.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
