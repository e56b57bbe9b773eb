/**
 * What a password check costs: scrypt at the cost hashes had before (N=2^14) and at OWASP's
 * (N=2^17) now, alone and four at once (libuv's thread pool, where scrypt runs, has four threads),
 * and the memory each check holds. A login pays one check; so does a wrong name (the dummy hash).
 */
import { availableParallelism } from 'node:os';
import {
  hashSecret,
  OWASP_SCRYPT_COST,
  useScryptCost,
  verifySecret,
  type ScryptCost,
} from '../../src/server/domain/secrets';

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
  const rows = [await measure('before (N=2^14)', BEFORE), await measure('now (N=2^17, OWASP)', OWASP_SCRYPT_COST)];
  useScryptCost(OWASP_SCRYPT_COST);
  console.log(`\nLogin cost (one scrypt check per login; ${availableParallelism()} cores, 4 scrypt threads)`);
  console.log('  cost                   median ms   checks/s (8 at once)   memory per check');
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(22)} ${row.medianMs.toFixed(0).padStart(9)}   ${row.perSecond.toFixed(1).padStart(20)}   ` +
        `${row.memoryMiB.toFixed(0).padStart(6)} MiB`,
    );
  }
  console.log(`  ratio now/before: ${(rows[1].medianMs / rows[0].medianMs).toFixed(1)}x per check`);
}
