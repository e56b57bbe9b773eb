/**
 * Making and drawing rounds. A round is created with its commitment already fixed (SHA-256 of its
 * seed), so it is public before the round opens; the draw reveals the seed and derives the numbers
 * from it with the shared drawFromSeed. Both steps are safe to attempt twice: the unique indexes
 * refuse a second round in the same slot and the draw is a guarded update. The seed exists only in
 * memory until the draw writes it into the round (chains.ts).
 */
import { commitmentOf, drawFromSeed, drawSum } from '../../../shared/game';
import type { RoundRow } from '../../db/schema';
import { forgetKeptSeed } from '../../repositories/chains';
import { insertRound, latestRoundOfGame, markDrawn } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { isUniqueViolation } from '../dbErrors';
import type { ChainStore } from './chains';
import type { GameSettings } from './catalog';
import { nextSeqno } from './timing';

/**
 * A round that follows the last one within this much lateness keeps the back-to-back grid (opens
 * at the previous draw); after a longer gap (the server was down) the next round opens now.
 */
const KEEP_GRID_MS = 5_000;

/**
 * Creates the game's next round unless an undrawn one is still running (a round called off no longer
 * runs). Returns its id, or null.
 */
export async function createNextRound(deps: Deps, chains: ChainStore, game: GameSettings): Promise<number | null> {
  const now = deps.clock();
  const latest = await latestRoundOfGame(deps.db, game.id);
  if (latest && latest.status !== 'drawn' && latest.voided_at === null && latest.draw_at > now) return null;
  const openAt = latest && now - latest.draw_at < KEEP_GRID_MS ? Math.min(latest.draw_at, now) : now;
  const drawAt = openAt + game.roundSeconds * 1000;
  const { chainId, index, commitment } = await chains.next(game.id, now);
  try {
    return await insertRound(deps.db, {
      game_id: game.id,
      seqno: nextSeqno(latest?.seqno, openAt),
      status: 'open',
      open_at: openAt,
      close_at: drawAt - game.closeSeconds * 1000,
      draw_at: drawAt,
      chain_id: chainId,
      chain_index: index,
      commitment,
    });
  } catch (error) {
    // Another process made this round (same sequence number or chain index) first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Draws a round; false when it was already drawn. */
export async function drawRound(deps: Deps, chains: ChainStore, round: RoundRow): Promise<boolean> {
  const { seed, kept } = await chains.seedOf(round);
  // A seed that does not match what was published must never be revealed as this round's.
  if (commitmentOf(seed) !== round.commitment) throw new Error(`round ${round.id}: seed does not match its commitment`);
  const draw = drawFromSeed(seed, round.id);
  const drawn = await markDrawn(deps.db, round.id, {
    seed,
    num1: draw[0],
    num2: draw[1],
    num3: draw[2],
    sum: drawSum(draw),
    drawnAt: deps.clock(),
  });
  if (kept) await forgetKeptSeed(deps.db, round.id);
  return drawn;
}
