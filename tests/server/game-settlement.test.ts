/**
 * Settlement of real rounds (DESIGN.md section 4): orders over HTTP, the scheduler draws at the
 * round's time, winners are credited through the ledger once, in batches, with the 13/14 rule-set
 * where a room has it. Money is compared with payouts computed independently (support/payouts.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { dayNumber, dayStart } from '../../src/shared/serverDay';
import type { CurrentAnswer, OwnOrderItem, TodayWinLost, TrendData, UserInfo } from '../../src/shared/api/types';
import { settleRound } from '../../src/server/domain/game/settlement';
import { drawRound } from '../../src/server/domain/game/rounds';
import { runAudit } from '../../src/server/domain/audit';
import {
  balanceCents,
  currentRound,
  drawCurrent,
  fundedMember,
  GAME_OF_ROOM,
  line,
  openRound,
  order,
  roundById,
  ROOM,
  STANDARD_RATES,
  type Player,
} from './support/game';
import { expectedPayout, type Digits } from './support/payouts';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Every outcome once, stakes that differ, for `players` members. */
async function orderEverything(players: Player[], roomid: number, rates: number[]) {
  await openRound(server, GAME_OF_ROOM[roomid]);
  const placed: { player: Player; outcome: number; stake: number; rate: number }[] = [];
  for (const [i, player] of players.entries()) {
    for (const outcomes of [
      [0, 2, 4, 6, 8, 10],
      [1, 3, 5, 7, 9],
    ]) {
      const lines = outcomes.map((o) => [o, rates[o] / 100, 20 + i * 7 + o] as [number, number, number]);
      const { body } = await order(server, player.token, roomid, lines);
      expect(body.code).toBe(1);
      for (const [o, , price] of lines) placed.push({ player, outcome: o, stake: price * 100, rate: rates[o] });
    }
  }
  return placed;
}

function digitsOf(round: { num1: number | null; num2: number | null; num3: number | null }): Digits {
  return [round.num1!, round.num2!, round.num3!];
}

describe('a settled round', () => {
  it('pays every winning line stake x rate, once, and the audit holds', async () => {
    const players = [
      await fundedMember(server, 2_000),
      await fundedMember(server, 2_000),
      await fundedMember(server, 2_000),
    ];
    const placed = await orderEverything(players, ROOM.usdtStandard, STANDARD_RATES);
    const round = await drawCurrent(server, 15);
    expect(round.status).toBe('drawn');
    expect(round.settled_at).not.toBeNull();
    const digits = digitsOf(round);

    for (const player of players) {
      const mine = placed.filter((p) => p.player === player);
      const staked = mine.reduce((s, p) => s + p.stake, 0);
      const paid = mine.reduce((s, p) => s + expectedPayout(p.stake, p.rate, p.outcome, digits).cents, 0);
      expect(await balanceCents(server, player.id)).toBe(2_000_00 - staked + paid);
      const awards = await server.deps.db
        .selectFrom('fund_log')
        .selectAll()
        .where('member_id', '=', player.id)
        .where('reason_code', '=', 'award')
        .execute();
      // One credit per member per round, referencing the round.
      expect(awards.map((a) => [a.amount_cents, a.ref_type, a.ref_id])).toEqual(
        paid > 0 ? [[paid, 'round', String(round.id)]] : [],
      );

      const lines = await server.call<OwnOrderItem[]>(ApiPath.gameLog, {
        token: player.token,
        lang: 'en',
        gametype: 15,
      });
      for (const item of lines.body.data.filter((l) => l.seqno === round.seqno)) {
        const expected = expectedPayout(item.money * 100, Math.round(item.rate * 100), item.value, digits);
        expect([item.status, Math.round(item.award * 100), item.num1, item.sum]).toEqual([
          expected.status,
          expected.cents,
          round.num1,
          round.sum,
        ]);
      }
      const current = await server.call<CurrentAnswer>(ApiPath.current, {
        token: player.token,
        gameseq: round.seqno,
        gametype: 15,
      });
      expect(current.body.data).toEqual({ award: paid / 100, settled: true, total: staked / 100 });
    }
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('settling again, or twice at once, changes nothing', async () => {
    const players = [await fundedMember(server, 1_000), await fundedMember(server, 1_000)];
    await orderEverything(players, ROOM.btcStandard, STANDARD_RATES);
    const round = await currentRound(server, 1);
    server.clock.now = round.draw_at;
    // Draw without the scheduler, then settle from two callers at once.
    expect(await drawRound(server.deps, server.app.game.chains, round)).toBe(true);
    expect(await drawRound(server.deps, server.app.game.chains, round)).toBe(false);
    const drawn = await roundById(server, round.id);
    const reports = await Promise.all([settleRound(server.deps, drawn, 3), settleRound(server.deps, drawn, 3)]);
    expect(reports[0].lines + reports[1].lines).toBe(22);
    const balances = [await balanceCents(server, players[0].id), await balanceCents(server, players[1].id)];
    const rows = await server.deps.db.selectFrom('fund_log').select('id').execute();
    const again = await settleRound(server.deps, await roundById(server, round.id));
    expect(again.lines).toBe(0);
    await server.tick();
    expect([await balanceCents(server, players[0].id), await balanceCents(server, players[1].id)]).toEqual(balances);
    expect(await server.deps.db.selectFrom('fund_log').select('id').execute()).toHaveLength(rows.length);
    expect((await runAudit(server.deps)).ok).toBe(true);
  });

  it('small batches settle the same money, one credit per member per round', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => fundedMember(server, 2_000)));
    const placed = await orderEverything(players, ROOM.ethStandard, STANDARD_RATES);
    const round = await currentRound(server, 4);
    server.clock.now = round.draw_at;
    await drawRound(server.deps, server.app.game.chains, round);
    const report = await settleRound(server.deps, await roundById(server, round.id), 12);
    expect(report.batches).toBe(5);
    expect(report.lines).toBe(55);
    const digits = digitsOf(await roundById(server, round.id));
    for (const player of players) {
      const mine = placed.filter((p) => p.player === player);
      const expected =
        2_000_00 -
        mine.reduce((s, p) => s + p.stake, 0) +
        mine.reduce((s, p) => s + expectedPayout(p.stake, p.rate, p.outcome, digits).cents, 0);
      expect(await balanceCents(server, player.id)).toBe(expected);
    }
    await server.tick();
  });
});

describe('the 13/14 rule-set', () => {
  it('refunds two-way lines on a sum of 13 or 14 in a room that has it, and only there', async () => {
    await server.deps.db.updateTable('rooms').set({ refund1314: 1 }).where('id', '=', ROOM.usdtSuperior).execute();
    server.app.game.catalog.invalidate();
    const rates = [197, 197, 197, 197, 420, 360, 360, 420, 1700, 1700, 9400];
    const player = await fundedMember(server, 100_000);
    let expected = await balanceCents(server, player.id);
    let seen1314 = false;
    // Real rounds until one draws 13 or 14 (about one in seven).
    for (let i = 0; i < 80 && !seen1314; i++) {
      await openRound(server, 15);
      const lines = rates.slice(0, 9).map((r, o) => [o, r / 100, 100] as [number, number, number]);
      expect((await order(server, player.token, ROOM.usdtSuperior, lines)).body.code).toBe(1);
      const round = await drawCurrent(server, 15);
      const digits = digitsOf(round);
      seen1314 = round.sum === 13 || round.sum === 14;
      for (const [o, , price] of lines)
        expected += expectedPayout(price * 100, rates[o], o, digits, true).cents - price * 100;
      expect(await balanceCents(server, player.id)).toBe(expected);
    }
    expect(seen1314).toBe(true);
    const refunded = await server.deps.db
      .selectFrom('order_lines')
      .select(['status', 'award_cents', 'stake_cents'])
      .where('member_id', '=', player.id)
      .where('status', '=', 'refund')
      .execute();
    expect(refunded.length).toBe(8);
    expect(refunded.every((l) => l.award_cents === l.stake_cents)).toBe(true);
    expect((await runAudit(server.deps)).ok).toBe(true);
    await server.deps.db.updateTable('rooms').set({ refund1314: 0 }).where('id', '=', ROOM.usdtSuperior).execute();
    server.app.game.catalog.invalidate();
  });
});

describe("the member's figures come from settled rows", () => {
  it('todayWinLost, getTrendData and totalWin add up the settled lines; empty before any', async () => {
    const player = await fundedMember(server, 1_000);
    const empty = await server.call<TrendData>(ApiPath.trendData, { token: player.token });
    expect(empty.body.data).toEqual({ yeswin: 0, yestotal: 0, todaywin: 0, todaytotal: 0, chartdata: [] });
    expect((await server.call<TodayWinLost>(ApiPath.todayWinLost, { token: player.token })).body.data).toEqual({
      win: 0,
      total: 0,
    });

    // The order and its draw must fall on one server day: never start within an hour of midnight (UTC+8).
    const nextDay = dayStart(dayNumber(server.clock.now) + 1);
    if (nextDay - server.clock.now < 60 * 60_000) server.clock.now = nextDay + 1_000;
    await openRound(server, 15);
    await order(server, player.token, ROOM.usdtStandard, [line(0, 100), line(1, 50)]);
    const waiting = await server.call<UserInfo>(ApiPath.userInfo, { token: player.token });
    expect(waiting.body.data.totalWin).toBe(0);
    const round = await drawCurrent(server, 15);
    const digits = digitsOf(round);
    const paid = expectedPayout(100_00, 195, 0, digits).cents + expectedPayout(50_00, 195, 1, digits).cents;
    const win = (paid - 150_00) / 100;
    const today = await server.call<TodayWinLost>(ApiPath.todayWinLost, { token: player.token });
    expect(today.body.data).toEqual({ win, total: 150 });
    const trend = await server.call<TrendData>(ApiPath.trendData, { token: player.token });
    expect(trend.body.data).toMatchObject({ todaywin: win, todaytotal: 150, yeswin: 0, yestotal: 0 });
    expect(trend.body.data.chartdata).toHaveLength(1);
    expect(trend.body.data.chartdata[0]).toMatchObject({ win, total: 150 });
    expect(trend.body.data.chartdata[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const info = await server.call<UserInfo>(ApiPath.userInfo, { token: player.token });
    expect(info.body.data.totalWin).toBe(win);

    // A day later, today's figures are yesterday's.
    server.clock.advance(24 * 60 * 60 * 1000);
    await server.tick();
    const next = await server.call<TrendData>(ApiPath.trendData, { token: player.token });
    expect(next.body.data).toMatchObject({ yeswin: win, yestotal: 150, todaywin: 0, todaytotal: 0 });
  });

  it('current refuses a missing round number (1027), an unknown round (1028) and an unknown game (1052)', async () => {
    const player = await fundedMember(server, 0);
    const call = (body: Record<string, unknown>) => server.call(ApiPath.current, { token: player.token, ...body });
    expect((await call({ gameseq: '', gametype: 15 })).body.code).toBe(1027);
    expect((await call({ gameseq: '19990101-0001', gametype: 15 })).body.code).toBe(1028);
    expect((await call({ gameseq: '19990101-0001', gametype: 99 })).body.code).toBe(1052);
  });
});
