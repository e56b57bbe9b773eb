/**
 * Server suites: new password hashes use a lower scrypt cost than production's (OWASP's N=2^17,
 * 128 MiB and a few hundred milliseconds each), or the thousands of accounts the suites create
 * would take minutes. Servers started as processes (main.test.ts, e2e) and the bench keep the
 * production cost; secrets.test.ts checks it.
 */
import { useScryptCost } from '../../src/server/domain/secrets';

useScryptCost({ N: 2 ** 12, r: 8, p: 1 });
