/**
 * The round scheduler on the (fake) server clock: back-to-back rounds with sequence numbers, the
 * operator's round and close lengths, recovery after a restart (an overdue round drawn and settled
 * once), and two app instances on one database driving the rounds once.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { runAdmin } from '../../src/server/admin/commands';
import { openPostgres } from '../../src/server/db/connect';
import type { Db } from '../../src/server/db/schema';
import { runAudit } from '../../src/server/domain/audit';
import { drawRound } from '../../src/server/domain/game/rounds';
import { nextSeqno, seqnoDay, dayNumber, dayStart } from '../../src/server/domain/game/timing';
import type { TestDatabase } from './support/database';
import {
  balanceCents,
  currentRound,
  drawCurrent,
  fundedMember,
  gameInfo,
  line,
  openRound,
  order,
  ROOM,
  roundById,
  toSecondsLeft,
} from './support/game';
import { listenTestApp, startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function roundsOf(db: Db, gameId: number) {
  return db.selectFrom('rounds').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
}

describe('sequence numbers', () => {
  it('are YYYYMMDD-NNNN in UTC+8, counting up within a day and from 0001 on a new day', () => {
    // 2026-11-22 15:59:59 UTC is 23:59:59 in UTC+8; a second later it is the 23rd there.
    const beforeMidnight = Date.UTC(2026, 10, 22, 15, 59, 59);
    expect(seqnoDay(beforeMidnight)).toBe('20261122');
    expect(seqnoDay(beforeMidnight + 1000)).toBe('20261123');
    expect(nextSeqno(undefined, beforeMidnight)).toBe('20261122-0001');
    expect(nextSeqno('20261122-0041', beforeMidnight)).toBe('20261122-0042');
    expect(nextSeqno('20261122-9999', beforeMidnight)).toBe('20261122-10000');
    expect(nextSeqno('20261122-0041', beforeMidnight + 1000)).toBe('20261123-0001');
  });
});

describe('back-to-back rounds', () => {
  it('each game has one open round; each draw opens the next at once, back to back', async () => {
    for (const gameId of [1, 4, 15]) {
      const [first] = await roundsOf(server.deps.db, gameId);
      expect(first.status).toBe('open');
      expect(first.seqno).toBe(`${seqnoDay(first.open_at)}-0001`);
    }
    const first = await currentRound(server, 15);
    await drawCurrent(server, 15);
    await drawCurrent(server, 15);
    const rounds = await roundsOf(server.deps.db, 15);
    // Each number follows the one before; the clock starts at the real time, so a run in the minutes
    // before midnight in UTC+8 sees the day change between them (and the count start again).
    expect(rounds[0].seqno.slice(-4)).toBe('0001');
    expect(rounds[1].seqno).toBe(nextSeqno(rounds[0].seqno, rounds[1].open_at));
    expect(rounds[2].seqno).toBe(nextSeqno(rounds[1].seqno, rounds[2].open_at));
    if (seqnoDay(rounds[0].open_at) === seqnoDay(rounds[2].open_at))
      expect(rounds.map((r) => r.seqno.slice(-4))).toEqual(['0001', '0002', '0003']);
    expect(rounds.map((r) => r.status)).toEqual(['drawn', 'drawn', 'open']);
    expect(rounds[1].open_at).toBe(first.draw_at);
    expect(rounds[2].open_at).toBe(rounds[1].draw_at);
    for (const round of rounds) {
      expect(round.draw_at - round.open_at).toBe(120_000);
      expect(round.draw_at - round.close_at).toBe(60_000);
    }
    // One chain: round k uses seed k, so each commitment is the seed before it.
    expect(rounds.map((r) => r.chain_index)).toEqual([1, 2, 3]);
    expect(rounds[1].commitment).toBe(rounds[0].seed);
    expect(rounds[2].commitment).toBe(rounds[1].seed);
  });

  it('a round opening on a new UTC+8 day starts again from 0001', async () => {
    const round = await currentRound(server, 4);
    server.clock.now = dayStart(dayNumber(round.draw_at) + 1) + 1_000;
    await server.tick();
    const latest = await currentRound(server, 4);
    expect(latest.seqno).toBe(`${seqnoDay(server.clock.now)}-0001`);
    expect(latest.open_at).toBe(server.clock.now);
  });

  it('game:set changes the round length and the close window from the next round on', async () => {
    const code = await runAdmin(['game:set', '1', '--seconds', '30', '--close', '10'], {
      env: server.database.env,
      out: () => undefined,
      err: () => undefined,
    });
    expect(code).toBe(0);
    const running = await currentRound(server, 1);
    expect(running.draw_at - running.open_at).toBe(210_000);
    await drawCurrent(server, 1);
    const short = await currentRound(server, 1);
    expect(short.draw_at - short.open_at).toBe(30_000);
    expect(short.draw_at - short.close_at).toBe(10_000);
    const player = await fundedMember(server, 500);
    server.expireCaches();
    const info = await gameInfo(server, player.token, ROOM.btcStandard);
    expect(info.body.data.game.drawAt - info.body.data.game.closeAt).toBe(10_000);
    await toSecondsLeft(server, 1, 11);
    expect((await order(server, player.token, ROOM.btcStandard, [line(0, 20)])).body.code).toBe(1);
    await toSecondsLeft(server, 1, 10);
    expect((await order(server, player.token, ROOM.btcStandard, [line(0, 20)])).body.code).toBe(1029);
  });
});

describe('restart recovery', () => {
  it('a round whose draw passed while the server was down is drawn and settled once at start', async () => {
    await openRound(server, 15);
    const player = await fundedMember(server, 1_000);
    await order(server, player.token, ROOM.usdtStandard, [line(0, 100), line(1, 100)]);
    const round = await currentRound(server, 15);
    await server.app.close();
    // Down for ten minutes, well past the draw.
    server.clock.now = round.draw_at + 10 * 60_000;
    await server.restart();
    const drawn = await roundById(server, round.id);
    expect(drawn.status).toBe('drawn');
    expect(drawn.settled_at).not.toBeNull();
    // Exactly one of big/small wins, at 1.95.
    expect(await balanceCents(server, player.id)).toBe(1_000_00 - 200_00 + 195_00);
    const next = await currentRound(server, 15);
    expect(next.id).not.toBe(round.id);
    expect(next.open_at).toBe(server.clock.now);
    const rows = (await server.deps.db.selectFrom('fund_log').select('id').execute()).length;
    await server.restart();
    expect((await server.deps.db.selectFrom('fund_log').select('id').execute()).length).toBe(rows);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('a round drawn but not settled before a crash is settled at the next start', async () => {
    await openRound(server, 15);
    const player = await fundedMember(server, 1_000);
    await order(server, player.token, ROOM.usdtStandard, [line(2, 100), line(3, 100)]);
    const round = await currentRound(server, 15);
    server.clock.now = round.draw_at;
    expect(await drawRound(server.deps, server.app.game.chains, round)).toBe(true);
    expect((await roundById(server, round.id)).settled_at).toBeNull();
    await server.restart();
    expect((await roundById(server, round.id)).settled_at).not.toBeNull();
    expect(await balanceCents(server, player.id)).toBe(1_000_00 - 200_00 + 195_00);
  });
});

describe('two app instances on one database', () => {
  let second: { app: FastifyInstance; db: Db; close: () => Promise<void> } | null = null;
  afterEach(async () => {
    await second?.close();
    second = null;
  });

  async function startSecond(database: TestDatabase, leaseTtlMs?: number) {
    // PostgreSQL: a second pool, as a second process would have. SQLite: the same handle (one writer).
    const db = database.dialect === 'postgres' ? openPostgres(database.env.DATABASE_URL, 5).db : database.db;
    const { app } = await listenTestApp({ ...database, db }, server.clock, server.sms, {
      game: leaseTtlMs === undefined ? {} : { scheduler: { leaseTtlMs } },
    });
    return {
      app,
      db,
      close: async () => {
        await app.close();
        if (db !== database.db) await db.destroy();
      },
    };
  }

  it('only the lease holder drives rounds; the other takes over when it stops', async () => {
    second = await startSecond(server.database);
    await openRound(server, 15);
    const a = server.app.game.scheduler;
    const b = second.app.game.scheduler;
    for (let i = 0; i < 12; i++) {
      // The leader renews on every tick, inside the lease time (3 s).
      server.clock.advance(2_000);
      const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
      expect([ra.leader, rb.leader]).toEqual([true, false]);
    }
    await server.app.close();
    server.clock.advance(1_000);
    expect((await b.tick()).leader).toBe(true);
    await second.close();
    second = null;
    await server.restart();
  });

  it('an expired lease passes to the other instance; a live one does not', async () => {
    second = await startSecond(server.database);
    const a = server.app.game.scheduler;
    const b = second.app.game.scheduler;
    expect((await a.tick()).leader).toBe(true);
    server.clock.advance(2_000);
    expect((await b.tick()).leader).toBe(false);
    // a stopped renewing (a hung process): after the lease time b leads, and a no longer does.
    server.clock.advance(3_000);
    expect((await b.tick()).leader).toBe(true);
    expect((await a.tick()).leader).toBe(false);
    await server.restart();
  });

  it('a lease left by a process of this host that is gone (kill -9) is taken at once; a live one elsewhere is not', async () => {
    const a = server.app.game.scheduler;
    const leaveLease = (holder: string) =>
      server.deps.db
        .updateTable('scheduler_lease')
        .set({ holder, expires_at: server.clock.now + 60_000 })
        .execute();
    // The pid of a process that has ended.
    const gonePid = spawnSync(process.execPath, ['-e', '0']).pid;
    await leaveLease(`${hostname()}:${gonePid}:deadbeef`);
    expect((await a.tick()).leader).toBe(true);
    // An earlier run of this very pid (a restarted container) is gone too.
    await leaveLease(`${hostname()}:${process.pid}:earlier0`);
    expect((await a.tick()).leader).toBe(true);
    // A holder on another host is waited out: its lease may be live.
    await leaveLease(`another-host:${gonePid}:deadbeef`);
    expect((await a.tick()).leader).toBe(false);
    server.clock.advance(60_000);
    expect((await a.tick()).leader).toBe(true);
  });

  it('even if both act at once (no lease), every round is drawn and settled once', async () => {
    await server.restart({ game: { scheduler: { leaseTtlMs: 0 } } });
    second = await startSecond(server.database, 0);
    const players = await Promise.all([fundedMember(server, 5_000), fundedMember(server, 5_000)]);
    const before = await roundsOf(server.deps.db, 15);
    for (let i = 0; i < 6; i++) {
      await openRound(server, 15).catch(() => undefined);
      for (const p of players)
        await order(server, p.token, ROOM.usdtStandard, [line(0, 20), line(1, 20), line(10, 20)]);
      const round = await currentRound(server, 15);
      server.clock.now = round.draw_at;
      const [ra, rb] = await Promise.all([server.app.game.scheduler.tick(), second.app.game.scheduler.tick()]);
      expect(ra.leader && rb.leader).toBe(true);
    }
    const rounds = (await roundsOf(server.deps.db, 15)).slice(before.length);
    expect(new Set(rounds.map((r) => r.seqno)).size).toBe(rounds.length);
    const awards = await server.deps.db
      .selectFrom('fund_log')
      .select(['member_id', 'ref_id'])
      .where('reason_code', '=', 'award')
      .execute();
    const keys = awards.map((a) => `${a.member_id}:${a.ref_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const audit = await runAudit(server.deps);
    expect(audit.checks.filter((c) => c.breaches.length > 0)).toEqual([]);
    await server.restart({});
  });
});
