/** The wire shape of a round (GameRound): times and status from the server clock, names localized. */
import type { GameRound } from '../../../shared/api/types';
import { diffOf, secondsUntil, winningOutcomes } from '../../../shared/game';
import type { Locale } from '../../../shared/locale';
import { toUsd } from '../../../shared/money';
import type { RoundRow } from '../../db/schema';
import { resultText, type OutcomeNames } from './outcomeNames';
import { drawOf } from './settlement';
import { roundPhase } from './timing';

export interface RoundViewInput {
  round: RoundRow;
  gametype: number;
  stakeCents: number;
  anchor: string;
  now: number;
  locale: Locale;
  names: OutcomeNames;
}

export function roundWire(input: RoundViewInput): GameRound {
  const { round } = input;
  const draw = drawOf(round);
  return {
    id: round.id,
    seqno: round.seqno,
    gametype: input.gametype,
    status: roundPhase(round, input.now),
    initmoney: toUsd(input.stakeCents),
    num1: round.num1,
    num2: round.num2,
    num3: round.num3,
    sum: round.sum,
    resultcn: resultText(input.names, input.locale, draw),
    results: draw ? winningOutcomes(draw) : [],
    diff: diffOf(secondsUntil(round.draw_at, input.now)),
    drawAt: round.draw_at,
    closeAt: round.close_at,
    commitment: round.commitment,
    // Revealed only once drawn; the stored column is empty before anyway.
    seed: draw ? round.seed : null,
    anchor: input.anchor,
  };
}
