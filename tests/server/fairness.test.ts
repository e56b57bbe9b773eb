/**
 * Provably fair rounds (DESIGN.md sections 3.2 and 4): the server's node:crypto hash chain equals
 * the shared pure implementation, every round the server drew passes the shared verifyRound with
 * its chain link, and a chain that runs out is followed by a new one with a new anchor.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameInfoAnswer, GameRound, GetRoundAnswer } from '../../src/shared/api/types';
import { ErrorCode } from '../../src/shared/errors';
import { commitmentOf, hashForward, verifyRound } from '../../src/shared/game';
import { commitmentAt, generateChain, seedAt, topSeedOf, type HashChain } from '../../src/server/domain/game/chain';
import { readSecretFile } from '../../src/server/domain/game/drawSecretFile';
import type { ChainRow } from '../../src/server/db/schema';
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

  /** A chain as the server makes it again in memory: from its draw secret file and the public label. */
  function chainOf(row: ChainRow): HashChain {
    const [secret] = readSecretFile(server.database.secretFile)!;
    return generateChain(row.length, 2, topSeedOf(secret, row.label!));
  }

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
      const chain = chainOf(row);
      expect(chain.anchor).toBe(row.anchor);
      const drawn = rounds.filter((r) => r.chain_id === row.id && r.status === 'drawn').map((r) => r.chain_index);
      for (let k = Math.max(0, ...drawn) + 1; k <= chain.length; k++) expect(text).not.toContain(seedAt(chain, k));
    }
  });

  it('getRound answers any drawn round, however old, with what links it to its chain; never an undrawn one', async () => {
    const drawnOfGame = async () =>
      (
        await server.deps.db
          .selectFrom('rounds')
          .select('id')
          .where('game_id', '=', 15)
          .where('status', '=', 'drawn')
          .execute()
      ).length;
    while ((await drawnOfGame()) < 13) {
      await drawCurrent(server, 15);
    }
    const { his, game } = await history();
    const drawn = await server.deps.db
      .selectFrom('rounds')
      .select(['seqno', 'id'])
      .where('game_id', '=', 15)
      .where('status', '=', 'drawn')
      .orderBy('id')
      .execute();
    // The first round is long gone from the latest results, yet it verifies.
    expect(his.map((r) => r.seqno)).not.toContain(drawn[0].seqno);
    for (const { seqno } of drawn) {
      const answer = await server.call<GetRoundAnswer>(ApiPath.getRound, {
        token: player.token,
        roomid: ROOM.usdtStandard,
        seqno,
      });
      expect(answer.body.code, seqno).toBe(1);
      const { round, previousSeed } = answer.body.data;
      expect(round.seqno).toBe(seqno);
      const proof = {
        roundId: round.id,
        commitment: round.commitment,
        seed: round.seed!,
        numbers: [round.num1!, round.num2!, round.num3!],
        previousSeed: previousSeed ?? undefined,
      };
      expect(verifyRound(proof), seqno).toMatchObject({
        ok: true,
        commitmentMatches: true,
        numbersMatch: true,
        chainLinks: true,
      });
      // One changed digit of the seed fails the check.
      const last = proof.seed.slice(-1);
      const tampered = proof.seed.slice(0, -1) + (last === '0' ? '1' : '0');
      expect(verifyRound({ ...proof, seed: tampered }).ok).toBe(false);
    }

    // The open round: refused with its own code, and its seed is not in the answer.
    const open = await server.call(ApiPath.getRound, {
      token: player.token,
      roomid: ROOM.usdtStandard,
      seqno: game.seqno,
    });
    expect(open.body.code).toBe(ErrorCode.RoundNotDrawn);
    const row = await server.deps.db
      .selectFrom('rounds')
      .select(['chain_id', 'chain_index'])
      .where('seqno', '=', game.seqno)
      .executeTakeFirstOrThrow();
    const chainRow = await server.deps.db
      .selectFrom('fairness_chains')
      .selectAll()
      .where('id', '=', row.chain_id)
      .executeTakeFirstOrThrow();
    const secret = seedAt(chainOf(chainRow), row.chain_index);
    expect(JSON.stringify(open.body)).not.toContain(secret);

    const call = (body: Record<string, unknown>) => server.call(ApiPath.getRound, { token: player.token, ...body });
    expect((await call({ roomid: ROOM.usdtStandard, seqno: '20000101-0001' })).body.code).toBe(
      ErrorCode.NoActiveActivity,
    );
    expect((await call({ roomid: ROOM.usdtStandard, seqno: ' ' })).body.code).toBe(ErrorCode.PeriodEmpty);
    expect((await call({ seqno: drawn[0].seqno })).body.code).toBe(ErrorCode.RoomNumberEmpty);
    expect((await call({ roomid: 999, seqno: drawn[0].seqno })).body.code).toBe(ErrorCode.RoomNotFound);
    // Without a session: the session-end code (409) of every member call.
    expect((await server.call(ApiPath.getRound, { roomid: ROOM.usdtStandard, seqno: drawn[0].seqno })).body.code).toBe(
      409,
    );
  });
});
