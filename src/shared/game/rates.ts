/**
 * A room's odds travel as eleven fields, rate0..rate10 (SPEC.md section 3, Room), one per outcome
 * index. These turn the fields into a list by outcome index and back, in one place.
 */
import { OUTCOME_COUNT } from '../constants';

export const RATE_FIELDS = Array.from({ length: OUTCOME_COUNT }, (_, i) => `rate${i}`) as RateField[];
export type RateField = `rate${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;
export type RateFields = Record<RateField, number>;

/** The eleven rates of a row, by outcome index. */
export function ratesOf(row: RateFields): number[] {
  return RATE_FIELDS.map((field) => row[field]);
}

/** The rate0..rate10 fields of eleven rates given by outcome index. */
export function rateFields(rates: readonly number[]): RateFields {
  if (rates.length !== OUTCOME_COUNT) throw new Error(`expected ${OUTCOME_COUNT} rates, got ${rates.length}`);
  return Object.fromEntries(RATE_FIELDS.map((field, outcome) => [field, rates[outcome]])) as RateFields;
}
