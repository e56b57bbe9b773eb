/**
 * A login flood does not stall the service: 200 wrong logins sent at once from 200 addresses to the
 * real server process, at the production password cost and with the production password pool
 * (this suite's lower cost and longer lines apply to this process only, not to the server it
 * starts). Meanwhile another member's browser-style requests (getGameinfo and GET / with
 * Accept-Encoding: br) answer within 200 ms at the 99th percentile, a member logging in with the
 * right password from an address it used before gets in within 2 s, and the server's resident
 * memory stays under 400 MiB. `npm run bench` prints the same figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_200, printFlood, runLoginFlood, type FloodFigures } from '../support/loginFlood';
import { createTestDatabase, type TestDatabase } from './support/database';

let database: TestDatabase;
let figures: FloodFigures;

beforeAll(async () => {
  database = await createTestDatabase();
  figures = await runLoginFlood({ db: database.db, dialect: database.dialect, env: database.env }, FLOOD_200);
  printFlood(`Login flood (${database.dialect})`, figures);
}, 120_000);
afterAll(() => database.close());

describe('a flood of 200 wrong logins from 200 addresses', () => {
  it('is answered, every login checked or refused at once as busy (3005), none left waiting', () => {
    const codes = Object.keys(figures.floodCodes).sort();
    expect(codes.every((code) => code === '1002' || code === '3005 (HTTP 503)')).toBe(true);
    expect(Object.values(figures.floodCodes).reduce((a, b) => a + b, 0)).toBe(FLOOD_200.attackers);
    expect(figures.floodCodes['3005 (HTTP 503)']).toBeGreaterThan(0);
  });

  it("does not hold back another member's browser: getGameinfo and GET / (brotli) under 200 ms at p99", () => {
    expect(figures.otherMember.count).toBeGreaterThan(10);
    expect(figures.otherMember.p99).toBeLessThan(200);
    expect(figures.appPage.count).toBeGreaterThan(10);
    expect(figures.appPage.p99).toBeLessThan(200);
  });

  it('lets a member in with the right password from an address it logged in from, within 2 s', () => {
    expect(figures.knownLogin.code, `answered ${figures.knownLogin.code} in ${figures.knownLogin.ms} ms`).toBe(1);
    expect(figures.knownLogin.ms).toBeLessThan(2_000);
  });

  it('keeps the server under 400 MiB of resident memory', () => {
    expect(figures.rssMaxMiB).toBeLessThan(400);
  });
});
