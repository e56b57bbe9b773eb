/**
 * The limits of the live streams under attack, over real HTTP, on SQLite and PostgreSQL:
 * - streams opened all at once by one member from one address: exactly the cap opens (every place
 *   is taken before anything is awaited), and the database holds a row per open stream;
 * - a reader that does not read, in a busy room: cut once a little is queued, its socket destroyed
 *   (not ended with its bytes still queued), and its place given back only then;
 * - tickets: limited per session (2051), a session holds a few at most, expired ones are swept.
 */
import { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { MAX_SESSION_TICKETS, TICKET_TTL_MS } from '../../src/server/domain/live/tickets';
import { roomChannel } from '../../src/server/domain/live/news';
import { fundedMember, GAME_OF_ROOM, openRound, ROOM, type Player } from './support/game';
import { liveTicket, openStream, roomStream, type LiveStream } from './support/live';
import { startServer, type TestServer } from './support/server';

const USDT_GAME = GAME_OF_ROOM[ROOM.usdtStandard];
const CAPS = { maxPerMember: 8, maxPerAddress: 256 };
/** Asking for tickets at the production limit (the suite's servers allow thousands). */
const TICKETS_PER_MINUTE = 20;

let server: TestServer;
const open: LiveStream[] = [];

beforeAll(async () => {
  server = await startServer(
    {
      live: { hub: { ...CAPS, heartbeatMs: 200 } },
      rateLimits: {
        login: 10_000,
        register: 10_000,
        smsSend: 10_000,
        withdraw: 10_000,
        liveTicket: TICKETS_PER_MINUTE,
      },
    },
    { http: true },
  );
  await openRound(server, USDT_GAME, 45);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});
afterAll(() => server.close());

const rowsOfStreams = async () =>
  Number(
    (
      await server.deps.db
        .selectFrom('live_streams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A new session of the member (a login): each holds a few tickets at most. */
async function session(member: Player): Promise<string> {
  const answer = await server.call<{ token: string }>(ApiPath.login, {
    username: member.username,
    password: member.password,
    lang: 'en',
  });
  if (answer.body.code !== 1) throw new Error(`login refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 60_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('streams opened at the same moment', () => {
  it('300 room streams of one member from one address, all at once: exactly the cap opens, the rest are refused (3017)', async () => {
    const member = await fundedMember(server, 1_000);
    const tickets: string[] = [];
    while (tickets.length < 300) {
      const token = await session(member);
      for (let i = 0; i < MAX_SESSION_TICKETS && tickets.length < 300; i++) {
        tickets.push(await liveTicket(server, token));
      }
    }
    const answers = await Promise.all(
      tickets.map((ticket) => openStream(server.url, `/api/live/room/${ROOM.usdtStandard}?ticket=${ticket}`)),
    );
    for (const answer of answers) if (answer.stream) open.push(answer.stream);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(CAPS.maxPerMember);
    expect(answers.filter((answer) => answer.status === 429 && answer.refusal?.code === 3017)).toHaveLength(
      300 - CAPS.maxPerMember,
    );
    expect(server.app.liveHub.stats()).toEqual({ streams: CAPS.maxPerMember, admitted: CAPS.maxPerMember });
    expect(await rowsOfStreams()).toBe(CAPS.maxPerMember);

    // Closed, every place comes back, here and in the database.
    await Promise.all(open.splice(0).map((stream) => stream.close()));
    await until(async () => server.app.liveHub.stats().admitted === 0 && (await rowsOfStreams()) === 0, 'places back');
  });
});

describe('a reader that does not read', () => {
  /** A stream's request on a raw socket that is never read from: its bytes pile up in the kernel, then in the server. */
  async function deafReader(ticket: string): Promise<Socket & { closedAt?: number }> {
    const port = new URL(server.url).port;
    const socket: Socket & { closedAt?: number } = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    socket.on('close', () => (socket.closedAt = Date.now()));
    socket.write(
      `GET /api/live/room/${ROOM.usdtStandard}?ticket=${ticket} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
    );
    socket.pause();
    return socket;
  }

  it('in a busy room, is cut: its socket destroyed and its place given back once it has closed; a reader that reads goes on', async () => {
    const reader = await fundedMember(server, 1_000);
    const readerStream = await roomStream(server, reader.token, ROOM.usdtStandard);
    open.push(readerStream);
    await readerStream.next((event) => event.data.type === 'snapshot');

    const deaf: Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const member = await fundedMember(server, 1_000);
      deaf.push(await deafReader(await liveTicket(server, member.token)));
    }
    await until(() => server.app.liveHub.stats().streams === 5, 'five streams open');

    // A busy room: far more than a socket's kernel buffers and the server's allowance hold. Events
    // come one at a time, as orders do, so a reader that reads is never behind by much.
    const pad = 'x'.repeat(16 * 1024);
    const published = 800;
    for (let i = 0; i < published; i++) {
      await server.app.liveBus.publish([
        {
          channel: roomChannel(ROOM.usdtStandard),
          event: { type: 'orders.cancelled', roomid: ROOM.usdtStandard, roundId: 0, ids: [i], pad },
        },
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      // The reader keeps up; the deaf ones cannot.
      if (i % 50 === 49)
        await readerStream.next((event) => (event.data.ids as number[] | undefined)?.[0] === i, 60_000);
    }
    // Each deaf reader's place is given back, which happens only once its socket has closed:
    // cut, not ended with megabytes still queued for a reader that never reads.
    await until(() => server.app.liveHub.stats().admitted === 1, 'the deaf readers cut');
    expect(server.app.liveHub.stats()).toEqual({ streams: 1, admitted: 1 });
    await until(async () => (await rowsOfStreams()) === 1, 'their rows given back');
    // The reader that reads was told every event.
    await readerStream.next((event) => (event.data.ids as number[] | undefined)?.[0] === published - 1, 60_000);
    expect(readerStream.ofType('orders.cancelled')).toHaveLength(published);
    // The server's end of each deaf socket is gone: once the deaf reader reads again, it finds the
    // connection closed (reset), never the rest of the stream.
    for (const socket of deaf) socket.resume();
    await until(() => deaf.every((socket) => socket.destroyed), 'the deaf sockets closed');
  });

  it("is held the same bytes as the room's other streams, not a copy of its own", async () => {
    const readers: LiveStream[] = [];
    for (let i = 0; i < 3; i++) {
      const member = await fundedMember(server, 1_000);
      const stream = await roomStream(server, member.token, ROOM.usdtStandard);
      open.push(stream);
      readers.push(stream);
      await stream.next((event) => event.data.type === 'snapshot');
    }
    // Every write of the server's answers, read through to the real one.
    const write = vi.spyOn(ServerResponse.prototype, 'write');
    let written: unknown[];
    try {
      // Two events in one flush: each stream is written them together, from one buffer for all.
      await server.app.liveBus.publish(
        [-7, -8].map((id) => ({
          channel: roomChannel(ROOM.usdtStandard),
          event: { type: 'orders.cancelled', roomid: ROOM.usdtStandard, roundId: 0, ids: [id, id] },
        })),
      );
      for (const stream of readers) await stream.next((event) => (event.data.ids as number[] | undefined)?.[0] === -8);
      written = write.mock.calls.map(([bytes]) => bytes).filter((bytes) => String(bytes).includes('"ids":[-7'));
    } finally {
      write.mockRestore();
    }
    expect(written).toHaveLength(3);
    expect(written.every((bytes) => Buffer.isBuffer(bytes))).toBe(true);
    expect(new Set(written).size).toBe(1);
  });
});

describe('tickets', () => {
  it('are limited per session (2051), not per member: another session of the member still gets its own', async () => {
    const member = await fundedMember(server, 1_000);
    const answers = [];
    for (let i = 0; i < TICKETS_PER_MINUTE + 5; i++) {
      answers.push((await server.call(ApiPath.liveTicket, { token: member.token, lang: 'en' })).body.code);
    }
    expect(answers.filter((code) => code === 1)).toHaveLength(TICKETS_PER_MINUTE);
    expect(answers.slice(TICKETS_PER_MINUTE)).toEqual(Array(5).fill(2051));
    const other = await session(member);
    expect((await server.call(ApiPath.liveTicket, { token: other, lang: 'en' })).body.code).toBe(1);
  });

  it('a flood leaves a session a few rows at most, and expired ones are swept on either database', async () => {
    const member = await fundedMember(server, 1_000);
    const token = await session(member);
    for (let i = 0; i < TICKETS_PER_MINUTE; i++) await liveTicket(server, token);
    const rows = () =>
      server.deps.db
        .selectFrom('live_tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    expect(await rows()).toBe(MAX_SESSION_TICKETS);
    server.clock.advance(TICKET_TTL_MS + 1);
    // The hub's housekeeping (every heartbeat) sweeps them.
    await until(async () => (await rows()) === 0, 'expired tickets swept');
  });
});
