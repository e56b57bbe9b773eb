import { describe, expect, it } from 'vitest';
import { rateFields, ratesOf } from '../../src/shared/game';

describe('room rate fields', () => {
  it('rate0..rate10 map to outcome indexes 0..10 and back', () => {
    const rates = [195, 196, 197, 198, 410, 350, 351, 411, 1600, 1601, 9000];
    const fields = rateFields(rates);
    expect(fields.rate0).toBe(195);
    expect(fields.rate4).toBe(410);
    expect(fields.rate10).toBe(9000);
    expect(Object.keys(fields)).toHaveLength(11);
    expect(ratesOf(fields)).toEqual(rates);
  });

  it('refuses a list that is not eleven rates long', () => {
    expect(() => rateFields([195, 195])).toThrow(/expected 11 rates/);
  });
});
