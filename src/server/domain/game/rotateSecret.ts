/**
 * Rotating the draw secret (`npm run admin -- draw-secret:rotate [--lost]`). A new secret goes first
 * in the file and every chain in use ends, so each game's next round starts a new chain (a new
 * anchor) from it; running servers read the file again when they start that chain. The secrets that
 * made the rounds already committed stay in the file below it, so those rounds still draw with the
 * seeds they were committed to; a secret that no committed round needs any more is dropped.
 *
 * With `lost`, chains none of the file's secrets makes (the file is gone or holds other secrets) end
 * too, and their rounds committed but not drawn are called off with every stake refunded: their
 * seeds are gone, and one is never made up. Past rounds stay verifiable either way: their seeds are
 * revealed in the database and link to their chains' anchors.
 */
import type { DrawSecretSource } from '../../config';
import { chainsNeedingSecret, endChain, endLiveChains, type ChainNeed } from '../../repositories/chains';
import { undrawnRoundsOfChains } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { OperatorInputError } from '../operator';
import { callOffRound } from './callOff';
import { ChainStore } from './chains';
import { DrawSecretError, newDrawSecret, readSecretFile, writeSecretFile } from './drawSecretFile';
import { describeNeeds, fixedDrawSecrets } from './drawSecrets';

export interface Rotation {
  file: string;
  /** Older secrets kept below the new one, for rounds committed from them. */
  kept: number;
  /** Secrets dropped: no committed round needs them any more. */
  dropped: number;
  /** Games whose chain in use ended. */
  endedGames: number[];
  /** Chains made from a secret the file no longer holds (only with `lost`). */
  lostChains: ChainNeed[];
  calledOff: { rounds: number; lines: number; refundedCents: number };
}

export async function rotateDrawSecret(
  deps: Deps,
  source: DrawSecretSource,
  options: { lost: boolean },
): Promise<Rotation> {
  if (source.kind === 'env') {
    throw new OperatorInputError(
      'the draw secret is given in DRAW_SECRET, which this command cannot change: put a new secret first there ' +
        '(openssl rand -hex 32), keep the current one after it, comma-separated, until the rounds committed ' +
        "from it are drawn, and restart the servers; each game's next round then starts a new chain",
    );
  }
  const file = source.path;
  let held: Buffer[] | null;
  try {
    held = readSecretFile(file);
  } catch (error) {
    if (error instanceof DrawSecretError) throw new OperatorInputError(error.message);
    throw error;
  }
  const needs = await chainsNeedingSecret(deps.db);
  // Without chains that need a secret (before the first start), a missing file is simply made.
  if (!held && !options.lost && needs.length > 0) {
    throw new OperatorInputError(
      `the draw secret file ${file} is missing: restore it from its backup; if it is lost, ` +
        'run draw-secret:rotate --lost',
    );
  }

  const store = held ? new ChainStore(deps.db, fixedDrawSecrets(held, file)) : null;
  const makers = new Map(needs.map((need) => [need.id, store?.secretOf(need) ?? null]));
  const lostChains = needs.filter((need) => makers.get(need.id) === null);
  if (lostChains.length > 0 && !options.lost) {
    throw new OperatorInputError(
      `the hash chains of ${describeNeeds(lostChains)} were not made from a secret in ${file}: restore the ` +
        'file that made them; if that secret is lost, run draw-secret:rotate --lost',
    );
  }

  const calledOff = { rounds: 0, lines: 0, refundedCents: 0 };
  for (const chain of lostChains) await endChain(deps.db, chain.id, deps.clock());
  for (const round of await undrawnRoundsOfChains(
    deps.db,
    lostChains.map((chain) => chain.id),
  )) {
    const done = await callOffRound(deps, round.id);
    if (!done) continue;
    calledOff.rounds++;
    calledOff.lines += done.lines;
    calledOff.refundedCents += done.refundedCents;
  }

  // The secret in use until now stays too: a server may be starting a chain from it at this moment.
  const needed = new Set([...(held ? [held[0]] : []), ...[...makers.values()].filter((s) => s !== null)]);
  const kept = (held ?? []).filter((secret) => needed.has(secret));
  writeSecretFile(file, [newDrawSecret(), ...kept]);
  const endedGames = await endLiveChains(deps.db, deps.clock());
  return {
    file,
    kept: kept.length,
    dropped: (held?.length ?? 0) - kept.length,
    endedGames: [...new Set([...endedGames, ...lostChains.map((chain) => chain.game_id)])].sort((a, b) => a - b),
    lostChains,
    calledOff,
  };
}
