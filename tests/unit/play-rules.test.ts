/**
 * The shared rules of responsible play: the periods a limit counts over (the server's UTC+8 day,
 * weeks from Monday, calendar months), when a change of a limit applies, and what an amount is.
 */
import { describe, expect, it } from 'vitest';
import { limitChangeTiming, periodAt, validatePlayLimit } from '../../src/shared/play';

const at = (iso: string) => Date.parse(iso);

describe('the periods of a limit (UTC+8)', () => {
  it('a day runs from 00:00 to 24:00 in UTC+8', () => {
    // 2026-03-04 23:30 UTC+8 is 15:30 UTC.
    expect(periodAt('day', at('2026-03-04T15:30:00Z'))).toMatchObject({
      startsAt: at('2026-03-03T16:00:00Z'),
      endsAt: at('2026-03-04T16:00:00Z'),
    });
  });

  it('a week starts on Monday 00:00 UTC+8, whatever the day of the week', () => {
    // Monday 2026-03-02 to Monday 2026-03-09 (UTC+8).
    const week = { startsAt: at('2026-03-01T16:00:00Z'), endsAt: at('2026-03-08T16:00:00Z') };
    expect(periodAt('week', at('2026-03-01T16:00:00Z'))).toMatchObject(week); // Monday 00:00
    expect(periodAt('week', at('2026-03-05T03:00:00Z'))).toMatchObject(week); // Thursday
    expect(periodAt('week', at('2026-03-08T15:59:59Z'))).toMatchObject(week); // Sunday 23:59:59
    expect(periodAt('week', at('2026-03-08T16:00:00Z')).startsAt).toBe(week.endsAt);
    // Sunday 2026-03-01 23:59:59 UTC+8 belongs to the week before.
    expect(periodAt('week', at('2026-03-01T15:59:59Z')).endsAt).toBe(week.startsAt);
  });

  it('a month is the calendar month in UTC+8, across a year and a leap day', () => {
    expect(periodAt('month', at('2028-02-29T10:00:00Z'))).toMatchObject({
      startsAt: at('2028-01-31T16:00:00Z'),
      endsAt: at('2028-02-29T16:00:00Z'),
    });
    // 2026-12-31 20:00 UTC is already 2027-01-01 in UTC+8.
    expect(periodAt('month', at('2026-12-31T20:00:00Z'))).toMatchObject({
      startsAt: at('2026-12-31T16:00:00Z'),
      endsAt: at('2027-01-31T16:00:00Z'),
    });
  });
});

describe('when a change of a limit applies (0 = none)', () => {
  it.each([
    [0, 100, 'now'],
    [100, 50, 'now'],
    [100, 150, 'later'],
    [100, 0, 'later'],
    [100, 100, 'unchanged'],
    [0, 0, 'unchanged'],
  ] as const)('from %i to %i: %s', (current, requested, timing) => {
    expect(limitChangeTiming(current, requested)).toBe(timing);
  });
});

describe('a limit as typed', () => {
  it('empty or 0 removes it; an amount with up to two decimals sets it; anything else is 1050', () => {
    expect(validatePlayLimit('')).toEqual({ cents: 0 });
    expect(validatePlayLimit(undefined)).toEqual({ cents: 0 });
    expect(validatePlayLimit(0)).toEqual({ cents: 0 });
    expect(validatePlayLimit('1,250.5')).toEqual({ cents: 125_050 });
    expect(validatePlayLimit(99.99)).toEqual({ cents: 9_999 });
    for (const bad of ['abc', '-1', '1.234', '1e3', 100_000_000.01]) {
      expect(validatePlayLimit(bad), String(bad)).toEqual({ refusal: { code: 1050 } });
    }
  });
});
