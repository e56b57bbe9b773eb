/**
 * Provably fair rounds (DESIGN.md sections 3.2 and 4): the server's node:crypto hash chain equals
 * the shared pure implementation, every round the server drew passes the shared verifyRound with
 * its chain link, and a chain that runs out is followed by a new one with a new anchor.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameInfoAnswer, GameRound } from '../../src/shared/api/types';
import { commitmentOf, hashForward, verifyRound } from '../../src/shared/game';
import { commitmentAt, generateChain, seedAt } from '../../src/server/domain/game/chain';
import { runAudit } from '../../src/server/domain/audit';
import { drawCurrent, fundedMember, ROOM, type Player } from './support/game';
import { startServer, type TestServer } from './support/server';

describe('the hash chain (node:crypto) equals the shared implementation', () => {
  it('every seed, commitment and the anchor', () => {
    const top = randomBytes(32).toString('hex');
    const chain = generateChain(60, 7, top);
    expect(chain.anchor).toBe(hashForward(top, 60));
    expect(chain.checkpoints).toHaveLength(9);
    for (let k = 0; k <= 60; k++) {
      const seed = seedAt(chain, k);
      expect(seed).toBe(hashForward(top, 60 - k));
      if (k > 0) {
        expect(commitmentAt(chain, k)).toBe(commitmentOf(seed));
        expect(commitmentAt(chain, k)).toBe(seedAt(chain, k - 1));
      }
    }
    expect(() => seedAt(chain, 61)).toThrow();
  });
});

describe('rounds the server drew', () => {
  let server: TestServer;
  let player: Player;
  beforeAll(async () => {
    // A chain of 4 rounds, so the test also sees it run out.
    server = await startServer({ game: { chain: { length: 4, checkpointEvery: 2 } } });
    player = await fundedMember(server, 500);
  });
  afterAll(() => server.close());

  async function history(): Promise<{ his: GameRound[]; game: GameRound }> {
    const { body } = await server.call<GameInfoAnswer>(ApiPath.gameInfo, {
      token: player.token,
      roomid: ROOM.usdtStandard,
    });
    return body.data;
  }

  it('pass verifyRound, link to the round before, and a new chain starts with a new anchor', async () => {
    const firstAnchor = (await history()).game.anchor;
    for (let i = 0; i < 7; i++) await drawCurrent(server, 15);
    const { his, game } = await history();
    expect(his).toHaveLength(7);
    const chronological = [...his].reverse();
    for (const [i, round] of chronological.entries()) {
      const sameChainBefore = i > 0 && chronological[i - 1].anchor === round.anchor ? chronological[i - 1] : null;
      const previousSeed = sameChainBefore ? sameChainBefore.seed! : round.anchor;
      const verdict = verifyRound({
        roundId: round.id,
        commitment: round.commitment,
        seed: round.seed!,
        numbers: [round.num1!, round.num2!, round.num3!],
        previousSeed,
      });
      expect(verdict, `round ${round.seqno}`).toMatchObject({ ok: true, chainLinks: true });
    }
    // Rounds 1-4 used the first chain; round 5 began a second one.
    expect(chronological.slice(0, 4).every((r) => r.anchor === firstAnchor)).toBe(true);
    expect(chronological[4].anchor).not.toBe(firstAnchor);
    expect(chronological[4].commitment).toBe(chronological[4].anchor);
    expect(game.commitment).toBe(his[0].seed);
    const chains = await server.deps.db.selectFrom('fairness_chains').select('id').where('game_id', '=', 15).execute();
    expect(chains).toHaveLength(2);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('never publish a seed before its draw', async () => {
    const answer = await history();
    expect(answer.game.seed).toBeNull();
    const text = JSON.stringify(answer);
    const rounds = await server.deps.db.selectFrom('rounds').selectAll().execute();
    for (const row of await server.deps.db.selectFrom('fairness_chains').selectAll().execute()) {
      const chain = {
        topSeed: row.top_seed,
        anchor: row.anchor,
        length: row.length,
        every: row.checkpoint_every,
        checkpoints: JSON.parse(row.checkpoints) as string[],
      };
      const drawn = rounds.filter((r) => r.chain_id === row.id && r.status === 'drawn').map((r) => r.chain_index);
      for (let k = Math.max(0, ...drawn) + 1; k <= chain.length; k++) expect(text).not.toContain(seedAt(chain, k));
    }
  });
});
