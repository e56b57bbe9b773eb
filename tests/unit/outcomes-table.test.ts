import { describe, expect, it } from 'vitest';
import { OUTCOME_KEYS, linePayout, outcomeWins, payoutIfWon, settleLine, winningOutcomes } from '../../src/shared/game';

/**
 * An independent table: which sums win each outcome, written out by hand from DESIGN.md section 4
 * (not computed by the code under test). Triple is checked on the digits.
 */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const WINNING_SUMS: Record<number, number[]> = {
  0: range(14, 27),
  1: range(0, 13),
  2: [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27],
  3: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26],
  4: [15, 17, 19, 21, 23, 25, 27],
  5: [14, 16, 18, 20, 22, 24, 26],
  6: [1, 3, 5, 7, 9, 11, 13],
  7: [0, 2, 4, 6, 8, 10, 12],
  8: [22, 23, 24, 25, 26, 27],
  9: [0, 1, 2, 3, 4, 5],
};

/** Winning draws out of the 1000, from the design's percentages. */
const EXPECTED_COUNTS = [500, 500, 500, 500, 231, 269, 269, 231, 56, 56, 10];

const ALL_DRAWS = range(0, 999).map((n) => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10] as const);

describe('all 1000 draws x 11 outcomes', () => {
  it('has 11 outcomes', () => expect(OUTCOME_KEYS).toHaveLength(11));

  it('matches the hand-written table on every draw', () => {
    const mismatches: string[] = [];
    for (const draw of ALL_DRAWS) {
      const sum = draw[0] + draw[1] + draw[2];
      for (let outcome = 0; outcome < 11; outcome++) {
        const expected =
          outcome === 10 ? draw[0] === draw[1] && draw[1] === draw[2] : WINNING_SUMS[outcome].includes(sum);
        if (outcomeWins(outcome, draw) !== expected) mismatches.push(`${draw.join('')}:${outcome}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('wins as often as the design says', () => {
    const counts = Array(11).fill(0);
    for (const draw of ALL_DRAWS) for (const o of winningOutcomes(draw)) counts[o]++;
    expect(counts).toEqual(EXPECTED_COUNTS);
  });

  it('does not pay extreme-big on a sum of 14 to 21', () => {
    expect(outcomeWins(8, [5, 5, 4])).toBe(false);
    expect(outcomeWins(8, [9, 9, 3])).toBe(false);
    expect(outcomeWins(8, [9, 9, 4])).toBe(true);
  });

  it('lets a triple win alongside the others', () => {
    expect(winningOutcomes([9, 9, 9])).toEqual([0, 2, 4, 8, 10]);
    expect(winningOutcomes([0, 0, 0])).toEqual([1, 3, 7, 9, 10]);
  });
});

describe('settlement of a line', () => {
  it('refunds the two-way outcomes on 13 and 14 only when the room switches it on', () => {
    expect(settleLine(0, [5, 5, 4])).toBe('win');
    expect(settleLine(0, [5, 5, 4], { refundOn13And14: true })).toBe('refund');
    expect(settleLine(1, [5, 5, 3], { refundOn13And14: true })).toBe('refund');
    expect(settleLine(8, [5, 5, 4], { refundOn13And14: true })).toBe('lose');
    expect(settleLine(0, [5, 5, 5], { refundOn13And14: true })).toBe('win');
  });
  it('pays stake x rate in cents, rounding down', () => {
    expect(linePayout(2_000, 196, 'win')).toBe(3_920);
    expect(linePayout(333, 195, 'win')).toBe(649);
    expect(linePayout(2_000, 196, 'refund')).toBe(2_000);
    expect(linePayout(2_000, 196, 'lose')).toBe(0);
  });
  it('what a line pays if it wins, from the odds on the wire: as settlement credits a win', () => {
    expect(payoutIfWon(16_500, 1.95)).toBe(32_175);
    expect(payoutIfWon(333, 1.95)).toBe(649);
    expect(payoutIfWon(2_000, 3.7)).toBe(7_400);
    expect(payoutIfWon(2_000, 150)).toBe(300_000);
    // No room sets odds with three decimals: nothing is promised for them.
    expect(payoutIfWon(2_000, 1.955)).toBeNull();
  });
});

describe('round timing', () => {
  it('counts down in mm:ss', async () => {
    const { secondsUntil, formatCountdown, oddsToHundredths } = await import('../../src/shared/game');
    expect(secondsUntil(10_500, 0)).toBe(11);
    expect(secondsUntil(0, 5_000)).toBe(0);
    expect(formatCountdown(125)).toBe('02:05');
    expect(oddsToHundredths(1.96)).toBe(196);
    expect(oddsToHundredths(1.955)).toBeNull();
    expect(oddsToHundredths(0)).toBeNull();
  });
});
