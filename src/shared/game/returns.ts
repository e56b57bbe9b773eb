import { OUTCOME_COUNT } from '../constants';
import { drawSum, settleLine, type Draw, type RuleSet } from './outcomes';
import { oddsToHundredths } from './round';

/** Every draw there is: three digits 0-9, each equally likely (fairness.ts draws each digit uniformly). */
export const DRAW_COUNT = 1000;

/** The draws in order 000..999. */
export function allDraws(): Draw[] {
  return Array.from({ length: DRAW_COUNT }, (_, n): Draw => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10]);
}

export interface OutcomeReturn {
  outcome: number;
  /** Draws (of 1,000) on which the line wins, and on which it gives back the stake. */
  wins: number;
  refunds: number;
  /** The sums (0-27) of the draws it wins on, in order: what says its rule (a triple is told by its digits). */
  sums: number[];
  /** The odds in hundredths (196 = 1.96). */
  rateHundredths: number;
  /**
   * What a stake comes back as on average, in hundredths of a percent (9_800 = 98.00 %): over all
   * 1,000 draws, the wins at the odds and the refunds at the stake, per 1,000 stakes. Exact: every
   * term is an integer; only the last division rounds, half up.
   */
  returnBasisPoints: number;
}

/**
 * Each outcome's chance and return to player, from the game's own rules and a room's odds,
 * counted over every draw rather than written down: the figures the room's rules sheet and the
 * verifier page show. Null for a room whose odds are not in hundredths (no room can set such).
 */
export function outcomeReturns(odds: readonly number[], rules: RuleSet): OutcomeReturn[] | null {
  const rates = odds.map(oddsToHundredths);
  if (rates.length !== OUTCOME_COUNT || rates.some((rate) => rate === null)) return null;
  const tallies = rates.map((rate, outcome) => ({
    outcome,
    wins: 0,
    refunds: 0,
    winningSums: new Set<number>(),
    rateHundredths: rate!,
  }));
  for (const draw of allDraws()) {
    for (const tally of tallies) {
      const result = settleLine(tally.outcome, draw, rules);
      if (result === 'win') {
        tally.wins += 1;
        tally.winningSums.add(drawSum(draw));
      } else if (result === 'refund') tally.refunds += 1;
    }
  }
  return tallies.map(({ winningSums, ...tally }) => {
    // Per stake of 100 hundredths: wins x rate + refunds x 100, over 1,000 draws, in basis points.
    const returned = tally.wins * tally.rateHundredths + tally.refunds * 100;
    return {
      ...tally,
      sums: [...winningSums].sort((a, b) => a - b),
      returnBasisPoints: Math.round((returned * 100) / DRAW_COUNT),
    };
  });
}
