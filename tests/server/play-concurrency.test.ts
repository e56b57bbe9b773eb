/**
 * A member's own limits under parallel requests, as the balance is tested (game-concurrency):
 * 200 orders at once over real HTTP from two devices (two sessions of one member) against one
 * daily stake limit, then one loss limit, with money for all of them: exactly the allowed number
 * land, the usage equals the limit, the rest are refused with their code. On PostgreSQL (READ
 * COMMITTED) two orders at once must not both pass the limit; the conditional UPDATE of the
 * usage row, after the debit that holds the member's row, makes them take turns. Deposits at once
 * against a deposit limit: exactly the allowed number credited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { runAudit } from '../../src/server/domain/audit';
import { creditDeposit } from '../../src/server/domain/operator';
import { Refused } from '../../src/server/domain/refused';
import { balanceCents, fundedMember, line, openRound, order, ROOM } from './support/game';
import { limit, limitOf, playLimits, toQuietMorning } from './support/play';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { http: true });
  toQuietMorning(server);
});
afterAll(() => server.close());

/** A second session of the member: another device. */
async function secondDevice(username: string, password: string): Promise<string> {
  const answer = await server.call<{ token: string }>(ApiPath.login, { username, password });
  expect(answer.body.code).toBe(1);
  return answer.body.data.token;
}

async function linesOf(memberId: number) {
  return server.deps.db.selectFrom('order_lines').select('id').where('member_id', '=', memberId).execute();
}

describe('parallel orders against one limit', () => {
  it('200 at once from two devices, a daily stake limit for 100 of them: exactly 100 land', async () => {
    await openRound(server, 15, 50);
    const player = await fundedMember(server, 10_000);
    const tokens = [player.token, await secondDevice(player.username, player.password)];
    await limit(server, player.token, 'day', 'stake', 100 * 20);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => order(server, tokens[i % 2], ROOM.usdtStandard, [line(i % 11, 20)])),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(100);
    expect(codes.filter((c) => c === 3013)).toHaveLength(100);

    expect(await balanceCents(server, player.id)).toBe(10_000_00 - 2_000_00);
    expect(await linesOf(player.id)).toHaveLength(100);
    const state = await server.deps.db
      .selectFrom('play_state')
      .select(['day_stake', 'day_loss'])
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ day_stake: 2_000_00, day_loss: 2_000_00 });
    const read = await playLimits(server, player.token);
    expect(limitOf(read.body.data, 'day', 'stake')).toMatchObject({ used: 2_000, left: 0 });
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('200 at once, a weekly loss limit for 70 of them: exactly 70 land', async () => {
    await openRound(server, 15, 50);
    const player = await fundedMember(server, 10_000);
    const tokens = [player.token, await secondDevice(player.username, player.password)];
    await limit(server, player.token, 'week', 'loss', 70 * 20);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => order(server, tokens[i % 2], ROOM.usdtStandard, [line(i % 11, 20)])),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(70);
    expect(codes.filter((c) => c === 3014)).toHaveLength(130);
    expect(await balanceCents(server, player.id)).toBe(10_000_00 - 1_400_00);
    expect(await linesOf(player.id)).toHaveLength(70);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });
});

describe('parallel deposits against one limit', () => {
  it('20 credits of 50 at once, a daily deposit limit of 500: exactly 10 are credited, the others refused with 3015', async () => {
    const player = await fundedMember(server, 0);
    await limit(server, player.token, 'day', 'deposit', 500);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        creditDeposit(server.deps, { username: player.username, cents: 50_00, ref: `parallel ${i}` }),
      ),
    );
    const credited = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(credited).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(refused.every((e) => e instanceof Refused && e.code === 3015)).toBe(true);
    expect(await balanceCents(server, player.id)).toBe(500_00);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });
});
