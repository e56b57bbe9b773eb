/**
 * Responsible play over real HTTP: the limits a member sets (stakes, net loss, per day, week and
 * month) refuse an order past them with a coded text naming the limit and what is left, and change
 * nothing; stakes before the limit count, a cancel gives its stake back, settlement gives back to
 * a loss limit what the lines paid; a tighter limit applies at once, a looser one 24 hours later;
 * a cool-off or a self-exclusion refuses orders while logging in, reading and withdrawing go on,
 * and nothing shortens it; the reality check's interval; what getPlayLimits answers; and the
 * usage the order path keeps equals what the order lines say after a random workload.
 * (Parallel orders: play-concurrency.test.ts; the operator: admin-play.test.ts.)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { FundLogEntry, PlayLimitsAnswer } from '../../src/shared/api/types';
import { formatInstant } from '../../src/shared/instant';
import { SERVER_TIME_ZONE, dayNumber, dayStart } from '../../src/shared/serverDay';
import { runAudit } from '../../src/server/domain/audit';
import { drawCurrent, fundedMember, line, openRound, order, ROOM, type Player } from './support/game';
import { expectedPayout } from './support/payouts';
import { limit, limitOf, pausePlay, playLimits, setLimit, toQuietMorning } from './support/play';
import { startServer, type TestServer } from './support/server';
import { addCard, call, PAY_PASSWORD, setSetting, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

const DAY = 24 * 60 * 60 * 1000;
const GAME = 15;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { http: true });
  await setSetting(server, 'turnoverMultiple', '0');
  toQuietMorning(server);
});
afterAll(() => server.close());

/** Balance, fund log and order lines of a member: what a refusal must leave as it was. */
async function moneyOf(memberId: number) {
  const db = server.deps.db;
  const [member, log, lines, state] = await Promise.all([
    db.selectFrom('members').select('money_cents').where('id', '=', memberId).executeTakeFirstOrThrow(),
    db.selectFrom('fund_log').select('id').where('member_id', '=', memberId).execute(),
    db.selectFrom('order_lines').select(['id', 'status']).where('member_id', '=', memberId).execute(),
    db.selectFrom('play_state').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
  ]);
  return { balance: member.money_cents, log: log.length, lines, state };
}

async function read(token: string, since?: number): Promise<PlayLimitsAnswer> {
  const answer = await playLimits(server, token, since);
  expect(answer.body.code).toBe(1);
  return answer.body.data;
}

function cancel(token: string, orderId: number) {
  return server.call(ApiPath.gameCancel, { lang: 'en', token, roomid: ROOM.usdtStandard, order_id: orderId });
}

/** The draw of a round as digits. */
function digitsOf(round: { num1: number | null; num2: number | null; num3: number | null }) {
  return [round.num1 ?? 0, round.num2 ?? 0, round.num3 ?? 0] as const;
}

describe('stake limits', () => {
  it('refuse an order past a daily stake limit with 3013, naming the limit and what is left, changing nothing', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'day', 'stake', 100);
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 60)])).body.code).toBe(1);

    const before = await moneyOf(p.id);
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(1, 20), line(2, 30)]);
    expect(refused.body.code).toBe(3013);
    expect(refused.body.info).toBe('This order would pass your daily stake limit of 100.00 USD: 40.00 USD left.');
    expect(refused.body.data).toEqual({ period: 'day', kind: 'stake', limit: 100, left: 40 });
    expect(await moneyOf(p.id)).toEqual(before);

    // In the member's language.
    const vi = await order(server, p.token, ROOM.usdtStandard, [line(1, 50)], { lang: 'vi' });
    expect(vi.body.info).toBe('Lệnh này sẽ vượt hạn mức đặt cược hằng ngày 100,00 USD của bạn: còn lại 40,00 USD.');
    const zh = await order(server, p.token, ROOM.usdtStandard, [line(1, 50)], { lang: 'chs' });
    expect(zh.body.info).toBe('此订单将超过您的每日投注限额 100.00 USD：剩余 40.00 USD。');

    // Exactly up to the limit passes.
    expect((await order(server, p.token, ROOM.usdtStandard, [line(1, 40)])).body.code).toBe(1);
    expect(limitOf(await read(p.token), 'day', 'stake')).toMatchObject({ money: 100, used: 100, left: 0 });
    expect((await order(server, p.token, ROOM.usdtStandard, [line(3, 20)])).body.code).toBe(3013);
  });

  it('count the stakes placed before the limit was set', async () => {
    const p = await fundedMember(server, 1_000);
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 80)])).body.code).toBe(1);
    const set = await limit(server, p.token, 'week', 'stake', 100);
    expect(set).toMatchObject({ period: 'week', kind: 'stake', money: 100, used: 80, left: 20, next: null });
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(1, 30)]);
    expect(refused.body.code).toBe(3013);
    expect(refused.body.info).toBe('This order would pass your weekly stake limit of 100.00 USD: 20.00 USD left.');
    expect((await order(server, p.token, ROOM.usdtStandard, [line(1, 20)])).body.code).toBe(1);
  });

  it('name, of the limits an order would pass, the one with the least left', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'day', 'stake', 100);
    await limit(server, p.token, 'week', 'stake', 80);
    await openRound(server, GAME);
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(0, 110)]);
    expect(refused.body.data).toEqual({ period: 'week', kind: 'stake', limit: 80, left: 80 });
  });

  it('give a cancelled line its stake back', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'month', 'stake', 60);
    await openRound(server, GAME);
    const placed = await order(server, p.token, ROOM.usdtStandard, [line(0, 20), line(1, 20), line(2, 20)]);
    expect(placed.body.code).toBe(1);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(3, 20)])).body.data).toMatchObject({ left: 0 });
    expect((await cancel(p.token, placed.body.data.order_ids[2])).body.code).toBe(1);
    expect(limitOf(await read(p.token), 'month', 'stake')).toMatchObject({ used: 40, left: 20 });
    expect((await order(server, p.token, ROOM.usdtStandard, [line(3, 20)])).body.code).toBe(1);
  });

  it('give a line placed before midnight back to its own day, not to the day it was cancelled in', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'day', 'stake', 100);
    // A round still open a little after midnight (server day, UTC+8).
    let midnight = 0;
    for (let day = dayNumber(server.clock.now) + 1; midnight === 0; day++) {
      server.clock.now = dayStart(day) - 5_000;
      const round = await openRound(server, GAME, 10);
      if (server.clock.now < dayStart(day) && round.close_at > dayStart(day) + 2_000) midnight = dayStart(day);
    }
    const before = await order(server, p.token, ROOM.usdtStandard, [line(0, 30)]);
    expect(before.body.code).toBe(1);
    server.clock.now = midnight + 1_000;
    expect((await order(server, p.token, ROOM.usdtStandard, [line(1, 20)])).body.code).toBe(1);
    expect((await cancel(p.token, before.body.data.order_ids[0])).body.code).toBe(1);
    // The new day holds only its own 20: the cancelled 30 counted in the day before.
    expect(limitOf(await read(p.token), 'day', 'stake')).toMatchObject({ used: 20, left: 80 });
    expect((await order(server, p.token, ROOM.usdtStandard, [line(2, 80)])).body.code).toBe(1);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(3, 20)])).body.data).toMatchObject({ left: 0 });
  });
});

describe('loss limits', () => {
  it('count stakes minus what settled lines paid: a loss uses the limit, a win gives room back', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'day', 'loss', 100);
    await openRound(server, GAME);
    // Big and Small: exactly one of them wins whatever the draw.
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 50), line(1, 50)])).body.code).toBe(1);
    const before = await moneyOf(p.id);
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(2, 20)]);
    expect(refused.body.code).toBe(3014);
    expect(refused.body.info).toBe('This order could pass your daily loss limit of 100.00 USD: 0.00 USD left.');
    expect(refused.body.data).toEqual({ period: 'day', kind: 'loss', limit: 100, left: 0 });
    expect(await moneyOf(p.id)).toEqual(before);

    const round = await drawCurrent(server, GAME);
    const digits = digitsOf(round);
    // One of the two paid 50 x 1.95 = 97.50: 2.50 lost, 97.50 left.
    expect(expectedPayout(50_00, 195, 0, digits).cents + expectedPayout(50_00, 195, 1, digits).cents).toBe(97_50);
    expect(limitOf(await read(p.token), 'day', 'loss')).toMatchObject({ used: 2.5, left: 97.5 });
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(2, 90)])).body.code).toBe(1);
    const again = await order(server, p.token, ROOM.usdtStandard, [line(3, 20)]);
    expect(again.body.code).toBe(3014);
    expect(again.body.info).toBe('This order could pass your daily loss limit of 100.00 USD: 7.50 USD left.');
  });
});

describe('when a change applies', () => {
  it('a lower limit at once; a higher one 24 hours later, and the answer says when', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'day', 'stake', 300);
    const lowered = await limit(server, p.token, 'day', 'stake', 100);
    expect(lowered).toMatchObject({ money: 100, next: null });
    const asked = server.clock.now;
    const raised = await limit(server, p.token, 'day', 'stake', 250);
    expect(raised).toMatchObject({ money: 100, next: { money: 250, at: asked + DAY } });
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 150)])).body.data).toMatchObject({
      limit: 100,
      left: 100,
    });
    const history = (await read(p.token)).history;
    expect(history.map((h) => (h.what === 'limit' ? [h.from, h.to, h.effectiveAt - h.at] : null))).toEqual([
      [100, 250, DAY],
      [300, 100, 0],
      [0, 300, 0],
    ]);

    // A minute short of the 24 hours the lower limit still holds; then the higher one.
    server.clock.now = asked + DAY - 60_000;
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 150)])).body.code).toBe(3013);
    server.clock.now = asked + DAY;
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 150)])).body.code).toBe(1);
    expect(limitOf(await read(p.token), 'day', 'stake')).toMatchObject({ money: 250, next: null });
  });

  it('removing (empty or 0) waits 24 hours too; asking for the limit in force withdraws a change that waits', async () => {
    const p = await fundedMember(server, 1_000);
    await limit(server, p.token, 'week', 'stake', 100);
    expect(await limit(server, p.token, 'week', 'stake', '')).toMatchObject({
      money: 100,
      next: { money: 0, at: server.clock.now + DAY },
    });
    expect(await limit(server, p.token, 'week', 'stake', 100)).toMatchObject({ money: 100, next: null });
    expect(await limit(server, p.token, 'week', 'stake', 0)).toMatchObject({ money: 100, next: { money: 0 } });
    server.clock.advance(DAY);
    await openRound(server, GAME);
    expect(limitOf(await read(p.token), 'week', 'stake')).toMatchObject({ money: 0, left: null, next: null });
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 150)])).body.code).toBe(1);
    // The limit set again counts the stakes placed while there was none.
    expect(await limit(server, p.token, 'week', 'stake', 200)).toMatchObject({ used: 150, left: 50 });
  });

  it('refuses an amount that is not one (1050) and a period or kind it does not know (1001), changing nothing', async () => {
    const p = await fundedMember(server, 0);
    for (const money of ['abc', -5, '12.345', '1e3', 100_000_001]) {
      expect((await setLimit(server, p.token, 'day', 'stake', money)).body.code, String(money)).toBe(1050);
    }
    expect(
      (await server.call(ApiPath.setPlayLimit, { token: p.token, period: 'year', kind: 'stake', money: 5 })).body.code,
    ).toBe(1001);
    expect(
      (await server.call(ApiPath.setPlayLimit, { token: p.token, period: 'day', kind: 'time', money: 5 })).body.code,
    ).toBe(1001);
    const data = await read(p.token);
    expect(data.history).toEqual([]);
    expect(data.limits.every((l) => l.money === 0 && l.next === null)).toBe(true);
  });
});

describe('cool-off and self-exclusion', () => {
  it('refuse orders with 3016 until when; logging in, the fund log, messages and a withdrawal go on', async () => {
    const p = await walletMember(server, 500);
    const card = await addCard(server, p.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    await openRound(server, GAME);
    const open = await order(server, p.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(open.body.code).toBe(1);
    const paused = await pausePlay(server, p.token, 'cooloff', 1);
    expect(paused.body.code).toBe(1);
    const until = server.clock.now + DAY;
    expect(paused.body.data).toEqual({ kind: 'cooloff', until });

    await openRound(server, GAME);
    const before = await moneyOf(p.id);
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(refused.body.code).toBe(3016);
    expect(refused.body.info).toBe(
      `You are taking a break from play until ${formatInstant(until, 'en', 'moment', { timeZone: SERVER_TIME_ZONE, named: true })}. Orders are refused until then.`,
    );
    expect(refused.body.data).toEqual({ pause: 'cooloff', until });
    expect(await moneyOf(p.id)).toEqual(before);

    // An order placed before the pause can still be cancelled: its stake comes back.
    expect((await cancel(p.token, open.body.data.order_ids[0])).body.code).toBe(1);
    const login = await server.call(ApiPath.login, { username: p.username, password: p.password });
    expect(login.body.code).toBe(1);
    const today = new Date(dayNumber(server.clock.now) * DAY).toISOString().slice(0, 10);
    const log = await call<FundLogEntry[]>(server, ApiPath.financeFlow, p.token, { start: today, end: today });
    expect(log.body.code).toBe(1);
    expect((await call(server, ApiPath.oneClassArticle, p.token, { type: 14 })).body.code).toBe(1);
    expect((await read(p.token)).pause).toEqual({ kind: 'cooloff', until });
    expect((await withdraw(server, p.token, { bank_id: card.id, money: 100, pwd: PAY_PASSWORD })).body.code).toBe(1);
    expect((await moneyOf(p.id)).balance).toBe(400_00);

    // It ends by itself.
    server.clock.now = until;
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
    expect((await read(p.token)).pause).toBeNull();
  });

  it('cannot be shortened (3016), only lengthened; a self-exclusion says so', async () => {
    const p = await fundedMember(server, 100);
    const week = await pausePlay(server, p.token, 'cooloff', 7);
    expect(week.body.code).toBe(1);
    const shorter = await pausePlay(server, p.token, 'cooloff', 1);
    expect(shorter.body.code).toBe(3016);
    expect(shorter.body.data).toEqual({ pause: 'cooloff', until: week.body.data.until });
    expect((await read(p.token)).pause).toEqual(week.body.data);

    const excluded = await pausePlay(server, p.token, 'exclusion', 183);
    expect(excluded.body.data).toEqual({ kind: 'exclusion', until: server.clock.now + 183 * DAY });
    expect((await pausePlay(server, p.token, 'cooloff', 30)).body.code).toBe(3016);
    await openRound(server, GAME);
    const refused = await order(server, p.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(refused.body.info).toBe(
      `You have excluded yourself from play until ${formatInstant(excluded.body.data.until, 'en', 'moment', { timeZone: SERVER_TIME_ZONE, named: true })}. Orders are refused until then.`,
    );
    const history = (await read(p.token)).history;
    expect(history.map((h) => (h.what === 'pause' ? [h.pause, h.days] : null))).toEqual([
      ['exclusion', 183],
      ['cooloff', 7],
    ]);
  });

  it('offers only its lengths (1001 otherwise), changing nothing', async () => {
    const p = await fundedMember(server, 0);
    for (const [kind, days] of [
      ['cooloff', 2],
      ['cooloff', 183],
      ['exclusion', 30],
      ['exclusion', 0],
      ['break', 1],
    ] as const) {
      expect((await pausePlay(server, p.token, kind, days)).body.code, `${kind} ${days}`).toBe(1001);
    }
    const data = await read(p.token);
    expect(data.pause).toBeNull();
    expect(data.history).toEqual([]);
  });
});

describe('the reality check', () => {
  it('is every 30 minutes until the member picks 15, 60 or off; other values are refused (1001)', async () => {
    const p = await fundedMember(server, 0);
    expect((await read(p.token)).realityCheck).toBe(30);
    const set = (minutes: number) => server.call(ApiPath.setRealityCheck, { token: p.token, minutes });
    expect((await set(15)).body).toMatchObject({ code: 1, data: { minutes: 15 } });
    expect((await read(p.token)).realityCheck).toBe(15);
    expect((await set(0)).body.code).toBe(1);
    expect((await set(45)).body.code).toBe(1001);
    const data = await read(p.token);
    expect(data.realityCheck).toBe(0);
    expect(data.history.map((h) => (h.what === 'realityCheck' ? h.minutes : null))).toEqual([0, 15]);
  });
});

describe('getPlayLimits', () => {
  it('answers every period and kind with the use of its period, its end, and the net result since an instant', async () => {
    const p = await fundedMember(server, 1_000);
    const since = server.clock.now;
    await openRound(server, GAME);
    expect((await order(server, p.token, ROOM.usdtStandard, [line(0, 50), line(1, 50)])).body.code).toBe(1);
    const round = await drawCurrent(server, GAME);
    const digits = digitsOf(round);
    const paid = expectedPayout(50_00, 195, 0, digits).cents + expectedPayout(50_00, 195, 1, digits).cents;
    await limit(server, p.token, 'day', 'loss', 500);
    await limit(server, p.token, 'month', 'deposit', 1_500);

    const data = await read(p.token, since);
    expect(data.session).toEqual({ since, net: (paid - 100_00) / 100 });
    expect(data.limits.map((l) => `${l.period} ${l.kind}`)).toEqual([
      'day stake',
      'day loss',
      'day deposit',
      'week stake',
      'week loss',
      'week deposit',
      'month stake',
      'month loss',
      'month deposit',
    ]);
    const today = dayNumber(server.clock.now);
    expect(limitOf(data, 'day', 'stake')).toEqual({
      period: 'day',
      kind: 'stake',
      money: 0,
      used: 100,
      left: null,
      resetAt: dayStart(today + 1),
      next: null,
    });
    expect(limitOf(data, 'day', 'loss')).toMatchObject({ money: 500, used: (100_00 - paid) / 100 });
    // The week ends at the next Monday's midnight (UTC+8), at most seven days away.
    const weekEnd = limitOf(data, 'week', 'loss').resetAt;
    expect(new Date(weekEnd + 8 * 60 * 60 * 1000).toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(new Date(weekEnd + 8 * 60 * 60 * 1000).getUTCDay()).toBe(1);
    expect(weekEnd - server.clock.now).toBeGreaterThan(0);
    expect(weekEnd - server.clock.now).toBeLessThanOrEqual(7 * DAY);
    const firstOfNext = new Date(today * DAY);
    expect(limitOf(data, 'month', 'deposit')).toMatchObject({
      money: 1_500,
      used: 1_000,
      left: 500,
      resetAt: Date.UTC(firstOfNext.getUTCFullYear(), firstOfNext.getUTCMonth() + 1, 1) - 8 * 60 * 60 * 1000,
    });
    expect(data.pause).toBeNull();
    expect(data.history.map((h) => h.what === 'limit' && `${h.period} ${h.kind} ${h.to} by ${h.by}`)).toEqual([
      'month deposit 1500 by member',
      'day loss 500 by member',
    ]);
    expect(data.serverTime).toBe(server.clock.now);
    expect((await read(p.token)).session).toBeUndefined();
  });
});

describe('the usage the order path keeps', () => {
  it('equals the sums of the order lines after orders, cancels and settlements in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              act: fc.constant('order' as const),
              outcome: fc.integer({ min: 0, max: 10 }),
              price: fc.integer({ min: 20, max: 90 }),
            }),
            fc.record({ act: fc.constant('cancel' as const), pick: fc.nat() }),
            fc.record({ act: fc.constant('draw' as const) }),
          ),
          { minLength: 4, maxLength: 14 },
        ),
        async (actions) => {
          const p: Player = await fundedMember(server, 5_000);
          // Limits far above what the actions stake, so every action goes through.
          for (const period of ['day', 'week', 'month'] as const) {
            await limit(server, p.token, period, 'stake', 100_000);
            await limit(server, p.token, period, 'loss', 100_000);
          }
          await openRound(server, GAME);
          for (const action of actions) {
            if (action.act === 'order') {
              await openRound(server, GAME);
              const answer = await order(server, p.token, ROOM.usdtStandard, [line(action.outcome, action.price)]);
              expect(answer.body.code).toBe(1);
            } else if (action.act === 'cancel') {
              const round = await openRound(server, GAME, 1);
              const cancellable = await server.deps.db
                .selectFrom('order_lines')
                .select('id')
                .where('member_id', '=', p.id)
                .where('status', '=', 'wait')
                .where('round_id', '=', round.id)
                .execute();
              if (cancellable.length > 0) {
                expect((await cancel(p.token, cancellable[action.pick % cancellable.length].id)).body.code).toBe(1);
              }
            } else {
              await drawCurrent(server, GAME);
            }
          }
          // Written here from the rows, not with the server's query.
          const lines = await server.deps.db
            .selectFrom('order_lines')
            .select(['stake_cents', 'award_cents', 'status'])
            .where('member_id', '=', p.id)
            .execute();
          const counted = lines.filter((l) => l.status !== 'cancel');
          const stake = counted.reduce((sum, l) => sum + l.stake_cents, 0);
          const loss = counted.reduce((sum, l) => sum + l.stake_cents - l.award_cents, 0);
          const state = await server.deps.db
            .selectFrom('play_state')
            .selectAll()
            .where('member_id', '=', p.id)
            .executeTakeFirstOrThrow();
          expect(state).toMatchObject({
            day_stake: stake,
            day_loss: loss,
            week_stake: stake,
            week_loss: loss,
            month_stake: stake,
            month_loss: loss,
          });
          const data = await read(p.token);
          expect(limitOf(data, 'week', 'loss').used).toBe(loss / 100);
        },
      ),
      { numRuns: 6 },
    );
    expect((await runAudit(server.deps)).ok).toBe(true);
  });
});
