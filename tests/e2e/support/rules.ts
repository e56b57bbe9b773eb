/** The rules table a room's sheet and its verifier page show, read back and checked against the game's own count. */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Room } from '../../../src/shared/api/types';
import { outcomeReturns, ratesOf } from '../../../src/shared/game';

/**
 * Expects the eleven rows inside `within` to show each outcome's chance and return as counted over
 * all 1,000 draws with the room's odds and refund rule (src/shared/game/returns.ts).
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
}
