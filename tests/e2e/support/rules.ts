/** The rules table a room's sheet and its verifier page show, read back and checked against the game's own count. */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Room } from '../../../src/shared/api/types';
import { Outcome, outcomeReturns, ratesOf } from '../../../src/shared/game';

/** The outcomes whose rule is said by its sums, first to last (the others: odd, even, a triple). */
const SAID_BY_SUMS: ReadonlySet<number> = new Set(
  Object.values(Outcome).filter((outcome) => ![Outcome.Odd, Outcome.Even, Outcome.Triple].includes(outcome as never)),
);

/**
 * Expects the eleven rows inside `within` to show each outcome's chance and return as counted over
 * all 1,000 draws with the room's odds and refund rule (src/shared/game/returns.ts), and each
 * outcome's written rule: the first and last sum it wins on, whatever the language.
 */
export async function expectRulesFigures(within: Locator, room: Room): Promise<void> {
  const rows = within.getByTestId('rules-row');
  await expect.poll(() => rows.count()).toBe(11);
  const shown = await rows.evaluateAll((elements) =>
    elements.map((row) =>
      ['rules-chance', 'rules-return'].map((id) =>
        Number(row.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\D/g, '')),
      ),
    ),
  );
  const expected = outcomeReturns(ratesOf(room), { refundOn13And14: room.refund1314 })!;
  expect(shown).toEqual(expected.map((row) => [row.wins * 10, row.returnBasisPoints]));
  const rules = await rows.evaluateAll((elements) =>
    elements.map((row) => row.querySelector('.rules-when')?.textContent?.trim() ?? ''),
  );
  expected.forEach((row, i) => {
    expect(rules[i], `rule of outcome ${row.outcome}`).not.toBe('');
    const numbers = (rules[i].match(/\d+/g) ?? []).map(Number);
    if (SAID_BY_SUMS.has(row.outcome)) expect(numbers).toEqual([row.sums[0], row.sums.at(-1)]);
    if (row.outcome === Outcome.Triple) expect(numbers).toEqual([0, 111, 999]);
  });
}
