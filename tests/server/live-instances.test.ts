/**
 * Several instances on one PostgreSQL database (server-pg project; README "Running several
 * instances"): two apps, each with its own connection pool and its own LISTEN connection, as two
 * processes behind a load balancer have. An order taken by one shows on a room stream of the
 * other; a draw by whichever holds the drawer's lease reaches members on both; when the holder
 * dies the other takes the lease, draws, and a stream that was on the dead one reconnects to it
 * without missing anything; the limits (withdrawals per day, wrong passwords, requests per address,
 * the streams' caps) are counted once for both; a session ended at one ends its streams at the other.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameInfoAnswer } from '../../src/shared/api/types';
import { openPostgres } from '../../src/server/db/connect';
import type { Db } from '../../src/server/db/schema';
import { LEASE_NAME } from '../../src/server/domain/game/scheduler';
import { TEST_DIALECT } from './support/database';
import { currentRound, fundedMember, GAME_OF_ROOM, line, openRound, ROOM, type Player } from './support/game';
import { liveTicket, openStream, type LiveStream } from './support/live';
import { listenTestApp, postJson, startServer, type TestServer } from './support/server';
import { addCard, PAY_PASSWORD, setSetting, TRC20_ADDRESS, walletMember } from './support/wallet';

const USDT_GAME = GAME_OF_ROOM[ROOM.usdtStandard];
const LIMITS = { login: 3, register: 10_000, smsSend: 10_000, withdraw: 10_000 };

let a: TestServer;
let b: { app: FastifyInstance; url: string; db: Db };
const streams: LiveStream[] = [];

async function stream(baseUrl: string, ticket: string, init: { lastEventId?: string } = {}): Promise<LiveStream> {
  const opened = await openStream(baseUrl, `/api/live/room/${ROOM.usdtStandard}?ticket=${ticket}`, init);
  if (!opened.stream) throw new Error(`refused: ${JSON.stringify(opened.refusal)}`);
  streams.push(opened.stream);
  return opened.stream;
}

const orderAt = (url: string, member: Player, outcome: number) =>
  postJson<{ order_ids: number[] }>(url, ApiPath.order, {
    token: member.token,
    lang: 'en',
    gameid: USDT_GAME,
    roomid: ROOM.usdtStandard,
    order_info: [line(outcome, 20)],
  });

describe.skipIf(TEST_DIALECT !== 'postgres')('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    a = await startServer({ rateLimits: LIMITS }, { http: true });
    // Instance B: its own pool and LISTEN connection on the same database, the same clock.
    const { db } = openPostgres(a.database.env.DATABASE_URL, 5);
    const opened = await listenTestApp({ ...a.database, db }, a.clock, a.sms, { rateLimits: LIMITS });
    b = { ...opened, db };
    // A drew first at its start: it holds the lease.
    expect((await a.tick()).leader).toBe(true);
    expect((await b.app.game.scheduler.tick()).leader).toBe(false);
    await openRound(a, USDT_GAME, 45);
  });

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await b?.app.close();
    await b?.db.destroy();
    await a?.close();
  });

  it('shows an order taken by instance A on a room stream of instance B (a ticket of A opens it)', async () => {
    const watcher = await fundedMember(a, 100);
    const player = await fundedMember(a, 100);
    const onB = await stream(b.url, await liveTicket(a, watcher.token));
    await onB.next((e) => e.data.type === 'snapshot');
    const placed = await orderAt(a.url, player, 0);
    expect(placed.body.code).toBe(1);
    const told = await onB.next((e) => e.data.type === 'orders');
    expect((told.data.lines as { id: number }[]).map((l) => l.id)).toEqual(placed.body.data.order_ids);
  });

  it('tells a draw by the lease holder to members on both instances, and B answers with the new round at once', async () => {
    const member = await fundedMember(a, 100);
    const onA = await stream(a.url, await liveTicket(a, member.token));
    const onB = await stream(b.url, await liveTicket(a, member.token));
    const round = await currentRound(a, USDT_GAME);
    a.clock.now = round.draw_at;
    // Whichever takes the lease first draws; the other does nothing.
    const reports = await Promise.all([a.tick(), b.app.game.scheduler.tick()]);
    expect(reports.map((report) => report.drawn).sort()).toEqual([0, 1]);
    const drawnOnA = await onA.next((e) => e.data.type === 'round.drawn');
    const drawnOnB = await onB.next((e) => e.data.type === 'round.drawn');
    expect(drawnOnB).toEqual(drawnOnA);
    expect((drawnOnB.data.round as { id: number }).id).toBe(round.id);
    await onB.next((e) => e.data.type === 'round.opened');
    const info = await postJson<GameInfoAnswer>(b.url, ApiPath.gameInfo, {
      token: member.token,
      lang: 'en',
      roomid: ROOM.usdtStandard,
    });
    expect(info.body.data.his[0].id).toBe(round.id);
    expect(info.body.data.game.id).toBe((await currentRound(a, USDT_GAME)).id);
  });

  it('moves drawing to B when the lease holder dies, and a stream of the dead instance reconnects to B missing nothing', async () => {
    const member = await fundedMember(a, 100);
    const player = await fundedMember(a, 100);
    await openRound(a, USDT_GAME, 45);
    const onA = await stream(a.url, await liveTicket(a, member.token));
    const onB = await stream(b.url, await liveTicket(a, member.token));
    await orderAt(a.url, player, 1);
    const lastSeen = (await onA.next((e) => e.data.type === 'orders')).id!;

    // A dies without a word: its connections drop, its lease stays until it expires (a holder on
    // another host cannot be seen to be gone), and it never ticks again.
    a.app.server.closeAllConnections();
    await onA.untilEnded();
    const round = await currentRound(a, USDT_GAME);
    await a.deps.db
      .updateTable('scheduler_lease')
      .set({ holder: 'elsewhere:4242:deadbeef', expires_at: round.draw_at + 3_000 })
      .where('name', '=', LEASE_NAME)
      .execute();
    await orderAt(b.url, player, 2);
    a.clock.now = round.draw_at;
    expect((await b.app.game.scheduler.tick()).leader).toBe(false);
    a.clock.now = round.draw_at + 3_000;
    const report = await b.app.game.scheduler.tick();
    // This game's round and the other games' rounds due by now.
    expect(report.leader).toBe(true);
    expect(report.drawn).toBeGreaterThanOrEqual(1);
    // The draw is told first, then the next round's opening.
    await onB.next((e) => e.data.type === 'round.drawn');
    await onB.next((e) => e.data.type === 'round.opened' && (e.data.round as { id: number }).id !== round.id);

    const back = await stream(b.url, await liveTicket(a, member.token), { lastEventId: lastSeen });
    const missed = onB.events.filter((e) => e.data.type !== 'snapshot' && Number(e.id) > Number(lastSeen));
    await back.next((e) => e.id === missed[missed.length - 1].id);
    expect(back.events.map((e) => e.data)).toEqual(missed.map((e) => e.data));
    // The close passed while no instance drew (the app knows it from closeAt): not told.
    expect(back.events.map((e) => e.data.type)).toEqual(['orders', 'round.drawn', 'round.opened']);
  });

  it('counts the withdrawal limit, wrong withdrawal passwords and requests per address once for both', async () => {
    await setSetting(a, 'turnoverMultiple', '0');
    await setSetting(a, 'maxWithdrawalsPerDay', '1');
    const member = await walletMember(a, 100);
    const card = await addCard(a, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const withdrawAt = (url: string, pwd: string) =>
      postJson(url, ApiPath.withdraw, { lang: 'en', token: member.token, bank_id: card.id, money: 10, pwd });
    expect((await withdrawAt(a.url, PAY_PASSWORD)).body.code).toBe(1);
    expect((await withdrawAt(b.url, PAY_PASSWORD)).body.code).toBe(1048);

    const other = await walletMember(a, 100);
    const otherCard = await addCard(a, other.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const wrong = (url: string) =>
      postJson(url, ApiPath.withdraw, {
        lang: 'en',
        token: other.token,
        bank_id: otherCard.id,
        money: 10,
        pwd: '999999',
      });
    for (let i = 0; i < 5; i++) expect((await wrong(i % 2 === 0 ? a.url : b.url)).body.code).toBe(1033);
    expect((await wrong(b.url)).body.code).toBe(3001);

    const login = (url: string) =>
      postJson(url, ApiPath.login, { lang: 'en', username: 'demo01', password: 'wrong123' }, { ip: '198.51.100.7' });
    const statuses = [];
    for (const url of [a.url, b.url, a.url, b.url]) statuses.push((await login(url)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('ends at B the streams of a session ended at A: a logout, and the others ended by endOtherSessions', async () => {
    const member = await fundedMember(a, 100);
    const other = (
      await postJson<{ token: string }>(a.url, ApiPath.login, {
        lang: 'en',
        username: member.username,
        password: member.password,
      })
    ).body.data.token;
    const follow = async (token: string) => {
      const opened = await openStream(b.url, `/api/live/member?ticket=${await liveTicket(a, token)}`);
      if (!opened.stream) throw new Error(`refused: ${JSON.stringify(opened.refusal)}`);
      streams.push(opened.stream);
      await opened.stream.next((event) => event.data.type === 'snapshot');
      return opened.stream;
    };
    const first = await follow(member.token);
    const second = await follow(other);
    expect((await postJson(a.url, ApiPath.logout, { lang: 'en', token: member.token })).body.code).toBe(1);
    await first.untilEnded(60_000);
    expect(second.ended).toBe(false);

    const third = (
      await postJson<{ token: string }>(a.url, ApiPath.login, {
        lang: 'en',
        username: member.username,
        password: member.password,
      })
    ).body.data.token;
    expect(
      (await postJson(a.url, ApiPath.endOtherSessions, { lang: 'en', token: third, password: member.password })).body
        .code,
    ).toBe(1);
    await second.untilEnded(60_000);
  });

  it('holds the caps across both: a member’s streams split over A and B stop at the cap at either', async () => {
    const member = await fundedMember(a, 100);
    const opened = [];
    for (let i = 0; i < 8; i++) {
      const url = i % 2 === 0 ? a.url : b.url;
      opened.push(await openStream(url, `/api/live/member?ticket=${await liveTicket(a, member.token)}`));
    }
    for (const one of opened) if (one.stream) streams.push(one.stream);
    expect(opened.map((one) => one.status)).toEqual(Array(8).fill(200));
    for (const url of [a.url, b.url]) {
      const over = await openStream(url, `/api/live/member?ticket=${await liveTicket(a, member.token)}`);
      expect(over).toMatchObject({ status: 429, refusal: { code: 3017 } });
    }
  });
});
