/**
 * Any drawn round of a room's game with its fairness proof (README, "Verify any round"): the
 * published commitment, the revealed seed, the chain's anchor and what links the round to its
 * chain, so a member can re-check a round of any age, not only the latest ten. A round not yet
 * drawn is refused (3002) and its seed never leaves the server before the draw.
 */
import type { GetRoundAnswer } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import type { Locale } from '../../../shared/locale';
import { stakesOfRounds } from '../../repositories/orderViews';
import { roundBySeqno, roundOfChain } from '../../repositories/rounds';
import { refused } from '../refused';
import type { GameEngine } from './engine';
import { roundWire } from './roundView';
import { drawOf } from './settlement';

export async function roundProof(
  engine: GameEngine,
  request: { roomid: number; seqno: string },
  locale: Locale,
): Promise<GetRoundAnswer> {
  const seqno = request.seqno.trim();
  if (seqno === '') throw refused(ErrorCode.PeriodEmpty);
  const { game } = await engine.roomAndGame(request.roomid);
  const { db, clock } = engine.deps;
  const round = await roundBySeqno(db, game.id, seqno);
  if (!round) throw refused(ErrorCode.NoActiveActivity);
  if (round.seed === null || drawOf(round) === null) throw refused(ErrorCode.RoundNotDrawn);

  const anchor = await engine.chains.anchorOf(round.chain_id);
  // Element 0 of a chain is its published anchor, so the chain's first round (element 1) links to
  // the anchor and any later round to the revealed seed of the round before it.
  const first = round.chain_index <= 1;
  const before = first ? null : await roundOfChain(db, round.chain_id, round.chain_index - 1);
  const previousSeed = first ? anchor : before && drawOf(before) !== null ? before.seed : null;
  const stakes = await stakesOfRounds(db, [round.id]);
  return {
    round: roundWire({
      round,
      gametype: game.type,
      stakeCents: stakes.get(round.id) ?? 0,
      anchor,
      now: clock(),
      locale,
      names: engine.names,
    }),
    previousSeed,
  };
}
