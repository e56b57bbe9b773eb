/**
 * Games, rooms and entering a room over HTTP: getGameList, getRoomList, getGameinfo with every
 * room entry refusal (SPEC.md section 5) and the fairness fields of the round; a room's live
 * orders (getVorder) only for those who may enter it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameInfoAnswer, GameListItem, Room, VorderAnswer } from '../../src/shared/api/types';
import { runAdmin } from '../../src/server/admin/commands';
import { fundedMember, gameInfo, openRound, order, ROOM, type Player } from './support/game';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let rich: Player;
beforeAll(async () => {
  server = await startServer();
  rich = await fundedMember(server, 50_000, { level: 3 });
});
afterAll(() => server.close());

async function admin(...argv: string[]): Promise<number> {
  const code = await runAdmin(argv, { env: server.database.env, out: () => undefined, err: () => undefined });
  // Running servers see operator changes once their cache expires.
  server.expireCaches();
  return code;
}

describe('getGameList', () => {
  it('is public and lists the three games with their standard room and round length', async () => {
    const { body } = await server.call<GameListItem[]>(ApiPath.gameList, {});
    expect(body.code).toBe(1);
    expect(body.data.map((g) => [g.id, g.type, g.minjoin, g.roomid, g.seconds, g.closeSeconds])).toEqual([
      [1, 1, 100, 5, 210, 60],
      [4, 4, 100, 9, 300, 60],
      [15, 15, 100, 1, 120, 60],
    ]);
  });
});

describe('getRoomList', () => {
  it.each([
    [1, 'USDT', 15],
    [2, 'BTC', 1],
    [3, 'ETH', 4],
  ])('roomtype %i lists the four %s rooms of game %i with rates as odds', async (roomtype, coin, gameid) => {
    const { body } = await server.call<Room[]>(ApiPath.roomList, { token: rich.token, roomtype });
    expect(body.code).toBe(1);
    expect(body.data.map((r) => r.kind)).toEqual(['standard', 'vip', 'superior', 'premier']);
    for (const room of body.data) {
      expect(room.title).toMatch(new RegExp(`^${coin} `));
      expect(room.gameid).toBe(gameid);
      expect(room.type).toBe(roomtype);
      expect(room.minlevel).toBe(room.kind === 'vip' ? 2 : 0);
      expect(room.refund1314).toBe(false);
    }
    expect(body.data[0]).toMatchObject({ minjoin: 100, minbuy: 20, rate0: 1.95, rate8: 16, rate10: 90 });
  });

  it('an unknown roomtype is an empty list; a missing one is 1001; a guest gets 409', async () => {
    expect((await server.call<Room[]>(ApiPath.roomList, { token: rich.token, roomtype: 7 })).body.data).toEqual([]);
    expect((await server.call(ApiPath.roomList, { token: rich.token })).body.code).toBe(1001);
    expect((await server.call(ApiPath.roomList, { roomtype: 1 })).body.code).toBe(409);
  });
});

describe('getGameinfo', () => {
  it('answers the room, the open round with its commitment, the time left and the server clock', async () => {
    const { body } = await gameInfo(server, rich.token, ROOM.usdtStandard);
    expect(body.code).toBe(1);
    const { room, game, diff, his, serverTime } = body.data;
    expect(room).toMatchObject({ id: 1, kind: 'standard', rate0: 1.95 });
    expect(game.gametype).toBe(15);
    expect(game.status).toBe('open');
    expect(game.seqno).toMatch(/^\d{8}-\d{4}$/);
    expect(game.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(game.anchor).toMatch(/^[0-9a-f]{64}$/);
    expect(game.seed).toBeNull();
    expect([game.num1, game.num2, game.num3, game.sum]).toEqual([null, null, null, null]);
    expect(game.resultcn).toBe('');
    expect(game.drawAt - game.closeAt).toBe(60_000);
    expect(serverTime).toBe(server.clock.now);
    expect(diff.minute * 60 + diff.second).toBe(Math.ceil((game.drawAt - serverTime) / 1000));
    expect(game.diff).toEqual(diff);
    expect(his).toEqual([]);
  });

  it('answers the same envelope as every other path (its JSON is assembled from cached parts)', async () => {
    const answer = await gameInfo(server, rich.token, ROOM.usdtStandard);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(answer.body)).toEqual(['code', 'data', 'info']);
    expect(answer.body).toMatchObject({ code: 1, info: 'ok' });
    expect(Object.keys(answer.body.data)).toEqual(['room', 'game', 'diff', 'his', 'serverTime']);
    const rooms = await server.call<Room[]>(ApiPath.roomList, { token: rich.token, roomtype: 1 });
    expect(answer.body.data.room).toEqual(rooms.body.data[0]);
  });

  it('polls in one second of a round answer the same bytes but the server time; the next second and the close answer anew', async () => {
    const start = server.clock.now;
    const raw = async () => {
      const answer = await server.app.inject({
        method: 'POST',
        url: ApiPath.gameInfo,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ token: rich.token, lang: 'en', roomid: ROOM.usdtStandard }),
      });
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      return answer.body;
    };
    const data = (text: string) => (JSON.parse(text) as { data: GameInfoAnswer }).data;
    const withoutTime = (text: string) => text.replace(/"serverTime":\d+/, '"serverTime":0');
    const { closeAt } = data(await raw()).game;

    server.clock.now = closeAt - 15_000 + 1; // 75 s to the draw
    const a = await raw();
    server.clock.now += 500; // still 75 s
    const b = await raw();
    expect(data(a).serverTime).toBe(closeAt - 15_000 + 1);
    expect(data(b).serverTime).toBe(closeAt - 14_500 + 1);
    expect(withoutTime(b)).toBe(withoutTime(a));
    expect(data(b).diff).toEqual({ minute: 1, second: 15 });

    server.clock.now = closeAt - 14_000 + 1; // 74 s
    const c = data(await raw());
    expect(c.diff).toEqual({ minute: 1, second: 14 });
    expect(c.game.diff).toEqual(c.diff);
    expect(c.serverTime).toBe(server.clock.now);

    server.clock.now = closeAt - 1;
    expect(data(await raw()).game.status).toBe('open');
    server.clock.now = closeAt;
    const closed = data(await raw());
    expect(closed.game.status).toBe('closed');
    expect(closed.diff).toEqual({ minute: 1, second: 0 });
    server.clock.now = start;
  });

  it('answers the room entry refusals: 1057, 1026, 2055, 2004 with the amount, 1020', async () => {
    const poor = await fundedMember(server, 50);
    const call = (token: string, body: Record<string, unknown>) =>
      server.call(ApiPath.gameInfo, { token, lang: 'en', ...body });
    expect((await call(rich.token, { roomid: 999 })).body).toMatchObject({
      code: 1057,
      info: 'The room does not exist',
    });
    expect((await call(rich.token, {})).body.code).toBe(1026);
    const vip = await call(poor.token, { roomid: ROOM.usdtVip });
    expect(vip.body).toMatchObject({ code: 2055, data: null });
    const below = await call(poor.token, { roomid: ROOM.usdtStandard });
    expect(below.body).toMatchObject({ code: 2004, info: 'Your balance cannot be less than 100.00' });
    const vi = await server.call(ApiPath.gameInfo, { token: poor.token, lang: 'vi', roomid: ROOM.usdtStandard });
    // The amount too is written the Vietnamese way: grouping dots, a decimal comma.
    expect(vi.body.info).toContain('100,00');
    // Level 3 with enough money enters the VIP room.
    expect((await call(rich.token, { roomid: ROOM.usdtVip })).body.code).toBe(1);

    expect(await admin('room:set', String(ROOM.usdtSuperior), '--enabled', 'off')).toBe(0);
    expect((await call(rich.token, { roomid: ROOM.usdtSuperior })).body.code).toBe(1020);
    expect(await admin('room:set', String(ROOM.usdtSuperior), '--enabled', 'on')).toBe(0);
    expect(await admin('game:set', '1', '--enabled', 'off')).toBe(0);
    expect((await call(rich.token, { roomid: ROOM.btcStandard })).body.code).toBe(1020);
    expect(await admin('game:set', '1', '--enabled', 'on')).toBe(0);
    expect((await call(rich.token, { roomid: ROOM.btcStandard })).body.code).toBe(1);
  });

  it("a frozen member's token is refused (403 with the text of 1069)", async () => {
    const member = await fundedMember(server, 500);
    await server.deps.db.updateTable('members').set({ frozen: 1 }).where('id', '=', member.id).execute();
    const { body } = await gameInfo(server, member.token, ROOM.usdtStandard);
    expect(body.code).toBe(403);
    expect(body.info).toBe('This account is frozen');
  });

  it('after a draw the round shows its numbers, seed and localized result; his lists it', async () => {
    const before = (await gameInfo(server, rich.token, ROOM.ethStandard)).body.data.game;
    server.clock.now = before.drawAt;
    await server.tick();
    const after = (await gameInfo(server, rich.token, ROOM.ethStandard)).body.data;
    expect(after.game.id).not.toBe(before.id);
    expect(after.game.status).toBe('open');
    // Back to back: the next round opens at the draw of the last one.
    expect(after.game.drawAt).toBe(before.drawAt + 300_000);
    const drawn = after.his[0];
    expect(drawn.id).toBe(before.id);
    expect(drawn.status).toBe('drawn');
    expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn.sum).toBe(drawn.num1! + drawn.num2! + drawn.num3!);
    expect(drawn.results.length).toBeGreaterThanOrEqual(3);
    // The next round's commitment is this round's seed (the chain used in reverse).
    expect(after.game.commitment).toBe(drawn.seed);
    const names = { en: drawn.resultcn };
    const zh = (await gameInfo(server, rich.token, ROOM.ethStandard, 'chs')).body.data.his[0].resultcn;
    expect(names.en).toMatch(/Big|Small/);
    expect(zh).toMatch(/大|小/);
  });
});

describe('getVorder, the live orders of a room', () => {
  const live = (token: string, roomid: number) =>
    server.call<VorderAnswer>(ApiPath.vorder, { token, lang: 'en', isfirst: 1, roomid, order_id: 0 });

  it('only for members who may enter the room: 2055 below a VIP room’s level, 2004 below its minjoin', async () => {
    await openRound(server, 15);
    const vipRate = (await gameInfo(server, rich.token, ROOM.usdtVip)).body.data.room.rate0;
    const placed = await order(server, rich.token, ROOM.usdtVip, [[0, vipRate, 100]]);
    expect(placed.body.code).toBe(1);

    const seen = await live(rich.token, ROOM.usdtVip);
    expect(seen.body.code).toBe(1);
    expect(seen.body.data.list.map((row) => row.id)).toContain(placed.body.data.order_ids[0]);

    // Money enough for the room, but level 1: the same refusal as entering it, and no rows.
    const levelOne = await fundedMember(server, 50_000);
    const refused = await live(levelOne.token, ROOM.usdtVip);
    expect(refused.body).toMatchObject({ code: 2055, data: null });
    expect((await gameInfo(server, levelOne.token, ROOM.usdtVip)).body.code).toBe(2055);
    // The standard room of the same game is theirs to watch.
    expect((await live(levelOne.token, ROOM.usdtStandard)).body.code).toBe(1);

    const poor = await fundedMember(server, 50, { level: 3 });
    expect((await live(poor.token, ROOM.usdtVip)).body).toMatchObject({ code: 2004, data: null });
  });
});
