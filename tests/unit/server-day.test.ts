import { describe, expect, it } from 'vitest';
import { dayNumber, dayStart, serverDateOf } from '../../src/shared/serverDay';

describe("the server's day (UTC+8)", () => {
  it('turns at 16:00 UTC', () => {
    expect(serverDateOf(Date.parse('2026-11-21T15:59:59.999Z'))).toBe('2026-11-21');
    expect(serverDateOf(Date.parse('2026-11-21T16:00:00.000Z'))).toBe('2026-11-22');
  });

  it('a day starts where dayNumber changes', () => {
    const day = dayNumber(Date.parse('2026-11-22T03:00:00Z'));
    expect(dayStart(day)).toBe(Date.parse('2026-11-21T16:00:00Z'));
    expect(dayNumber(dayStart(day) - 1)).toBe(day - 1);
  });
});
