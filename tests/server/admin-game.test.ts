/** The operator's game and room commands: listing, changing, and refusing what the engine cannot use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { Room } from '../../src/shared/api/types';
import { fundedMember, type Player } from './support/game';
import { adminOf } from './support/admin';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let player: Player;
beforeAll(async () => {
  server = await startServer();
  player = await fundedMember(server, 100);
});
afterAll(() => server.close());

const admin = adminOf(() => server);

describe('game:list / game:set', () => {
  it('lists the games with their timing', async () => {
    const result = await admin('game:list');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^#15 .*rounds of 120 s, orders close 60 s before the draw, trading$/m);
    expect(result.out.split('\n')).toHaveLength(3);
  });

  it('sets seconds and close, and refuses a close window that leaves no time', async () => {
    expect((await admin('game:set', '4', '--seconds', '45', '--close', '15')).code).toBe(0);
    const row = await server.deps.db.selectFrom('games').selectAll().where('id', '=', 4).executeTakeFirstOrThrow();
    expect([row.round_seconds, row.close_seconds]).toEqual([45, 15]);
    const refused = await admin('game:set', '4', '--close', '45');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/close seconds/);
    expect((await admin('game:set', '4', '--seconds', '5')).code).toBe(1);
    expect((await admin('game:set', '99', '--seconds', '60')).code).toBe(1);
    expect((await admin('game:set', '4', '--enabled', 'maybe')).code).toBe(2);
    expect((await admin('game:set', 'x')).code).toBe(2);
  });
});

describe('room:list / room:set', () => {
  it('lists rooms, optionally of one coin group', async () => {
    const all = await admin('room:list');
    expect(all.out.split('\n')).toHaveLength(12);
    const btc = await admin('room:list', '--type', '2');
    expect(btc.out.split('\n')).toHaveLength(4);
    expect(btc.out).toMatch(/^#6 BTC VIP \(type 2, vip, game 1\): minjoin 1,000\.00, minbuy 100\.00, minlevel 2/m);
  });

  it('changes amounts, rates, level and switches; the app sees them', async () => {
    const result = await admin(
      'room:set',
      '5',
      '--minjoin',
      '50',
      '--minbuy',
      '40',
      '--rate0',
      '1.97',
      '--rate10',
      '95',
      '--minlevel',
      '1',
      '--refund1314',
      'on',
      '--title',
      'BTC Classic',
    );
    expect(result.code).toBe(0);
    server.expireCaches();
    const rooms = await server.call<Room[]>(ApiPath.roomList, { token: player.token, roomtype: 2 });
    expect(rooms.body.data[0]).toMatchObject({
      id: 5,
      title: 'BTC Classic',
      minjoin: 50,
      minbuy: 40,
      rate0: 1.97,
      rate1: 1.95,
      rate10: 95,
      minlevel: 1,
      refund1314: true,
    });
  });

  it('refuses amounts and rates the engine cannot use', async () => {
    expect((await admin('room:set', '5', '--minbuy', '19')).code).toBe(1);
    expect((await admin('room:set', '5', '--rate3', '1')).code).toBe(1);
    expect((await admin('room:set', '5', '--rate3', '1.234')).code).toBe(2);
    expect((await admin('room:set', '5', '--minlevel', '9')).code).toBe(1);
    expect((await admin('room:set', '5', '--rate11', '2')).code).toBe(2);
    expect((await admin('room:set', '5')).code).toBe(1);
    expect((await admin('room:set', '77', '--minjoin', '1')).code).toBe(1);
  });
});
