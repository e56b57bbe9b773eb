import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withdrawable } from '../../src/shared/withdrawable';
import type { Cents } from '../../src/shared/money';

const cents = (value: number) => value as Cents;

describe('what a member may withdraw (src/shared/withdrawable.ts)', () => {
  it('all of the balance once no turnover is owed', () => {
    expect(withdrawable({ balanceCents: cents(87_650), turnoverRemainingCents: cents(0) })).toEqual({
      withdrawableCents: 87_650,
      heldByTurnoverCents: 0,
    });
  });

  it('nothing while turnover is still owed, however little: the turnover holds the whole balance', () => {
    expect(withdrawable({ balanceCents: cents(87_650), turnoverRemainingCents: cents(1) })).toEqual({
      withdrawableCents: 0,
      heldByTurnoverCents: 87_650,
    });
  });

  it('never negative, and never more than the balance', () => {
    expect(withdrawable({ balanceCents: cents(-2_350), turnoverRemainingCents: cents(0) })).toEqual({
      withdrawableCents: 0,
      heldByTurnoverCents: 0,
    });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 100_000_000 }), fc.nat(10_000_000), (balance, owed) => {
        const result = withdrawable({ balanceCents: cents(balance), turnoverRemainingCents: cents(owed) });
        expect(result.withdrawableCents).toBeGreaterThanOrEqual(0);
        expect(result.heldByTurnoverCents).toBeGreaterThanOrEqual(0);
        // What shows as withdrawable plus what the turnover holds is the balance (none when below zero).
        expect(result.withdrawableCents + result.heldByTurnoverCents).toBe(Math.max(0, balance));
      }),
    );
  });
});
