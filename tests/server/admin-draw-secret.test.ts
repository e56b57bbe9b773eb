/**
 * `npm run admin -- draw-secret:rotate [--lost]` against a running server: a new secret first in the
 * file (0600), the chains in use end and each game's next round starts a new chain from it, while
 * the rounds already committed draw with their seeds and every past round stays verifiable; a
 * secret no committed round needs is dropped at the next rotation. With `--lost`, the rounds
 * committed from a lost secret are called off and their stakes refunded, never drawn with a seed
 * made up. Without the file, with other secrets in it, or with DRAW_SECRET, it refuses (exit 1).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { GetRoundAnswer } from '../../src/shared/api/types';
import { ErrorCode } from '../../src/shared/errors';
import { verifyRound } from '../../src/shared/game';
import { generateChain, topSeedOf } from '../../src/server/domain/game/chain';
import { readSecretFile, writeSecretFile } from '../../src/server/domain/game/drawSecretFile';
import { adminInProcess, adminOf } from './support/admin';
import {
  balanceCents,
  currentRound,
  drawCurrent,
  fundedMember,
  line,
  openRound,
  order,
  roundById,
  ROOM,
  type Player,
} from './support/game';
import { createTestDatabase } from './support/database';
import { startServer, type TestServer } from './support/server';

const hex = (secrets: Buffer[] | null) => (secrets ?? []).map((secret) => secret.toString('hex'));

async function proofOf(server: TestServer, player: Player, seqno: string) {
  const answer = await server.call<GetRoundAnswer>(ApiPath.getRound, {
    token: player.token,
    roomid: ROOM.usdtStandard,
    seqno,
  });
  expect(answer.body.code, seqno).toBe(1);
  const { round, previousSeed } = answer.body.data;
  return verifyRound({
    roundId: round.id,
    commitment: round.commitment,
    seed: round.seed!,
    numbers: [round.num1!, round.num2!, round.num3!],
    previousSeed: previousSeed ?? undefined,
  });
}

async function liveChains(server: TestServer) {
  return server.deps.db.selectFrom('fairness_chains').selectAll().where('ended_at', 'is', null).execute();
}

describe('draw-secret:rotate', () => {
  let server: TestServer;
  let player: Player;
  const admin = adminOf(() => server);
  beforeAll(async () => {
    server = await startServer();
    player = await fundedMember(server, 500);
  });
  afterAll(() => server.close());

  it('starts new chains from a new secret; committed rounds still draw; past rounds stay verifiable', async () => {
    const file = server.database.secretFile;
    await drawCurrent(server, 15);
    const played = await openRound(server, 15, 30);
    expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
    const [oldSecret] = readSecretFile(file)!;

    const rotated = await admin('draw-secret:rotate');
    expect(rotated.code, rotated.err).toBe(0);
    expect(rotated.out).toMatch(
      /^Wrote a new draw secret to .*draw-secret \(mode 0600\), keeping 1 older secret for rounds already committed\.$/m,
    );
    expect(rotated.out).toMatch(
      /^Ended the hash chains of games 1, 4, 15: each game's next round starts a new chain from the new secret\.$/m,
    );
    expect(rotated.out).toMatch(/^Back up .*draw-secret now, apart from the database backups\.$/m);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [newSecret, kept, ...none] = readSecretFile(file)!;
    expect(newSecret.equals(oldSecret)).toBe(false);
    expect(kept.equals(oldSecret)).toBe(true);
    expect(none).toEqual([]);
    expect(await liveChains(server)).toEqual([]);

    // The round committed before the rotation draws with the seed it was committed to.
    const drawn = await drawCurrent(server, 15);
    expect(drawn.id).toBe(played.id);
    expect(drawn.status).toBe('drawn');
    expect(await proofOf(server, player, drawn.seqno)).toMatchObject({ ok: true, chainLinks: true });

    // The next one is the first of a new chain, made from the new secret.
    const next = await currentRound(server, 15);
    expect(next.chain_id).not.toBe(played.chain_id);
    expect(next.chain_index).toBe(1);
    const chain = await server.deps.db
      .selectFrom('fairness_chains')
      .selectAll()
      .where('id', '=', next.chain_id)
      .executeTakeFirstOrThrow();
    expect(next.commitment).toBe(chain.anchor);
    expect(generateChain(chain.length, 50, topSeedOf(newSecret, chain.label!)).anchor).toBe(chain.anchor);
    const first = await drawCurrent(server, 15);
    expect(await proofOf(server, player, first.seqno)).toMatchObject({ ok: true, chainLinks: true });

    // Every round drawn before the rotation still proves itself.
    const before = await server.deps.db
      .selectFrom('rounds')
      .select('seqno')
      .where('game_id', '=', 15)
      .where('status', '=', 'drawn')
      .where('id', '<=', played.id)
      .execute();
    for (const { seqno } of before) expect((await proofOf(server, player, seqno)).ok, seqno).toBe(true);
    expect((await admin('audit')).code).toBe(0);

    // Once every round committed from the old secret is drawn, the next rotation drops it.
    for (const game of [1, 4, 15]) await drawCurrent(server, game);
    const again = await admin('draw-secret:rotate');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/keeping 1 older secret for rounds already committed and dropping 1 no round needs\./);
    expect(hex(readSecretFile(file)).slice(1)).toEqual(hex([newSecret]));

    // A restart reads the file and goes on.
    await server.restart();
    expect((await drawCurrent(server, 15)).status).toBe('drawn');
    expect((await admin('audit')).code).toBe(0);
  });

  it('refuses without the file, with secrets that did not make the chains, or with DRAW_SECRET; changes nothing', async () => {
    const file = server.database.secretFile;
    const saved = readFileSync(file);
    const chainsBefore = await liveChains(server);
    expect(chainsBefore.length).toBeGreaterThan(0);
    try {
      rmSync(file);
      const missing = await admin('draw-secret:rotate');
      expect(missing.code).toBe(1);
      expect(missing.err).toMatch(
        /^draw-secret:rotate: the draw secret file .*draw-secret is missing: restore it from its backup; if it is lost, run draw-secret:rotate --lost$/,
      );
      expect(existsSync(file)).toBe(false);

      const other = [randomBytes(32)];
      writeSecretFile(file, other);
      const foreign = await admin('draw-secret:rotate');
      expect(foreign.code).toBe(1);
      expect(foreign.err).toMatch(/the hash chains of games 1, 4, 15 were not made from a secret in .*draw-secret/);
      expect(hex(readSecretFile(file))).toEqual(hex(other));

      const env = await adminInProcess(
        { ...server.database.env, DRAW_SECRET: randomBytes(32).toString('hex'), DRAW_SECRET_FILE: '' },
        ['draw-secret:rotate'],
      );
      expect(env.code).toBe(1);
      expect(env.err).toMatch(/the draw secret is given in DRAW_SECRET, which this command cannot change/);

      expect((await admin('draw-secret:rotate', 'now')).code).toBe(2);
      expect(await liveChains(server)).toEqual(chainsBefore);
    } finally {
      writeFileSync(file, saved, { mode: 0o600 });
    }
  });
});

describe('draw-secret:rotate --lost', () => {
  let server: TestServer;
  const admin = adminOf(() => server);
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('calls off the rounds committed from the lost secret, refunds their stakes, and new chains start', async () => {
    const player = await fundedMember(server, 100);
    const round = await openRound(server, 15, 30);
    expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20), line(1, 20)])).body.code).toBe(1);
    expect(await balanceCents(server, player.id)).toBe(60_00);
    rmSync(server.database.secretFile);

    const lost = await admin('draw-secret:rotate', '--lost');
    expect(lost.code, lost.err).toBe(0);
    expect(lost.out).toMatch(
      /^The secret of the hash chains of games 1, 4, 15 is lost: they ended\. Called off 3 rounds committed from it, refunding 2 stakes \(40\.00 USD\)\.$/m,
    );
    expect(lost.out).toMatch(/^Wrote a new draw secret to .* \(mode 0600\), keeping 0 older secrets/m);
    expect(readSecretFile(server.database.secretFile)).toHaveLength(1);

    // Every stake is back, each with its fund-log row; the lines are cancelled, once.
    expect(await balanceCents(server, player.id)).toBe(100_00);
    const refunds = await server.deps.db
      .selectFrom('fund_log')
      .selectAll()
      .where('member_id', '=', player.id)
      .where('reason_code', '=', 'stake_refund')
      .execute();
    expect(refunds.map((r) => r.amount_cents)).toEqual([20_00, 20_00]);
    const lines = await server.deps.db
      .selectFrom('order_lines')
      .select('status')
      .where('round_id', '=', round.id)
      .execute();
    expect(lines.map((l) => l.status)).toEqual(['cancel', 'cancel']);

    // The round is never drawn (no seed is made up for it), orders on it are refused, and play goes on.
    const called = await roundById(server, round.id);
    expect(called.voided_at).not.toBeNull();
    expect(called.close_at).toBeLessThanOrEqual(Date.now());
    const late = await order(server, player.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(late.body.code).not.toBe(1);
    await server.tick();
    const next = await currentRound(server, 15);
    expect(next.id).not.toBe(round.id);
    expect(next.chain_index).toBe(1);
    server.clock.now = round.draw_at + 60_000;
    await server.tick();
    const after = await roundById(server, round.id);
    expect([after.status, after.seed, after.num1]).toEqual(['open', null, null]);
    const proof = await server.call(ApiPath.getRound, {
      token: player.token,
      roomid: ROOM.usdtStandard,
      seqno: round.seqno,
    });
    expect(proof.body.code).toBe(ErrorCode.RoundNotDrawn);

    expect((await admin('audit')).code).toBe(0);
    await server.restart();
    expect((await drawCurrent(server, 15)).status).toBe('drawn');
  });
});

describe('draw-secret:rotate before the first start', () => {
  it('makes the file (0600) when no chain needs a secret yet', async () => {
    const database = await createTestDatabase();
    try {
      const made = await adminInProcess(database.env, ['draw-secret:rotate']);
      expect(made.code, made.err).toBe(0);
      expect(made.out).toMatch(/keeping 0 older secrets for rounds already committed\./);
      expect(made.out).toMatch(/^No hash chain was in use: each game's first round starts one from the new secret\.$/m);
      expect(statSync(database.secretFile).mode & 0o777).toBe(0o600);
      expect(readSecretFile(database.secretFile)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
