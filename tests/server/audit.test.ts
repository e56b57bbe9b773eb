/**
 * The ledger audit (`npm run admin -- audit`): green on a database with real activity, and each
 * breach injected with raw SQL is found, named, and makes the command exit non-zero.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { runAdmin } from '../../src/server/admin/commands';
import { runAudit } from '../../src/server/domain/audit';
import { drawCurrent, fundedMember, line, openRound, order, ROOM, type Player } from './support/game';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let players: Player[];
beforeAll(async () => {
  server = await startServer();
  players = [await fundedMember(server, 1_000), await fundedMember(server, 1_000)];
  for (let i = 0; i < 3; i++) {
    await openRound(server, 15);
    for (const p of players) {
      const placed = await order(server, p.token, ROOM.usdtStandard, [line(0, 20), line(1, 30), line(10, 20)]);
      await server.call(ApiPath.gameCancel, { token: p.token, roomid: 1, order_id: placed.body.data.order_ids[2] });
    }
    await drawCurrent(server, 15);
  }
  // One round still open with waiting lines.
  await order(server, players[0].token, ROOM.usdtStandard, [line(3, 25)]);
});
afterAll(() => server.close());

async function audit(): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(['audit'], {
    env: server.database.env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs a breach, checks the audit names it, then undoes it. */
async function expectBreach(inject: string, undo: string, message: RegExp): Promise<void> {
  await sql.raw(inject).execute(server.deps.db);
  try {
    const result = await audit();
    expect(result.code).toBe(1);
    expect(result.out).toMatch(message);
    expect(result.err).toMatch(/audit found \d+ breach/);
  } finally {
    await sql.raw(undo).execute(server.deps.db);
  }
  expect((await audit()).code).toBe(0);
}

describe('audit', () => {
  it('passes on real activity: orders, cancels, draws, settlement, an open round', async () => {
    const result = await audit();
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Audit passed/);
    // Seven checks of the ledger and the draws, one of withdrawals, two of the signed heads (keys, heads).
    expect(result.out.match(/^ok /gm)).toHaveLength(10);
  });

  it('finds a stake still waiting in a round called off (its stakes must have come back)', async () => {
    const open = await server.deps.db
      .selectFrom('order_lines')
      .innerJoin('rounds', 'rounds.id', 'order_lines.round_id')
      .select('rounds.id')
      .where('order_lines.status', '=', 'wait')
      .where('rounds.status', '=', 'open')
      .executeTakeFirstOrThrow();
    await expectBreach(
      `UPDATE rounds SET voided_at = 1 WHERE id = ${open.id}`,
      `UPDATE rounds SET voided_at = NULL WHERE id = ${open.id}`,
      /FAIL every order line is settled once[\s\S]*still waiting in a round called off/,
    );
  });

  it('finds a balance changed without a fund-log row', async () => {
    const id = players[0].id;
    await expectBreach(
      `UPDATE members SET money_cents = money_cents + 100 WHERE id = ${id}`,
      `UPDATE members SET money_cents = money_cents - 100 WHERE id = ${id}`,
      new RegExp(`FAIL every balance equals[\\s\\S]*member ${players[0].username}`),
    );
  });

  it('finds a fund-log row that does not follow the one before it', async () => {
    const id = players[1].id;
    const row = await server.deps.db
      .selectFrom('fund_log')
      .selectAll()
      .where('member_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectBreach(
      `UPDATE fund_log SET before_cents = before_cents + 5, after_cents = after_cents + 5 WHERE id = ${row.id}`,
      `UPDATE fund_log SET before_cents = before_cents - 5, after_cents = after_cents - 5 WHERE id = ${row.id}`,
      new RegExp(`FAIL each fund-log row[\\s\\S]*fund log #${row.id}`),
    );
  });

  it('finds a cancelled line that was also paid', async () => {
    const cancelled = await server.deps.db
      .selectFrom('order_lines')
      .selectAll()
      .where('status', '=', 'cancel')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectBreach(
      `UPDATE order_lines SET status = 'win', award_cents = 100 WHERE id = ${cancelled.id}`,
      `UPDATE order_lines SET status = 'cancel', award_cents = 0 WHERE id = ${cancelled.id}`,
      new RegExp(`FAIL every order line is settled once[\\s\\S]*order line #${cancelled.id}`),
    );
  });

  it('finds a line settled against its draw, and awards that do not match the lines', async () => {
    const settled = await server.deps.db
      .selectFrom('order_lines')
      .selectAll()
      .where('status', '=', 'lose')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectBreach(
      `UPDATE order_lines SET status = 'win', award_cents = ${settled.stake_cents * 2} WHERE id = ${settled.id}`,
      `UPDATE order_lines SET status = 'lose', award_cents = 0 WHERE id = ${settled.id}`,
      /FAIL awards and refunds in the fund log match/,
    );
  });

  it('finds a stake in the fund log that differs from its order', async () => {
    const group = await server.deps.db.selectFrom('order_groups').selectAll().limit(1).executeTakeFirstOrThrow();
    await expectBreach(
      `UPDATE order_groups SET total_cents = total_cents + 1 WHERE id = ${group.id}`,
      `UPDATE order_groups SET total_cents = total_cents - 1 WHERE id = ${group.id}`,
      new RegExp(`FAIL stakes in the fund log match[\\s\\S]*order #${group.id}`),
    );
  });

  it('finds drawn numbers that do not derive from the seed, and a seed that does not match its commitment', async () => {
    const round = await server.deps.db
      .selectFrom('rounds')
      .selectAll()
      .where('status', '=', 'drawn')
      .limit(1)
      .executeTakeFirstOrThrow();
    const other = (round.num1! + 1) % 10;
    await expectBreach(
      `UPDATE rounds SET num1 = ${other}, sum = sum - ${round.num1} + ${other} WHERE id = ${round.id}`,
      `UPDATE rounds SET num1 = ${round.num1}, sum = ${round.sum} WHERE id = ${round.id}`,
      new RegExp(`FAIL every drawn round[\\s\\S]*round ${round.seqno}`),
    );
    await expectBreach(
      `UPDATE rounds SET seed = '${'ab'.repeat(32)}' WHERE id = ${round.id}`,
      `UPDATE rounds SET seed = '${round.seed}' WHERE id = ${round.id}`,
      /seed does not hash to its commitment/,
    );
  });

  it('as a process: exit 0 when clean, 1 naming the breach', async () => {
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', 'audit'], {
        env: { ...process.env, ...server.database.env },
        encoding: 'utf8',
        timeout: 30_000,
      });
    expect(run().status).toBe(0);
    const id = players[1].id;
    await sql.raw(`UPDATE members SET money_cents = money_cents + 7 WHERE id = ${id}`).execute(server.deps.db);
    const broken = run();
    await sql.raw(`UPDATE members SET money_cents = money_cents - 7 WHERE id = ${id}`).execute(server.deps.db);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(new RegExp(`breach: member ${players[1].username}`));
  });

  it('on a live system: audits taken while orders land never see half of an order', async () => {
    await openRound(server, 15, 60);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => fundedMember(server, 10_000)));
    const failed: string[] = [];
    let taken = 0;
    for (let burst = 0; burst < 10; burst++) {
      const orders = Promise.all(
        buyers.flatMap((b) =>
          Array.from({ length: 10 }, (_, k) => order(server, b.token, ROOM.usdtStandard, [line(k % 11, 20)])),
        ),
      );
      // One audit in the server's process and one on a connection of its own, as the admin command.
      const [inProcess, command, answers] = await Promise.all([runAudit(server.deps), audit(), orders]);
      taken += answers.filter((a) => a.body.code === 1).length;
      for (const check of inProcess.checks) failed.push(...check.breaches);
      if (command.code !== 0) failed.push(command.out);
    }
    expect(taken).toBe(400);
    expect(failed).toEqual([]);
  });
});
