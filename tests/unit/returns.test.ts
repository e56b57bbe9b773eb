import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, linePayout, Outcome, outcomeReturns, settleLine, type Draw } from '../../src/shared/game';
import { OUTCOME_COUNT } from '../../src/shared/constants';

/** A standard room's odds as a fresh database seeds them. */
const ODDS = [1.95, 1.95, 1.95, 1.95, 4.1, 3.5, 3.5, 4.1, 16, 16, 90];

/** Every draw, written out here apart from the module under test: three nested loops of digits. */
function everyDraw(): Draw[] {
  const draws: Draw[] = [];
  for (let a = 0; a <= 9; a++) for (let b = 0; b <= 9; b++) for (let c = 0; c <= 9; c++) draws.push([a, b, c]);
  return draws;
}

describe('chance and return to player of each outcome', () => {
  for (const rules of [DEFAULT_RULES, { refundOn13And14: true }]) {
    it(`match a play of 100.00 on every one of the 1,000 draws (refund on 13 and 14 ${rules.refundOn13And14 ? 'on' : 'off'})`, () => {
      const returns = outcomeReturns(ODDS, rules)!;
      expect(returns).toHaveLength(OUTCOME_COUNT);
      const draws = everyDraw();
      expect(draws).toHaveLength(1000);
      for (let outcome = 0; outcome < OUTCOME_COUNT; outcome++) {
        const rate = Math.round(ODDS[outcome] * 100);
        let wins = 0;
        let refunds = 0;
        let paidCents = 0;
        for (const draw of draws) {
          const result = settleLine(outcome, draw, rules);
          wins += result === 'win' ? 1 : 0;
          refunds += result === 'refund' ? 1 : 0;
          paidCents += linePayout(10_000, rate, result);
        }
        const shown = returns[outcome];
        expect(shown, `outcome ${outcome}`).toMatchObject({ outcome, wins, refunds, rateHundredths: rate });
        // 100.00 staked on each of 1,000 draws: what came back, as a share of 1,000 x 100.00.
        expect(shown.returnBasisPoints, `outcome ${outcome}`).toBe(Math.round((paidCents * 10_000) / (1000 * 10_000)));
      }
    });
  }

  it('counts the known chances: Big 500, Odd 500, Extreme Big 56, Triple 10 of 1,000; 13 and 14 are 75 draws each', () => {
    const plain = outcomeReturns(ODDS, DEFAULT_RULES)!;
    expect(plain[Outcome.Big].wins).toBe(500);
    expect(plain[Outcome.Small].wins).toBe(500);
    expect(plain[Outcome.Odd].wins).toBe(500);
    expect(plain[Outcome.ExtremeBig].wins).toBe(56);
    expect(plain[Outcome.ExtremeSmall].wins).toBe(56);
    expect(plain[Outcome.Triple].wins).toBe(10);
    // 1.95 on an even chance returns 97.50 %; 90 on 10 in 1,000 returns 90.00 %.
    expect(plain[Outcome.Big].returnBasisPoints).toBe(9_750);
    expect(plain[Outcome.Triple].returnBasisPoints).toBe(9_000);
    const refunding = outcomeReturns(ODDS, { refundOn13And14: true })!;
    // On 13 and 14 a two-way line gives back its stake, the losing side's as well.
    expect(refunding[Outcome.Big]).toMatchObject({ wins: 500 - 75, refunds: 150 });
    expect(refunding[Outcome.Small]).toMatchObject({ wins: 500 - 75, refunds: 150 });
    // The triple and extremes are not two-way outcomes: no refund.
    expect(refunding[Outcome.Triple].refunds).toBe(0);
  });

  it('says the winning sums: Big 14-27, Small 0-13, Extreme Big 22-27, Extreme Small 0-5', () => {
    const range = (outcome: number, rules = DEFAULT_RULES) => {
      const { sums } = outcomeReturns(ODDS, rules)![outcome];
      return [sums[0], sums.at(-1)];
    };
    expect(range(Outcome.Big)).toEqual([14, 27]);
    expect(range(Outcome.Small)).toEqual([0, 13]);
    expect(range(Outcome.ExtremeBig)).toEqual([22, 27]);
    expect(range(Outcome.ExtremeSmall)).toEqual([0, 5]);
    // With the refund rule, 14 gives back the stake: Big wins from 15.
    expect(range(Outcome.Big, { refundOn13And14: true })).toEqual([15, 27]);
  });

  it('refuses odds no room can set', () => {
    expect(outcomeReturns([...ODDS.slice(0, 10), 1.955], DEFAULT_RULES)).toBeNull();
    expect(outcomeReturns(ODDS.slice(0, 10), DEFAULT_RULES)).toBeNull();
  });
});
