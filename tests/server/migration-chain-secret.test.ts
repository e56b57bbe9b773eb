/**
 * Upgrading a database whose hash chains kept their secret in it (0008_chain_secret): the top seed
 * and the checkpoints are gone, the chain ends, and only the seed of the round committed from it and
 * not drawn yet is kept, until that round draws with it, verifiably. The next round starts a new
 * chain from the draw secret file; every round drawn before the upgrade still proves itself.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { GetRoundAnswer } from '../../src/shared/api/types';
import { drawFromSeed, drawSum, verifyRound } from '../../src/shared/game';
import { migrateToLatest } from '../../src/server/db/migrate';
import { runAudit } from '../../src/server/domain/audit';
import { generateChain, seedAt } from '../../src/server/domain/game/chain';
import { seqnoDay } from '../../src/server/domain/game/timing';
import { seedIfEmpty } from '../../src/server/seed';
import { createTestDatabase } from './support/database';
import { currentRound, drawCurrent, fundedMember, line, order, roundById, ROOM } from './support/game';
import { startServer, TEST_INVITATION } from './support/server';

const LENGTH = 20;

describe('upgrading to 0008_chain_secret', () => {
  it('ends a chain whose secret was stored, keeps only its undrawn round seed, and that round draws verifiably', async () => {
    const database = await createTestDatabase({ migrateUpTo: '0007_sms_purpose' });
    const { db, dialect } = database;
    const now = Date.now();
    await seedIfEmpty({ db, dialect, clock: () => now }, { invitationCode: TEST_INVITATION });

    // A chain as servers before the upgrade made it: its top seed and checkpoints in the database.
    const chain = generateChain(LENGTH, 5, randomBytes(32).toString('hex'));
    const inserted = await sql<{ id: number }>`
      INSERT INTO fairness_chains (game_id, top_seed, anchor, length, checkpoint_every, checkpoints, created_at)
      VALUES (15, ${chain.topSeed}, ${chain.anchor}, ${LENGTH}, ${chain.every}, ${JSON.stringify(chain.checkpoints)}, ${now})
      RETURNING id`.execute(db);
    const chainId = inserted.rows[0].id;
    const day = seqnoDay(now);
    const roundIds: number[] = [];
    for (let k = 1; k <= 4; k++) {
      const drawn = k < 4;
      const start = now - (5 - k) * 120_000;
      const { id } = await db
        .insertInto('rounds')
        .values({
          game_id: 15,
          seqno: `${day}-000${k}`,
          status: 'open',
          open_at: start,
          close_at: drawn ? start + 60_000 : now + 60_000,
          draw_at: drawn ? start + 120_000 : now + 120_000,
          chain_id: chainId,
          chain_index: k,
          commitment: seedAt(chain, k - 1),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      roundIds.push(id);
      if (!drawn) continue;
      const seed = seedAt(chain, k);
      const numbers = drawFromSeed(seed, id);
      await db
        .updateTable('rounds')
        .set({
          status: 'drawn',
          seed,
          num1: numbers[0],
          num2: numbers[1],
          num3: numbers[2],
          sum: drawSum(numbers),
          drawn_at: start + 120_000,
          settled_at: start + 120_000,
        })
        .where('id', '=', id)
        .execute();
    }

    await migrateToLatest(db, dialect);

    const [row] = await db.selectFrom('fairness_chains').selectAll().execute();
    expect(Object.keys(row).sort()).toEqual(['anchor', 'created_at', 'ended_at', 'game_id', 'id', 'label', 'length']);
    expect(row).toMatchObject({ anchor: chain.anchor, label: null, length: LENGTH });
    expect(row.ended_at).not.toBeNull();
    const kept = await db.selectFrom('kept_round_seeds').selectAll().execute();
    expect(kept).toEqual([{ round_id: roundIds[3], seed: seedAt(chain, 4) }]);

    const server = await startServer({}, { database });
    try {
      const player = await fundedMember(server, 100);
      // The committed round still takes orders, then draws with the seed it was committed to.
      expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
      const drawn = await drawCurrent(server, 15);
      expect(drawn.id).toBe(roundIds[3]);
      expect(drawn.seed).toBe(seedAt(chain, 4));
      expect(await db.selectFrom('kept_round_seeds').selectAll().execute()).toEqual([]);

      for (const id of roundIds) {
        const round = await roundById(server, id);
        const answer = await server.call<GetRoundAnswer>(ApiPath.getRound, {
          token: player.token,
          roomid: ROOM.usdtStandard,
          seqno: round.seqno,
        });
        expect(answer.body.code, round.seqno).toBe(1);
        const proof = answer.body.data;
        expect(proof.round.anchor).toBe(chain.anchor);
        expect(
          verifyRound({
            roundId: proof.round.id,
            commitment: proof.round.commitment,
            seed: proof.round.seed!,
            numbers: [proof.round.num1!, proof.round.num2!, proof.round.num3!],
            previousSeed: proof.previousSeed ?? undefined,
          }),
          round.seqno,
        ).toMatchObject({ ok: true, chainLinks: true });
      }

      // The next round is the first of a new chain, from the draw secret.
      const next = await currentRound(server, 15);
      expect(next.chain_id).not.toBe(chainId);
      expect(next.chain_index).toBe(1);
      const fresh = await db
        .selectFrom('fairness_chains')
        .selectAll()
        .where('id', '=', next.chain_id)
        .executeTakeFirstOrThrow();
      expect(fresh.label).toMatch(/^[0-9a-f]{32}$/);
      expect(next.commitment).toBe(fresh.anchor);
      expect((await drawCurrent(server, 15)).status).toBe('drawn');
      expect((await runAudit(server.deps)).ok).toBe(true);
    } finally {
      await server.close();
    }
  });
});
