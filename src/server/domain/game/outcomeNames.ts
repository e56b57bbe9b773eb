/**
 * Outcome names in a language (`valuecn`, `resultcn`). The texts are catalogue entries
 * `outcome.<key>` (locales/errors/*.po); the translator supplies them, the domain only joins them.
 */
import { winningOutcomes, type Draw } from '../../../shared/game';
import type { Locale } from '../../../shared/locale';

/** The 11 names of outcomes 0..10 in a language. */
export type OutcomeNames = (locale: Locale) => readonly string[];

const SEPARATOR: Record<Locale, string> = { en: ', ', vi: ', ', 'zh-CN': '、', 'zh-TW': '、' };

export function resultText(names: OutcomeNames, locale: Locale, draw: Draw | null): string {
  if (!draw) return '';
  const all = names(locale);
  return winningOutcomes(draw)
    .map((o) => all[o])
    .join(SEPARATOR[locale]);
}
