import { oddsToHundredths } from './round';

/**
 * The eleven outcomes of a draw (DESIGN.md section 4). A draw is three digits 0-9; the index of an
 * outcome is the `value` of an order line.
 */
export const Outcome = {
  Big: 0,
  Small: 1,
  Odd: 2,
  Even: 3,
  BigOdd: 4,
  BigEven: 5,
  SmallOdd: 6,
  SmallEven: 7,
  ExtremeBig: 8,
  ExtremeSmall: 9,
  Triple: 10,
} as const;

export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** Catalogue keys of the outcome names (SPEC.md section 3: long, short, single, double, ...). */
export const OUTCOME_KEYS = [
  'big',
  'small',
  'odd',
  'even',
  'bigOdd',
  'bigEven',
  'smallOdd',
  'smallEven',
  'extremeBig',
  'extremeSmall',
  'triple',
] as const;

export type Draw = readonly [number, number, number];

export function drawSum(draw: Draw): number {
  return draw[0] + draw[1] + draw[2];
}

/** Whether an outcome wins on a draw. A triple is its own outcome and voids nothing else. */
export function outcomeWins(outcome: number, draw: Draw): boolean {
  const sum = drawSum(draw);
  const big = sum >= 14;
  const odd = sum % 2 === 1;
  switch (outcome) {
    case Outcome.Big:
      return big;
    case Outcome.Small:
      return !big;
    case Outcome.Odd:
      return odd;
    case Outcome.Even:
      return !odd;
    case Outcome.BigOdd:
      return big && odd;
    case Outcome.BigEven:
      return big && !odd;
    case Outcome.SmallOdd:
      return !big && odd;
    case Outcome.SmallEven:
      return !big && !odd;
    case Outcome.ExtremeBig:
      return sum >= 22;
    case Outcome.ExtremeSmall:
      return sum <= 5;
    case Outcome.Triple:
      return draw[0] === draw[1] && draw[1] === draw[2];
    default:
      return false;
  }
}

/** Every outcome that wins on a draw, in index order. */
export function winningOutcomes(draw: Draw): Outcome[] {
  return (Object.values(Outcome) as Outcome[]).filter((o) => outcomeWins(o, draw));
}

/**
 * The house variant some rooms switch on: on a sum of 13 or 14 the two-way and combination
 * outcomes give back only the stake. Off by default.
 */
export const REFUND_ON_13_14_OUTCOMES: readonly number[] = [
  Outcome.Big,
  Outcome.Small,
  Outcome.Odd,
  Outcome.Even,
  Outcome.BigOdd,
  Outcome.BigEven,
  Outcome.SmallOdd,
  Outcome.SmallEven,
];

export type LineResult = 'win' | 'lose' | 'refund';

export interface RuleSet {
  refundOn13And14: boolean;
}

export const DEFAULT_RULES: RuleSet = { refundOn13And14: false };

export function settleLine(outcome: number, draw: Draw, rules: RuleSet = DEFAULT_RULES): LineResult {
  const sum = drawSum(draw);
  if (rules.refundOn13And14 && (sum === 13 || sum === 14) && REFUND_ON_13_14_OUTCOMES.includes(outcome)) {
    return 'refund';
  }
  return outcomeWins(outcome, draw) ? 'win' : 'lose';
}

/**
 * What a line pays back in cents: stake x rate on a win, the stake on a refund, nothing on a loss.
 * Rates are kept in hundredths (196 = 1.96) so the product stays an integer; it rounds down to the cent.
 */
export function linePayout(stakeCents: number, rateHundredths: number, result: LineResult): number {
  if (result === 'win') return Math.floor((stakeCents * rateHundredths) / 100);
  if (result === 'refund') return stakeCents;
  return 0;
}

/**
 * What a line pays back if its outcome wins, at the odds it is placed with (1.96 on the wire):
 * the win of linePayout, so the confirmation shows what settlement would credit. Null for odds no
 * room can set (more than two decimals).
 */
export function payoutIfWon(stakeCents: number, odds: number): number | null {
  const rate = oddsToHundredths(odds);
  return rate === null ? null : linePayout(stakeCents, rate, 'win');
}
