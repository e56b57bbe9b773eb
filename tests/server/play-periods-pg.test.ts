/**
 * The play-limit periods as PostgreSQL counts them (migration 0025's play_period_starts, which a
 * cancel uses to give a stake back to the periods it was placed in) against the app's own rule
 * (shared/play.ts periodAt, through domain/play/periods.ts startsAt): the same day, week and month
 * for instants at and around every edge the rule has (the server day's start in UTC+8, Mondays,
 * months' first days, year ends, leap days) and for many random instants.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startsAt } from '../../src/server/domain/play/periods';
import { DAY_MS, dayStart } from '../../src/shared/serverDay';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './support/database';

let database: TestDatabase;

async function startsInDatabase(instants: readonly number[]) {
  const { rows } = await sql<{ at: string; day_start: number; week_start: number; month_start: number }>`
    SELECT at, (play_period_starts(at)).* FROM unnest(${instants.map(String)}::bigint[]) AS at`.execute(database.db);
  return rows.map((row) => ({ at: Number(row.at), day: row.day_start, week: row.week_start, month: row.month_start }));
}

function startsInApp(instants: readonly number[]) {
  return instants.map((at) => ({ at, ...startsAt(at) }));
}

describe.skipIf(TEST_DIALECT !== 'postgres')('play periods counted by PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('match the app at each server day edge from 2023 to 2029 (the instant before, at and after)', async () => {
    const first = Math.floor(Date.UTC(2023, 0, 1) / DAY_MS);
    const last = Math.floor(Date.UTC(2029, 11, 31) / DAY_MS);
    const instants: number[] = [];
    for (let day = first; day <= last; day++) instants.push(dayStart(day) - 1, dayStart(day), dayStart(day) + 1);
    expect(await startsInDatabase(instants)).toEqual(startsInApp(instants));
  });

  it('match the app for random instants from 1971 to 2100', async () => {
    const instants = fc.sample(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }), {
      numRuns: 20_000,
      seed: 45,
    });
    expect(await startsInDatabase(instants)).toEqual(startsInApp(instants));
  });

  it('put a leap day, a Sunday night and a year end where the app puts them', async () => {
    // 2028-02-29 12:00 UTC+8, Sunday 2026-11-29 23:59:59.999 UTC+8, 2026-12-31 16:00:00 UTC (the next year's first instant in UTC+8).
    const instants = [Date.UTC(2028, 1, 29, 4), Date.UTC(2026, 10, 29, 15, 59, 59, 999), Date.UTC(2026, 11, 31, 16)];
    const [leap, sunday, newYear] = await startsInDatabase(instants);
    expect(leap.month).toBe(Math.floor(Date.UTC(2028, 1, 1) / DAY_MS));
    expect(sunday.week).toBe(Math.floor(Date.UTC(2026, 10, 23) / DAY_MS));
    expect(newYear.month).toBe(Math.floor(Date.UTC(2027, 0, 1) / DAY_MS));
    expect([leap, sunday, newYear]).toEqual(startsInApp(instants));
  });
});
