/**
 * What a line should pay, written here independently of src/shared/game (the tests compare the
 * server's money with this, not with the code under test).
 */
export type Digits = readonly [number, number, number];

const TWO_WAY = new Set([0, 1, 2, 3, 4, 5, 6, 7]);

function wins(outcome: number, [a, b, c]: Digits): boolean {
  const sum = a + b + c;
  const table: Record<number, boolean> = {
    0: sum >= 14,
    1: sum <= 13,
    2: sum % 2 === 1,
    3: sum % 2 === 0,
    4: sum >= 14 && sum % 2 === 1,
    5: sum >= 14 && sum % 2 === 0,
    6: sum <= 13 && sum % 2 === 1,
    7: sum <= 13 && sum % 2 === 0,
    8: sum >= 22,
    9: sum <= 5,
    10: a === b && b === c,
  };
  return table[outcome] ?? false;
}

/** Cents paid back: stake x rate (rounded down to the cent) on a win, the stake on a 13/14 refund. */
export function expectedPayout(
  stakeCents: number,
  rateHundredths: number,
  outcome: number,
  digits: Digits,
  refund1314 = false,
): { status: 'win' | 'lose' | 'refund'; cents: number } {
  const sum = digits[0] + digits[1] + digits[2];
  if (refund1314 && (sum === 13 || sum === 14) && TWO_WAY.has(outcome)) return { status: 'refund', cents: stakeCents };
  if (wins(outcome, digits)) return { status: 'win', cents: Math.floor((stakeCents * rateHundredths) / 100) };
  return { status: 'lose', cents: 0 };
}
