/**
 * Ordering and cancelling over HTTP (SPEC.md sections 4, 5, 9): a good order debits once with one
 * fund-log row, every rule answers its code and changes nothing, a retry with the same key is
 * answered from the first order, and a cancel refunds only the member's own waiting line before close.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { OwnOrderItem, VorderAnswer } from '../../src/shared/api/types';
import { placeOrder } from '../../src/server/domain/game/orders';
import { Refused } from '../../src/server/domain/refused';
import { runAdmin } from '../../src/server/admin/commands';
import {
  balanceCents,
  currentRound,
  drawCurrent,
  fundedMember,
  line,
  order,
  ROOM,
  toSecondsLeft,
  type Player,
} from './support/game';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let player: Player;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  player = await fundedMember(server, 1_000);
  // Plenty of time left in the USDT round for every test that does not move the clock itself.
  const round = await currentRound(server, 15);
  if (round.draw_at - server.clock.now < 90_000) await drawCurrent(server, 15);
});

async function fundLog(memberId: number) {
  return server.deps.db.selectFrom('fund_log').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

/** Asserts that a refused request changed nothing for the member. */
async function expectRefused(promise: Promise<{ body: { code: number; info: string } }>, code: number, info?: string) {
  const before = { balance: await balanceCents(server, player.id), rows: (await fundLog(player.id)).length };
  const { body } = await promise;
  expect(body.code).toBe(code);
  if (info !== undefined) expect(body.info).toBe(info);
  expect(await balanceCents(server, player.id)).toBe(before.balance);
  expect(await fundLog(player.id)).toHaveLength(before.rows);
}

describe('a good order', () => {
  it('debits the total once with one fund-log row and makes a waiting line per outcome', async () => {
    const round = await currentRound(server, 15);
    const { body } = await order(server, player.token, ROOM.usdtStandard, [line(0, 30), line(8, 20)]);
    expect(body.code).toBe(1);
    expect(body.data.order_ids).toHaveLength(2);
    expect(body.data.seqno).toBe(round.seqno);
    expect(body.data.money).toBe(950);
    expect(await balanceCents(server, player.id)).toBe(950_00);
    const rows = await fundLog(player.id);
    expect(rows).toHaveLength(2);
    const stake = rows[1];
    expect(stake).toMatchObject({ amount_cents: -50_00, before_cents: 1_000_00, after_cents: 950_00 });
    expect(stake.reason_code).toBe('stake');
    expect(stake.ref_type).toBe('order');
    const lines = await server.deps.db
      .selectFrom('order_lines')
      .selectAll()
      .where('member_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.id, l.outcome, l.rate, l.stake_cents, l.status, String(l.group_id)])).toEqual([
      [body.data.order_ids[0], 0, 195, 30_00, 'wait', stake.ref_id],
      [body.data.order_ids[1], 8, 1600, 20_00, 'wait', stake.ref_id],
    ]);
  });

  it('shows in the own-orders form of getVorder, and masked in the live form', async () => {
    const other = await fundedMember(server, 500);
    const mine = await order(server, player.token, ROOM.usdtStandard, [line(2, 25)]);
    await order(server, other.token, ROOM.usdtStandard, [line(3, 40)]);
    const round = await currentRound(server, 15);

    const own = await server.call<{ list: OwnOrderItem[] }>(ApiPath.vorder, {
      token: player.token,
      lang: 'en',
      roomid: ROOM.usdtStandard,
      gameseq: round.seqno,
    });
    expect(own.body.data.list).toEqual([
      expect.objectContaining({
        order_id: mine.body.data.order_ids[0],
        value: 2,
        valuecn: 'Odd',
        rate: 1.95,
        money: 25,
        status: 'wait',
        award: 0,
        seqno: round.seqno,
        gametype: 15,
        roomid: ROOM.usdtStandard,
        num1: null,
      }),
    ]);

    const live = await server.call<VorderAnswer>(ApiPath.vorder, {
      token: player.token,
      lang: 'vi',
      roomid: ROOM.usdtStandard,
      isfirst: 1,
      order_id: 0,
    });
    const names = live.body.data.list.map((o) => o.username);
    expect(names).toContain(`${other.username.slice(0, 2)}***${other.username.slice(-2)}`);
    expect(names.some((n) => n === other.username || n === player.username)).toBe(false);
    const ids = live.body.data.list.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(live.body.data.order_id).toBe(ids[ids.length - 1]);
    expect(live.body.data.list.find((o) => o.value === 3)?.valuecn).toBe('Chẵn');

    // With the cursor, only newer orders come.
    const newer = await order(server, other.token, ROOM.usdtStandard, [line(1, 20)]);
    const next = await server.call<VorderAnswer>(ApiPath.vorder, {
      token: player.token,
      roomid: ROOM.usdtStandard,
      isfirst: 1,
      order_id: live.body.data.order_id,
    });
    expect(next.body.data.list.map((o) => o.id)).toEqual(newer.body.data.order_ids);
    const none = await server.call<VorderAnswer>(ApiPath.vorder, {
      token: player.token,
      roomid: ROOM.usdtStandard,
      isfirst: 1,
      order_id: next.body.data.order_id,
    });
    expect(none.body.data).toEqual({ list: [], order_id: next.body.data.order_id });
  });
});

describe('coded refusals change nothing', () => {
  it('1029 in the last 60 s (the close window), accepted at 61 s', async () => {
    await toSecondsLeft(server, 15, 60);
    await expectRefused(
      order(server, player.token, ROOM.usdtStandard, [line(0, 20)]),
      1029,
      'This round is closed for orders',
    );
    await toSecondsLeft(server, 15, 30);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)]), 1029);
    await toSecondsLeft(server, 15, 61);
    expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
  });

  it('1040 for odds that differ from the room rate', async () => {
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [[0, 1.96, 20]]), 1040);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20), [4, 4, 20]]), 1040);
  });

  it('1030 for 10 options, none, an unknown outcome or one twice', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => line(i, 20));
    await expectRefused(order(server, player.token, ROOM.usdtStandard, ten), 1030, 'You can select at most 9 options');
    await expectRefused(order(server, player.token, ROOM.usdtStandard, []), 1030, 'Select at least one option');
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [[11, 2, 20]]), 1030);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(1, 20), line(1, 20)]), 1030);
    const nine = Array.from({ length: 9 }, (_, i) => line(i, 20));
    expect((await order(server, player.token, ROOM.usdtStandard, nine)).body.code).toBe(1);
  });

  it('1024 for an amount of 19, a fraction, zero or a negative amount', async () => {
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 19)]), 1024, 'The minimum order is 20');
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20.5)]), 1024);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 0)]), 1024);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, -20)]), 1024);
  });

  it('1031 naming the minimum for a total below the room minbuy', async () => {
    const vip = await fundedMember(server, 5_000, { level: 2 });
    player = vip;
    // The VIP room asks 100 USD per order: 2 x 40 is not enough, 2 x 50 is.
    await expectRefused(
      order(server, vip.token, ROOM.usdtVip, [
        [0, 1.96, 40],
        [1, 1.96, 40],
      ]),
      1031,
      'The order total must be at least 100.00',
    );
    const ok = await order(server, vip.token, ROOM.usdtVip, [
      [0, 1.96, 50],
      [1, 1.96, 50],
    ]);
    expect(ok.body.code).toBe(1);
  });

  it('1043 when the balance is below the total', async () => {
    await expectRefused(
      order(server, player.token, ROOM.usdtStandard, [line(0, 600), line(1, 401)]),
      1043,
      'Your balance is not enough',
    );
    expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 600), line(1, 400)])).body.code).toBe(1);
    expect(await balanceCents(server, player.id)).toBe(0);
  });

  it('2055 in a VIP room below the level; 1057 unknown room; 1026 no room; 1052 wrong game', async () => {
    await expectRefused(order(server, player.token, ROOM.usdtVip, [[0, 1.96, 100]]), 2055);
    await expectRefused(order(server, player.token, 999, [line(0, 20)], { gameid: 15 }), 1057);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)], { roomid: undefined }), 1026);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)], { gameid: 4 }), 1052);
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)], { gameid: 77 }), 1052);
  });

  it('1020 when the room or the game is stopped', async () => {
    const admin = async (...argv: string[]) => {
      await runAdmin(argv, { env: server.database.env, out: () => undefined, err: () => undefined });
      server.expireCaches();
    };
    await admin('room:set', String(ROOM.usdtStandard), '--enabled', 'off');
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)]), 1020, 'Trading has stopped');
    await admin('room:set', String(ROOM.usdtStandard), '--enabled', 'on');
    await admin('game:set', '15', '--enabled', 'off');
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)]), 1020);
    await admin('game:set', '15', '--enabled', 'on');
    expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
  });

  it('a frozen account is refused (403, text of 1069), even with a member read before the freeze', async () => {
    const member = await server.deps.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    await server.deps.db.updateTable('members').set({ frozen: 1 }).where('id', '=', player.id).execute();
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 20)]), 403, 'This account is frozen');
    // The conditional debit itself checks the freeze: a member row read a moment before does not help.
    const attempt = placeOrder(server.app.game, member, { gameid: 15, roomid: 1, lines: [line(0, 20)] });
    await expect(attempt).rejects.toBeInstanceOf(Refused);
    await expect(attempt).rejects.toMatchObject({ code: 1069 });
    expect(await balanceCents(server, player.id)).toBe(1_000_00);
  });

  it('1030 for order lines of the wrong shape, 1001 for another field', async () => {
    await expectRefused(
      server.call(ApiPath.order, { token: player.token, gameid: 15, roomid: 1, order_info: [[0, 'x', 20]] }),
      1030,
    );
    await expectRefused(
      server.call(ApiPath.order, { token: player.token, gameid: 15, roomid: 1, order_info: 5 }),
      1030,
    );
    await expectRefused(
      server.call(ApiPath.order, { token: player.token, gameid: 'x', roomid: 1, order_info: [line(0, 20)] }),
      1001,
    );
  });
});

describe('idempotency key', () => {
  it('a retry with the same key and body answers the first order and spends once', async () => {
    const lines = [line(0, 20), line(3, 20)];
    const first = await order(server, player.token, ROOM.usdtStandard, lines, { idempotencyKey: 'k-1' });
    const again = await order(server, player.token, ROOM.usdtStandard, lines, { idempotencyKey: 'k-1' });
    expect(first.body.code).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(await balanceCents(server, player.id)).toBe(960_00);
    // Even after the round closed, the retry still gets its answer.
    await toSecondsLeft(server, 15, 10);
    expect((await order(server, player.token, ROOM.usdtStandard, lines, { idempotencyKey: 'k-1' })).body).toEqual(
      first.body,
    );
  });

  it('the same key with a different order is refused (1001)', async () => {
    await order(server, player.token, ROOM.usdtStandard, [line(0, 20)], { idempotencyKey: 'k-2' });
    await expectRefused(order(server, player.token, ROOM.usdtStandard, [line(0, 30)], { idempotencyKey: 'k-2' }), 1001);
  });

  it('the same key sent five times at once makes one order', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        order(server, player.token, ROOM.usdtStandard, [line(5, 20)], { idempotencyKey: 'k-3' }),
      ),
    );
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.order_ids[0])).size).toBe(1);
    expect(await balanceCents(server, player.id)).toBe(980_00);
  });

  it('keys belong to a member: another member may use the same key', async () => {
    const other = await fundedMember(server, 100);
    await order(server, player.token, ROOM.usdtStandard, [line(0, 20)], { idempotencyKey: 'shared' });
    const theirs = await order(server, other.token, ROOM.usdtStandard, [line(0, 20)], { idempotencyKey: 'shared' });
    expect(theirs.body.code).toBe(1);
    expect(await balanceCents(server, other.id)).toBe(80_00);
  });
});

describe('getGamecancel', () => {
  const cancel = (token: string, orderId: number, roomid: number = ROOM.usdtStandard) =>
    server.call(ApiPath.gameCancel, { token, lang: 'en', roomid, order_id: orderId });

  it('refunds the own waiting line through the ledger, once', async () => {
    const placed = await order(server, player.token, ROOM.usdtStandard, [line(0, 20), line(1, 30)]);
    const [first] = placed.body.data.order_ids;
    expect((await cancel(player.token, first)).body.code).toBe(1);
    expect(await balanceCents(server, player.id)).toBe(970_00);
    const refund = (await fundLog(player.id)).at(-1)!;
    expect(refund).toMatchObject({ amount_cents: 20_00, reason_code: 'stake_refund', ref_type: 'order_line' });
    expect(refund.ref_id).toBe(String(first));
    await expectRefused(cancel(player.token, first), 2003, 'Cancel failed');
  });

  it("2003 for another member's order, a wrong room or an unknown id", async () => {
    const other = await fundedMember(server, 100);
    const theirs = await order(server, other.token, ROOM.usdtStandard, [line(0, 20)]);
    const id = theirs.body.data.order_ids[0];
    await expectRefused(cancel(player.token, id), 2003);
    expect(await balanceCents(server, other.id)).toBe(80_00);
    const mine = await order(server, player.token, ROOM.usdtStandard, [line(0, 20)]);
    await expectRefused(cancel(player.token, mine.body.data.order_ids[0], ROOM.btcStandard), 2003);
    await expectRefused(cancel(player.token, 99_999_999), 2003);
  });

  it('2003 with the stopped message after the close, and after settlement', async () => {
    const placed = await order(server, player.token, ROOM.usdtStandard, [line(0, 20)]);
    const id = placed.body.data.order_ids[0];
    await toSecondsLeft(server, 15, 60);
    await expectRefused(cancel(player.token, id), 2003, 'This round is closed for orders');
    await drawCurrent(server, 15);
    const status = await server.deps.db
      .selectFrom('order_lines')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(status.status).not.toBe('wait');
    await expectRefused(cancel(player.token, id), 2003);
  });
});
