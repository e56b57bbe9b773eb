/**
 * Concurrency (DESIGN.md section 3.4): 200 orders at once over HTTP against one balance that
 * covers exactly 100 of them. The conditional debit lets exactly 100 through; the balance never
 * goes below zero and the fund log sums to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/server/domain/audit';
import { balanceCents, fundedMember, line, openRound, order, ROOM } from './support/game';
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
});
