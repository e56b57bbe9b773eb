/** getGamelog: the member's own lines, newest first, filtered by game and round, paged with `before`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { OwnOrderItem } from '../../src/shared/api/types';
import { drawCurrent, fundedMember, line, openRound, order, ROOM, type Player } from './support/game';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let player: Player;
const ids: number[] = [];
beforeAll(async () => {
  server = await startServer();
  player = await fundedMember(server, 1_000);
  for (let i = 0; i < 3; i++) {
    await openRound(server, 15);
    ids.push(...(await order(server, player.token, ROOM.usdtStandard, [line(0, 20), line(1, 20)])).body.data.order_ids);
    await drawCurrent(server, 15);
  }
  await openRound(server, 1);
  ids.push(...(await order(server, player.token, ROOM.btcStandard, [line(2, 20)])).body.data.order_ids);
  // Someone else's lines never show.
  const other = await fundedMember(server, 100);
  await order(server, other.token, ROOM.btcStandard, [line(3, 20)]);
});
afterAll(() => server.close());

const log = (body: Record<string, unknown>) =>
  server.call<OwnOrderItem[]>(ApiPath.gameLog, { token: player.token, lang: 'en', ...body });

describe('getGamelog', () => {
  it('lists every own line newest first, with results once settled', async () => {
    const { body } = await log({});
    expect(body.data.map((o) => o.order_id)).toEqual([...ids].reverse());
    expect(body.data[0]).toMatchObject({ status: 'wait', gametype: 1, num1: null });
    expect(body.data.slice(1).every((o) => o.status !== 'wait' && o.num1 !== null)).toBe(true);
  });

  it('filters by game and by round, and pages with before/limit', async () => {
    expect((await log({ gametype: 1 })).body.data.map((o) => o.order_id)).toEqual([ids[6]]);
    const first = (await log({ gametype: 15, limit: 2 })).body.data;
    expect(first.map((o) => o.order_id)).toEqual([ids[5], ids[4]]);
    const next = (await log({ gametype: 15, limit: 2, before: first[1].order_id })).body.data;
    expect(next.map((o) => o.order_id)).toEqual([ids[3], ids[2]]);
    const round = first[0].seqno;
    expect((await log({ gametype: 15, gameseq: round })).body.data.map((o) => o.order_id)).toEqual([ids[5], ids[4]]);
    expect((await log({ gametype: 99 })).body.code).toBe(1052);
  });
});
