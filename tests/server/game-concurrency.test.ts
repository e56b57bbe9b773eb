/**
 * Concurrency (DESIGN.md section 3.4): 200 orders at once over HTTP against one balance that
 * covers exactly 100 of them. The conditional debit lets exactly 100 through; the balance never
 * goes below zero and the fund log sums to it. On PostgreSQL, where orders run side by side, an
 * order that found its round open is in before the draw, and one begun during the draw or a
 * call-off finds the round closed (repositories/rounds.ts, roundGuard).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/server/domain/audit';
import { markVoided, roundGuard } from '../../src/server/repositories/rounds';
import { balanceCents, drawCurrent, fundedMember, line, openRound, order, ROOM } from './support/game';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('parallel orders against one balance', () => {
  it('200 at once, money for 100: exactly 100 land, never below zero, the fund log sums to the balance', async () => {
    await openRound(server, 15);
    const player = await fundedMember(server, 100 * 20);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => order(server, player.token, ROOM.usdtStandard, [line(i % 11, 20)])),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(100);
    expect(codes.filter((c) => c === 1043)).toHaveLength(100);

    expect(await balanceCents(server, player.id)).toBe(0);
    const rows = await server.deps.db
      .selectFrom('fund_log')
      .selectAll()
      .where('member_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(101);
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(0);
    expect(rows.every((r) => r.after_cents >= 0 && r.before_cents >= 0)).toBe(true);
    const lines = await server.deps.db
      .selectFrom('order_lines')
      .select('id')
      .where('member_id', '=', player.id)
      .execute();
    expect(lines).toHaveLength(100);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('40 members ordering twice at once, each with money for one: one order of each lands, every fund log sums', async () => {
    await openRound(server, 15);
    const players = await Promise.all(Array.from({ length: 40 }, () => fundedMember(server, 20)));
    // Interleaved, so that on PostgreSQL the batches hold members' orders in any arrival order.
    const answers = await Promise.all(
      [...players, ...players.slice().reverse()].map((player, i) =>
        order(server, player.token, ROOM.usdtStandard, [line(i % 11, 20)]).then((answer) => ({ player, answer })),
      ),
    );
    for (const player of players) {
      const own = answers.filter((a) => a.player === player).map((a) => a.answer.body.code);
      expect(own.sort()).toEqual([1, 1043]);
      expect(await balanceCents(server, player.id)).toBe(0);
    }
    expect((await runAudit(server.deps)).ok).toBe(true);
  });
});

/** A promise and the function that settles it. */
function gate(): { passed: Promise<void>; pass: () => void } {
  let pass!: () => void;
  const passed = new Promise<void>((resolve) => (pass = resolve));
  return { passed, pass };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DB === 'postgres')('orders against the draw and a call-off (PostgreSQL)', () => {
  it('the draw waits for an order transaction that found the round open', async () => {
    const round = await openRound(server, 15);
    const checked = gate();
    const commit = gate();
    const ordering = server.deps.db.transaction().execute(async (trx) => {
      const guard = await roundGuard(trx, 'postgres', round.id);
      checked.pass();
      await commit.passed;
      return guard?.status;
    });
    await checked.passed;
    let drawn = false;
    const drawing = drawCurrent(server, 15).then((row) => ((drawn = true), row));
    await pause(300);
    expect(drawn).toBe(false);
    commit.pass();
    expect(await ordering).toBe('open');
    expect((await drawing).status).toBe('drawn');
  });

  it('an order transaction begun during a call-off waits for it, then finds the round called off', async () => {
    const round = await openRound(server, 15);
    const now = server.clock.now;
    const held = gate();
    const commit = gate();
    const callingOff = server.deps.db.transaction().execute(async (trx) => {
      expect(await markVoided(trx, round.id, now)).toBe(true);
      held.pass();
      await commit.passed;
    });
    await held.passed;
    let found: Awaited<ReturnType<typeof roundGuard>> | 'waiting' = 'waiting';
    const checking = server.deps.db
      .transaction()
      .execute((trx) => roundGuard(trx, 'postgres', round.id))
      .then((guard) => (found = guard));
    await pause(300);
    expect(found).toBe('waiting');
    commit.pass();
    await callingOff;
    expect(await checking).toMatchObject({ voided_at: now, close_at: now });
  });
  // The order itself is one statement on PostgreSQL (migration 0022's place_order): the same two
  // guarantees, held by the function's own FOR SHARE, with an order stopped inside it.
  it('an order placed while its member row is held is in before the draw, which waits for it', async () => {
    const round = await openRound(server, 15);
    const player = await fundedMember(server, 20);
    const held = gate();
    const release = gate();
    const holding = server.deps.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM members WHERE id = ${player.id} FOR UPDATE`.execute(trx);
      held.pass();
      await release.passed;
    });
    await held.passed;
    let answered = false;
    const ordering = order(server, player.token, ROOM.usdtStandard, [line(3, 20)]).then((a) => ((answered = true), a));
    await pause(300);
    let drawn = false;
    const drawing = drawCurrent(server, 15).then((row) => ((drawn = true), row));
    await pause(300);
    expect({ answered, drawn }).toEqual({ answered: false, drawn: false });
    release.pass();
    await holding;
    expect((await ordering).body.code).toBe(1);
    expect((await drawing).status).toBe('drawn');
    const lines = await server.deps.db
      .selectFrom('order_lines')
      .select('round_id')
      .where('member_id', '=', player.id)
      .execute();
    expect(lines).toEqual([{ round_id: round.id }]);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('an order placed during a call-off waits for it, then is refused with 1029 and changes nothing', async () => {
    const round = await openRound(server, 15);
    const player = await fundedMember(server, 20);
    const held = gate();
    const commit = gate();
    const callingOff = server.deps.db.transaction().execute(async (trx) => {
      expect(await markVoided(trx, round.id, server.clock.now)).toBe(true);
      held.pass();
      await commit.passed;
    });
    await held.passed;
    let answered = false;
    const ordering = order(server, player.token, ROOM.usdtStandard, [line(3, 20)]).then((a) => ((answered = true), a));
    await pause(300);
    expect(answered).toBe(false);
    commit.pass();
    await callingOff;
    expect((await ordering).body.code).toBe(1029);
    expect(await balanceCents(server, player.id)).toBe(2000);
    const rows = await server.deps.db.selectFrom('fund_log').select('id').where('member_id', '=', player.id).execute();
    expect(rows).toHaveLength(1);
  });
});
