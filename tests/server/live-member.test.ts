/**
 * A member's private stream over real HTTP, on SQLite and PostgreSQL: the ticket that opens it
 * (single-use, short-lived, of a live session, never the token in the URL); a snapshot of the
 * balance first; then the balance after an order, the settlement with its payout, a withdrawal
 * requested and decided by the operator's command, and a new message.
 */
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { MemberEventSchema } from '../../src/shared/api/live';
import { TICKET_TTL_MS } from '../../src/server/domain/live/tickets';
import { createLogger } from '../../src/server/logger';
import { adminInProcess } from './support/admin';
import { drawCurrent, GAME_OF_ROOM, line, openRound, order, ROOM } from './support/game';
import { liveTicket, memberStream, openStream, type LiveStream } from './support/live';
import { startServer, type TestServer } from './support/server';
import { addCard, PAY_PASSWORD, setSetting, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

const USDT_GAME = GAME_OF_ROOM[ROOM.usdtStandard];

let server: TestServer;
const logLines: string[] = [];
const open: LiveStream[] = [];

async function follow(token: string): Promise<LiveStream> {
  const stream = await memberStream(server, token);
  open.push(stream);
  await stream.next((e) => e.data.type === 'snapshot');
  return stream;
}

beforeAll(async () => {
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  server = await startServer({ logger }, { http: true });
  await openRound(server, USDT_GAME, 45);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});
afterAll(() => server.close());

describe('the ticket that opens a stream', () => {
  it('opens one stream once; the same ticket again is refused (1001, 401)', async () => {
    const member = await walletMember(server, 10);
    const ticket = await liveTicket(server, member.token);
    const first = await openStream(server.url, `/api/live/member?ticket=${ticket}`);
    expect(first.status).toBe(200);
    open.push(first.stream!);
    const again = await openStream(server.url, `/api/live/member?ticket=${ticket}&lang=en`);
    expect(again).toMatchObject({ status: 401, refusal: { code: 1001 } });
  });

  it(`expires after ${TICKET_TTL_MS / 1000} s`, async () => {
    const member = await walletMember(server, 10);
    const ticket = await liveTicket(server, member.token);
    server.clock.advance(TICKET_TTL_MS);
    const late = await openStream(server.url, `/api/live/member?ticket=${ticket}`);
    expect(late).toMatchObject({ status: 401, refusal: { code: 1001 } });
  });

  it('opens nothing once its session has ended (409), and is only given for a live token', async () => {
    const member = await walletMember(server, 10);
    const ticket = await liveTicket(server, member.token);
    expect((await server.call(ApiPath.logout, { token: member.token })).body.code).toBe(1);
    const ended = await openStream(server.url, `/api/live/member?ticket=${ticket}`);
    expect(ended).toMatchObject({ status: 401, refusal: { code: 409 } });
    expect((await server.call(ApiPath.liveTicket, { token: member.token })).body.code).toBe(409);
  });

  it('is never written to the log, nor is the session token', async () => {
    const member = await walletMember(server, 10);
    const ticket = await liveTicket(server, member.token);
    open.push((await openStream(server.url, `/api/live/member?ticket=${ticket}`)).stream!);
    const log = logLines.join('');
    expect(log).toContain('/api/live/member?ticket=[redacted]');
    expect(log).not.toContain(ticket);
    expect(log).not.toContain(member.token);
  });
});

describe("a member's stream", () => {
  it('tells the balance after an order, then the settlement with its payout', async () => {
    const member = await walletMember(server, 100);
    const stream = await follow(member.token);
    expect(stream.events[0].data).toMatchObject({ type: 'snapshot', balance: 100 });
    // Big and small: one of them wins whatever the draw, unless a triple.
    const placed = await order(server, member.token, ROOM.usdtStandard, [line(0, 20), line(1, 20)]);
    expect(placed.body.code).toBe(1);
    const debit = MemberEventSchema.parse((await stream.next((e) => e.data.type === 'balance')).data);
    expect(debit).toMatchObject({ type: 'balance', balance: placed.body.data.money, change: -40, reason: 'stake' });

    const round = await drawCurrent(server, USDT_GAME);
    const settled = MemberEventSchema.parse((await stream.next((e) => e.data.type === 'settled')).data);
    if (settled.type !== 'settled') throw new Error('not a settlement');
    const stored = await server.deps.db
      .selectFrom('order_lines')
      .select(['id', 'status', 'award_cents'])
      .where('id', 'in', placed.body.data.order_ids)
      .orderBy('id')
      .execute();
    expect(settled).toMatchObject({ roundId: round.id, seqno: round.seqno });
    expect(settled.lines.map((l) => [l.id, l.status, Math.round(l.award * 100)])).toEqual(
      stored.map((l) => [l.id, l.status, l.award_cents]),
    );
    const awardCents = stored.reduce((sum, l) => sum + l.award_cents, 0);
    expect(Math.round(settled.award * 100)).toBe(awardCents);
    if (awardCents > 0) {
      const credit = await stream.next((e) => e.data.type === 'balance' && e.data.reason === 'award');
      expect(credit.data).toMatchObject({ change: awardCents / 100, balance: (10_000 - 4_000 + awardCents) / 100 });
    }
    await openRound(server, USDT_GAME, 45);
  });

  it('tells a withdrawal requested, then decided by the operator, with the refund of a rejection', async () => {
    // No betting turnover asked, so the deposit can be withdrawn at once.
    await setSetting(server, 'turnoverMultiple', '0');
    const member = await walletMember(server, 100);
    const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const stream = await follow(member.token);
    const asked = await withdraw(server, member.token, { bank_id: card.id, money: 30, pwd: PAY_PASSWORD });
    expect(asked.body.code).toBe(1);
    expect((await stream.next((e) => e.data.type === 'balance')).data).toMatchObject({
      balance: 70,
      change: -30,
      reason: 'withdraw',
    });
    const row = await server.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();

    const admin = await adminInProcess(server.database.env, [
      'withdraw:reject',
      String(row.id),
      '--note',
      'wrong name',
    ]);
    expect(admin.code, admin.err).toBe(0);
    // On SQLite the command's events wait in the table until the server takes them in (every second).
    await server.app.liveBus.catchUp();
    expect((await stream.next((e) => e.data.type === 'withdrawal')).data).toEqual({
      type: 'withdrawal',
      id: row.id,
      status: 'rejected',
      amount: 30,
    });
    expect((await stream.next((e) => e.data.reason === 'withdraw_refund')).data).toMatchObject({
      balance: 100,
      change: 30,
    });
  });

  it("tells every member's stream of a new message (news or announcement), by its id", async () => {
    const one = await walletMember(server, 0);
    const two = await walletMember(server, 0);
    const streams = [await follow(one.token), await follow(two.token)];
    const admin = await adminInProcess(server.database.env, ['article:import', 'docs/examples/articles.json']);
    expect(admin.code, admin.err).toBe(0);
    await server.app.liveBus.catchUp();
    const news = await server.deps.db
      .selectFrom('articles')
      .select(['id', 'category'])
      .where('category', '=', 9)
      .execute();
    for (const stream of streams) {
      const told = await stream.next((e) => e.data.type === 'message');
      expect(news).toContainEqual({ id: told.data.id, category: 9 });
    }
    // The help guide of the same file is not a message.
    expect(streams[0].ofType('message').every((e) => e.data.category === 9 || e.data.category === 14)).toBe(true);
  });
});
