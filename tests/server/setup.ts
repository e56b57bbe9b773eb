/**
 * Server suites: new password hashes use a lower scrypt cost than production's (OWASP's N=2^17,
 * 128 MiB and a few hundred milliseconds each), or the thousands of accounts the suites create
 * would take minutes. Servers started as processes (main.test.ts, login-flood.test.ts, e2e) and the
 * bench keep the production cost and the production password pool; secrets.test.ts checks the cost.
 *
 * At this cost a check takes a few milliseconds, so the password pool's lines may be long without
 * anyone waiting: suites that register members side by side are not refused as busy (3005). The
 * pool's own tests (password-pool.test.ts) set short lines again.
 */
import { usePasswordPoolLimits } from '../../src/server/domain/passwordPool';
import { useScryptCost } from '../../src/server/domain/secrets';

useScryptCost({ N: 2 ** 12, r: 8, p: 1 });
usePasswordPoolLimits({ threads: 1, queue: 10_000 });
