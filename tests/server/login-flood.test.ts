/**
 * A login flood does not stall the service: 200 wrong logins sent at once from 200 addresses to the
 * real server process, at the production password cost and with the production password pool
 * (this suite's lower cost and longer lines apply to this process only, not to the server it
 * starts). Meanwhile another member's browser-style requests (getGameinfo and GET / with
 * Accept-Encoding: br) are answered while the strangers' passwords are checked, a member logging in with the
 * right password from an address it used before gets in ahead of the strangers waiting in line,
 * and the server's resident memory stays under 400 MiB. `npm run bench` prints the same figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_200, printFlood, runLoginFlood, type FloodFigures } from '../support/loginFlood';
import { createTestDatabase, type TestDatabase } from './support/database';

let database: TestDatabase;
let figures: FloodFigures;

// The timeout is a guard against a hang, not a bound on the flood: at the production cost on a
// loaded machine, the checks alone take minutes.
beforeAll(async () => {
  database = await createTestDatabase();
  figures = await runLoginFlood({ db: database.db, dialect: database.dialect, env: database.env }, FLOOD_200);
  printFlood(`Login flood (${database.dialect})`, figures);
}, 600_000);
afterAll(() => database.close());

describe('a flood of 200 wrong logins from 200 addresses', () => {
  it('is answered, every login checked or refused at once as busy (3005), none left waiting', () => {
    const codes = Object.keys(figures.floodCodes).sort();
    expect(codes.every((code) => code === '1002' || code === '3005 (HTTP 503)')).toBe(true);
    expect(Object.values(figures.floodCodes).reduce((a, b) => a + b, 0)).toBe(FLOOD_200.attackers);
    expect(figures.floodCodes['3005 (HTTP 503)']).toBeGreaterThan(0);
  });

  it("does not hold back another member's browser: getGameinfo and GET / (brotli) are answered while strangers' passwords are checked", () => {
    // Each probe waits for its answer before the next: answers that come between the pool filling
    // up and its last check were not queued behind the hashing.
    expect(figures.otherMember.duringChecks).toBeGreaterThanOrEqual(5);
    expect(figures.appPage.duringChecks).toBeGreaterThanOrEqual(5);
  });

  it('lets a member in with the right password from an address it logged in from, first in line: before the strangers waiting ahead of it', () => {
    expect(figures.knownLogin.code, `answered ${figures.knownLogin.code} in ${figures.knownLogin.ms} ms`).toBe(1);
    // It arrived with the public lane full; it was answered before that lane had drained.
    expect(figures.lastCheckedAt).not.toBeNull();
    expect(figures.knownLogin.answeredAt).toBeLessThan(figures.lastCheckedAt!);
  });

  it('keeps the server under 400 MiB of resident memory', () => {
    expect(figures.rssMaxMiB).toBeLessThan(400);
  });
});
