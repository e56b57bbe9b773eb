/**
 * A room's live stream (docs/live-events.md) over real HTTP, on SQLite and PostgreSQL: a snapshot
 * first; orders masked as getVorder masks them, with codes and no texts; the round's close, draw
 * (numbers, sum, outcomes, the seed that matches the commitment) and the next round's opening; a
 * reconnect with Last-Event-ID that misses nothing, and one older than the replay window that gets
 * a snapshot; the rule of getVorder's live feed (who may enter the room) and the caps (3017).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { RoomEventSchema } from '../../src/shared/api/live';
import type { VorderAnswer } from '../../src/shared/api/types';
import { commitmentOf } from '../../src/shared/game';
import { currentRound, fundedMember, GAME_OF_ROOM, line, openRound, order, ROOM, type Player } from './support/game';
import { liveTicket, openStream, roomStream, type LiveStream } from './support/live';
import { startServer, type TestServer } from './support/server';

const USDT_GAME = GAME_OF_ROOM[ROOM.usdtStandard];
const REPLAY_WINDOW_MS = 60_000;
const CAPS = { maxPerMember: 3, maxPerAddress: 5 };

let server: TestServer;
let alice: Player;
let bob: Player;
const open: LiveStream[] = [];

async function watch(member: Player, room: number = ROOM.usdtStandard, lastEventId?: string): Promise<LiveStream> {
  const stream = await roomStream(server, member.token, room, { lastEventId });
  open.push(stream);
  return stream;
}

beforeAll(async () => {
  server = await startServer(
    { live: { replayWindowMs: REPLAY_WINDOW_MS, hub: { ...CAPS, heartbeatMs: 100 } } },
    { http: true },
  );
  alice = await fundedMember(server, 1_000);
  bob = await fundedMember(server, 1_000);
  await openRound(server, USDT_GAME, 45);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});
afterAll(() => server.close());

describe('a room stream', () => {
  it('starts with a snapshot of the round and its live lines, every event parsed by the shared schema', async () => {
    const placed = await order(server, bob.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(placed.body.code).toBe(1);
    const round = await currentRound(server, USDT_GAME);
    const stream = await watch(alice);
    const snapshot = await stream.next((e) => e.data.type === 'snapshot');
    expect(RoomEventSchema.parse(snapshot.data)).toMatchObject({
      type: 'snapshot',
      roomid: ROOM.usdtStandard,
      gameid: USDT_GAME,
      round: { id: round.id, seqno: round.seqno, commitment: round.commitment, status: 'open', drawAt: round.draw_at },
    });
    const lines = snapshot.data.lines as { id: number; username: string }[];
    expect(lines.map((l) => l.id)).toContain(placed.body.data.order_ids[0]);
    expect(lines.every((l) => l.username.includes('***'))).toBe(true);
    expect(snapshot.id).toMatch(/^\d+$/);
  });

  it('tells an order at once, masked as getVorder tells it, with the outcome as a code and no text', async () => {
    const stream = await watch(alice);
    await stream.next((e) => e.data.type === 'snapshot');
    const placed = await order(server, bob.token, ROOM.usdtStandard, [line(2, 30), line(3, 25)]);
    const told = await stream.next((e) => e.data.type === 'orders');
    const event = RoomEventSchema.parse(told.data);
    const feed = await server.call<VorderAnswer>(ApiPath.vorder, {
      token: alice.token,
      lang: 'en',
      roomid: ROOM.usdtStandard,
      isfirst: 1,
      order_id: placed.body.data.order_ids[0] - 1,
    });
    const polled = feed.body.data.list.map(({ valuecn: _text, ...rest }) => rest);
    expect(event).toMatchObject({ type: 'orders', roomid: ROOM.usdtStandard, lines: polled });
    expect(JSON.stringify(told.data)).not.toContain(bob.username);
    expect(Object.keys((event as { lines: object[] }).lines[0])).not.toContain('valuecn');
  });

  it("tells the round's close, its draw with a seed that matches the commitment, and the next round", async () => {
    const round = await openRound(server, USDT_GAME, 45);
    const stream = await watch(alice);
    await stream.next((e) => e.data.type === 'snapshot');
    server.clock.now = round.close_at;
    await server.tick();
    const closed = await stream.next((e) => e.data.type === 'round.closed');
    expect(closed.data).toMatchObject({ roundId: round.id, seqno: round.seqno, closeAt: round.close_at });
    server.clock.now = round.draw_at;
    await server.tick();
    const drawn = RoomEventSchema.parse((await stream.next((e) => e.data.type === 'round.drawn')).data);
    const opened = RoomEventSchema.parse((await stream.next((e) => e.data.type === 'round.opened')).data);
    if (drawn.type !== 'round.drawn' || opened.type !== 'round.opened') throw new Error('wrong events');
    const stored = await server.deps.db
      .selectFrom('rounds')
      .selectAll()
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(drawn.round).toMatchObject({
      id: round.id,
      num1: stored.num1,
      num2: stored.num2,
      num3: stored.num3,
      sum: stored.sum,
    });
    expect(commitmentOf(drawn.round.seed)).toBe(round.commitment);
    expect(drawn.round.results.length).toBeGreaterThan(0);
    const next = await currentRound(server, USDT_GAME);
    expect(opened.round).toMatchObject({ id: next.id, seqno: next.seqno, commitment: next.commitment });
    // A close is told once, however often the drawer ticks.
    await server.tick();
    expect(stream.ofType('round.closed')).toHaveLength(1);
  });

  it('reopened with Last-Event-ID after a drop mid-round, misses no event', async () => {
    const round = await openRound(server, USDT_GAME, 45);
    const steady = await watch(bob);
    const dropped = await watch(alice);
    await dropped.next((e) => e.data.type === 'snapshot');
    await order(server, bob.token, ROOM.usdtStandard, [line(0, 20)]);
    await dropped.next((e) => e.data.type === 'orders');
    const lastSeen = dropped.lastEventId!;
    await dropped.close();

    // While the phone is away: orders, a cancel, the close, the draw and the next round.
    const gone = await order(server, bob.token, ROOM.usdtStandard, [line(1, 20), line(4, 20)]);
    await order(server, alice.token, ROOM.usdtStandard, [line(5, 40)]);
    expect(
      (
        await server.call(ApiPath.gameCancel, {
          token: bob.token,
          roomid: ROOM.usdtStandard,
          order_id: gone.body.data.order_ids[0],
        })
      ).body.code,
    ).toBe(1);
    server.clock.now = round.close_at;
    await server.tick();
    server.clock.now = round.draw_at;
    await server.tick();
    await steady.next((e) => e.data.type === 'round.opened' && (e.data.round as { id: number }).id !== round.id);

    const back = await watch(alice, ROOM.usdtStandard, lastSeen);
    const missed = steady.events.filter((e) => e.data.type !== 'snapshot' && Number(e.id) > Number(lastSeen));
    await back.next((e) => e.id === missed[missed.length - 1].id);
    expect(back.events.map((e) => e.id)).toEqual(missed.map((e) => e.id));
    expect(back.events.map((e) => e.data)).toEqual(missed.map((e) => e.data));
    expect(back.events.map((e) => e.data.type)).toEqual([
      'orders',
      'orders',
      'orders.cancelled',
      'round.closed',
      'round.drawn',
      'round.opened',
    ]);
  });

  it('reopened with a Last-Event-ID older than the replay window, gets a snapshot instead', async () => {
    const stream = await watch(alice);
    await stream.next((e) => e.data.type === 'snapshot');
    await order(server, bob.token, ROOM.usdtStandard, [line(0, 20)]);
    const lastSeen = (await stream.next((e) => e.data.type === 'orders')).id!;
    await stream.close();
    await order(server, bob.token, ROOM.usdtStandard, [line(1, 20)]);
    server.clock.advance(REPLAY_WINDOW_MS + 1);
    await order(server, bob.token, ROOM.usdtStandard, [line(2, 20)]);
    await server.app.liveBus.prune();

    const back = await watch(alice, ROOM.usdtStandard, lastSeen);
    const first = await back.next(() => true);
    expect(first.data.type).toBe('snapshot');
    expect(Number(first.id)).toBeGreaterThan(Number(lastSeen));
    // An id this server never gave (another database, a forged one) gets the snapshot too.
    const unknown = await watch(alice, ROOM.usdtStandard, '999999999999999');
    expect((await unknown.next(() => true)).data.type).toBe('snapshot');
  });

  it('keeps the connection open with heartbeats, uncompressed and not cached', async () => {
    const ticket = await liveTicket(server, alice.token);
    const response = await fetch(`${server.url}/api/live/room/${ROOM.usdtStandard}?ticket=${ticket}`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\n: \n')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text.startsWith('retry: ')).toBe(true);
    await reader.cancel();
  });
});

describe('who may watch a room', () => {
  it("is who may enter it, as for getVorder's live feed: a VIP room refuses a level-1 member (2055)", async () => {
    const ticket = await liveTicket(server, alice.token);
    const refused = await openStream(server.url, `/api/live/room/${ROOM.usdtVip}?ticket=${ticket}&lang=en`);
    expect(refused.status).toBe(403);
    expect(refused.refusal).toMatchObject({ code: 2055, data: null });
    expect(refused.refusal!.info).toBe('You are not a VIP member yet');
    const vip = await fundedMember(server, 10_000, { level: 3 });
    const stream = await watch(vip, ROOM.usdtVip);
    expect((await stream.next(() => true)).data).toMatchObject({ type: 'snapshot', roomid: ROOM.usdtVip });
  });

  it('refuses an unknown room (1057, 404) and a stream without a ticket (1001, 401)', async () => {
    const ticket = await liveTicket(server, alice.token);
    const unknown = await openStream(server.url, `/api/live/room/999?ticket=${ticket}&lang=en`);
    expect(unknown).toMatchObject({ status: 404, refusal: { code: 1057 } });
    const none = await openStream(server.url, `/api/live/room/${ROOM.usdtStandard}`);
    expect(none).toMatchObject({ status: 401, refusal: { code: 1001 } });
  });

  it('caps the streams of a member and of an address (3017, 429 with Retry-After), and frees a place on close', async () => {
    for (let i = 0; i < CAPS.maxPerMember; i++) await watch(alice);
    const ticket = await liveTicket(server, alice.token);
    const over = await openStream(server.url, `/api/live/room/${ROOM.usdtStandard}?ticket=${ticket}&lang=vi`);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('30');
    expect(over.refusal).toMatchObject({ code: 3017 });
    expect(over.refusal!.info).toContain('Có quá nhiều kết nối');
    // Another member from the same address: two more places, then the address is full.
    await watch(bob);
    await watch(bob);
    const full = await openStream(
      server.url,
      `/api/live/room/${ROOM.usdtStandard}?ticket=${await liveTicket(server, bob.token)}`,
    );
    expect(full).toMatchObject({ status: 429, refusal: { code: 3017 } });
    // Elsewhere, the address has its own count.
    const elsewhere = await openStream(
      server.url,
      `/api/live/room/${ROOM.usdtStandard}?ticket=${await liveTicket(server, bob.token)}`,
      { ip: '203.0.113.9' },
    );
    expect(elsewhere.stream).toBeDefined();
    open.push(elsewhere.stream!);
    await open.shift()!.close();
    await expect
      .poll(async () => {
        const again = await openStream(
          server.url,
          `/api/live/room/${ROOM.usdtStandard}?ticket=${await liveTicket(server, alice.token)}`,
        );
        if (again.stream) open.push(again.stream);
        return again.status;
      })
      .toBe(200);
  });
});
