/**
 * The outcomes a home tile is about ("Big/Small", "Extremes & Triple"): the room it opens shows
 * them first, marked (docs/decisions.md). Written as outcome keys joined by dots, "big.small":
 * the form a tile stores, the room's `?focus=` and what the operator's tile list prints.
 */
import { OUTCOME_KEYS } from './outcomes';

const SEPARATOR = '.';

type OutcomeKey = (typeof OUTCOME_KEYS)[number];

/** The index of an outcome key ("bigOdd" is 4), or -1 for a word that names none. */
export function outcomeOfKey(key: string): number {
  return OUTCOME_KEYS.indexOf(key as OutcomeKey);
}

/** A focus as text: its keys in index order, each once ("" for none). */
export function focusText(values: readonly number[]): string {
  return [...new Set(values)]
    .filter((value) => value >= 0 && value < OUTCOME_KEYS.length)
    .sort((a, b) => a - b)
    .map((value) => OUTCOME_KEYS[value])
    .join(SEPARATOR);
}

/**
 * The outcomes a focus text names, in index order. Words that name no outcome are passed over: a
 * stored focus was checked when it was imported, and a hand-edited link still opens its room.
 */
export function focusOf(text: string | null | undefined): number[] {
  if (!text) return [];
  const values = text.split(SEPARATOR).map(outcomeOfKey);
  return [...new Set(values.filter((value) => value >= 0))].sort((a, b) => a - b);
}
