/**
 * The operator and a member's responsible play: `play:show` prints the limits with their use, the
 * pause and the changes; `play:lower` lowers a limit at once (the member's next order meets it) and
 * refuses to raise or remove one (exit 1, nothing changed); `credit` refuses a deposit past the
 * member's deposit limit, saying which limit and what is left, and credits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { adminOf, adminProcess } from './support/admin';
import { balanceCents, fundedMember, line, openRound, order, ROOM } from './support/game';
import { limit, pausePlay, playLimits } from './support/play';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = adminOf(() => server);

async function limitsRows(memberId: number) {
  return server.deps.db.selectFrom('play_limits').selectAll().where('member_id', '=', memberId).execute();
}

describe('play:show', () => {
  it("prints every limit with its use, the pause, the reality check and the member's changes", async () => {
    const p = await fundedMember(server, 1_000);
    await openRound(server, 15);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 40)])).body.code).toBe(1);
    await limit(server, p.token, 'day', 'stake', 100);
    await limit(server, p.token, 'day', 'stake', 150);
    expect((await pausePlay(server, p.token, 'cooloff', 7)).body.code).toBe(1);

    const result = await admin('play:show', p.username);
    expect(result.code, result.err).toBe(0);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe(`Member ${p.username} (#${p.id}): play limits (periods in UTC+8, weeks from Monday)`);
    expect(lines[1]).toMatch(
      /^ {2}day stake {5}100\.00 USD: used 40\.00 USD, 60\.00 USD left until \S+Z; 150\.00 USD asked for, from \S+Z$/,
    );
    expect(lines[2]).toMatch(/^ {2}day loss {6}none: used 40\.00 USD until /);
    expect(lines[3]).toMatch(/^ {2}day deposit {3}none: used 1,000\.00 USD until /);
    expect(lines.filter((l) => /^ {2}(day|week|month) /.test(l))).toHaveLength(9);
    expect(result.out).toMatch(/^Pause: cool-off until \S+Z: orders refused \(3016\)$/m);
    expect(result.out).toMatch(/^Reality check: every 30 minutes of play$/m);
    const changes = lines.slice(lines.indexOf('Changes, newest first:') + 1);
    expect(changes).toHaveLength(3);
    expect(changes[0]).toMatch(/by the member: cool-off of 7 days, until \S+Z$/);
    expect(changes[1]).toMatch(/by the member: day stake limit 100\.00 USD -> 150\.00 USD, from \S+Z$/);
    expect(changes[2]).toMatch(/by the member: day stake limit none -> 100\.00 USD, at once$/);
  });

  it('refuses an unknown member (exit 1) and a missing name (exit 2)', async () => {
    const unknown = await admin('play:show', 'nobody99');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/Refused: .*\(code 1002\)/);
    expect((await admin('play:show')).code).toBe(2);
  });
});

describe('play:lower', () => {
  it("lowers a limit at once, at the member's request; the app's history says the operator did", async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'week', 'stake', 500);
    const result = await admin('play:lower', p.username, 'week', 'stake', '50');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe(
      `Member ${p.username}: week stake limit 500.00 USD -> 50.00 USD, at once (used 0.00 USD this week).`,
    );
    await openRound(server, 15);
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(0, 60)]);
    expect(refused.body.code).toBe(3013);
    expect(refused.body.data).toMatchObject({ period: 'week', limit: 50, left: 50 });
    const history = (await playLimits(server, p.token)).body.data.history;
    expect(history[0]).toMatchObject({ what: 'limit', by: 'operator', from: 500, to: 50 });
    // A limit where the member had none is a lower one too.
    expect((await admin('play:lower', p.username, 'day', 'deposit', '200')).code).toBe(0);
  });

  it('never raises or removes a limit (exit 1, nothing changed)', async () => {
    const p = await fundedMember(server, 0);
    await limit(server, p.token, 'month', 'loss', 100);
    const before = await limitsRows(p.id);
    for (const amount of ['150', '100', '0']) {
      const result = await admin('play:lower', p.username, 'month', 'loss', amount);
      expect(result.code, amount).toBe(1);
      expect(result.err).toBe(
        "play:lower: the member's month loss limit is 100.00 USD: the operator can only set a lower one " +
          '(a member raises or removes a limit in the app, and it applies 24 hours later)',
      );
    }
    const bad = await admin('play:lower', p.username, 'month', 'loss', 'ten');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/\(code 1050\)/);
    expect(await limitsRows(p.id)).toEqual(before);
    expect((await playLimits(server, p.token)).body.data.history).toHaveLength(1);
  });

  it.each([
    [['play:lower', 'bob', 'year', 'stake', '5'], /the period is one of day, week, month/],
    [['play:lower', 'bob', 'day', 'time', '5'], /the kind is one of stake, loss, deposit/],
    [['play:lower', 'bob', 'day', 'stake'], /expected <username>/],
  ])('refuses %j as a usage error (exit 2)', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });
});

describe('credit and a deposit limit', () => {
  it("refuses a deposit past the member's limit with 3015, saying which limit and what is left, crediting nothing", async () => {
    const p = await fundedMember(server, 0);
    await limit(server, p.token, 'week', 'deposit', 500);
    expect((await admin('credit', p.username, '300')).code).toBe(0);
    const refused = adminProcess(server, 'credit', p.username, '250', '--ref', 'bank 42');
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(
      "credit: Refused: This deposit would pass the member's weekly deposit limit of 500.00 USD: 200.00 USD left. (code 3015)",
    );
    expect(await balanceCents(server, p.id)).toBe(300_00);
    expect((await admin('credit', p.username, '200')).code).toBe(0);
    expect(await balanceCents(server, p.id)).toBe(500_00);
    // The member's own page shows it used.
    const read = await server.call<{ limits: { period: string; kind: string; used: number }[] }>(ApiPath.playLimits, {
      token: p.token,
    });
    expect(read.body.data.limits.find((l) => l.period === 'week' && l.kind === 'deposit')).toMatchObject({ used: 500 });
  });
});
