/**
 * The read marker of the messages about a member's account (getMessageReads, readMessages): a
 * withdrawal the operator paid or rejected is unread until the member has seen messages up to its
 * decision; the marker is the server's, so a second device agrees; it moves forward only, never
 * past the server's clock, and is the member's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { DepositItem, MessageReads } from '../../src/shared/api/types';
import { ErrorCode } from '../../src/shared/errors';
import { creditDeposit } from '../../src/server/domain/operator';
import { approveWithdrawal, rejectWithdrawal } from '../../src/server/domain/wallet/operatorWithdrawals';
import { startServer, type TestServer } from './support/server';
import { addCard, call, PAY_PASSWORD, setSetting, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Turnover has its own tests; here a deposit may be withdrawn at once.
  await setSetting(server, 'turnoverMultiple', '0');
});
afterAll(() => server.close());

const MINUTE = 60_000;

/** A member with an account to withdraw to, whose message of that account added is read already. */
async function member() {
  const m = await walletMember(server, 500);
  const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
  expect((await markRead(m.token, server.clock.now)).code).toBe(1);
  /** A withdrawal of `usd`, still pending: its id. */
  const requestWithdrawal = async (usd: number): Promise<number> => {
    const answer = await withdraw(server, m.token, { bank_id: card.id, money: usd, pwd: PAY_PASSWORD });
    expect(answer.body.code).toBe(1);
    const row = await server.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', m.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  return { ...m, requestWithdrawal };
}

async function reads(token: string): Promise<MessageReads> {
  const answer = await call<MessageReads>(server, ApiPath.messageReads, token);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(1);
  return answer.body.data;
}

async function markRead(token: string, upTo: unknown) {
  return (await call<MessageReads>(server, ApiPath.readMessages, token, { upTo })).body;
}

async function secondDevice(m: { username: string; password: string }): Promise<string> {
  const answer = await server.call<{ token: string }>(ApiPath.login, { username: m.username, password: m.password });
  expect(answer.body.code).toBe(1);
  return answer.body.data.token;
}

describe('messages about the account: unread until read, on every device', () => {
  it('an account added is a message, deleted since or not, until read', async () => {
    const m = await walletMember(server, 0);
    expect(await reads(m.token)).toEqual({ readUpTo: 0, unread: 0 });
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS }, { fresh: true });
    expect(await reads(m.token)).toEqual({ readUpTo: 0, unread: 1 });
    expect((await call(server, ApiPath.deleteBankCard, m.token, { id: card.id })).body.code).toBe(1);
    expect((await reads(m.token)).unread).toBe(1);
    expect((await markRead(m.token, card.addedAt)).data).toEqual({ readUpTo: card.addedAt, unread: 0 });
  });

  it('a decision is unread until the member has read up to it; a waiting withdrawal is no message', async () => {
    const m = await member();
    const { readUpTo } = await reads(m.token);
    expect(await reads(m.token)).toEqual({ readUpTo, unread: 0 });
    server.clock.advance(MINUTE);
    const first = await m.requestWithdrawal(50);
    const second = await m.requestWithdrawal(20);
    expect((await reads(m.token)).unread).toBe(0);

    server.clock.advance(MINUTE);
    await approveWithdrawal(server.deps, first);
    const paidAt = server.clock.now;
    expect(await reads(m.token)).toEqual({ readUpTo, unread: 1 });
    server.clock.advance(MINUTE);
    await rejectWithdrawal(server.deps, second, 'Address not verified');
    const rejectedAt = server.clock.now;
    expect(await reads(m.token)).toEqual({ readUpTo, unread: 2 });

    // A second phone of the member sees the same.
    const phone = await secondDevice(m);
    expect(await reads(phone)).toEqual({ readUpTo, unread: 2 });

    // Read up to the first decision: the later one is still unread, on both phones.
    expect(await markRead(m.token, paidAt)).toMatchObject({ code: 1, data: { readUpTo: paidAt, unread: 1 } });
    expect(await reads(phone)).toEqual({ readUpTo: paidAt, unread: 1 });
    expect(await markRead(phone, rejectedAt)).toMatchObject({ data: { readUpTo: rejectedAt, unread: 0 } });
    expect(await reads(m.token)).toEqual({ readUpTo: rejectedAt, unread: 0 });
  });

  it('a withdrawal the member cancelled is listed but is no news to them: not counted', async () => {
    const m = await member();
    const { readUpTo } = await reads(m.token);
    server.clock.advance(MINUTE);
    const id = await m.requestWithdrawal(15);
    server.clock.advance(MINUTE);
    expect((await call(server, ApiPath.cancelWithdrawal, m.token, { id })).body.code).toBe(1);
    expect(await reads(m.token)).toEqual({ readUpTo, unread: 0 });
  });

  it('the marker never moves back (an older request arriving late) nor past the server clock', async () => {
    const m = await member();
    server.clock.advance(MINUTE);
    const id = await m.requestWithdrawal(30);
    server.clock.advance(MINUTE);
    await approveWithdrawal(server.deps, id);
    const decidedAt = server.clock.now;
    expect((await markRead(m.token, decidedAt)).data).toEqual({ readUpTo: decidedAt, unread: 0 });
    expect((await markRead(m.token, decidedAt - 10 * MINUTE)).data).toEqual({ readUpTo: decidedAt, unread: 0 });

    // A device whose clock runs an hour ahead cannot read what has not happened yet.
    server.clock.advance(MINUTE);
    const now = server.clock.now;
    expect((await markRead(m.token, now + 60 * MINUTE)).data).toEqual({ readUpTo: now, unread: 0 });
    const later = await m.requestWithdrawal(10);
    server.clock.advance(MINUTE);
    await rejectWithdrawal(server.deps, later);
    expect(await reads(m.token)).toEqual({ readUpTo: now, unread: 1 });
  });

  it("is the member's own: another member's reads and decisions change nothing", async () => {
    const a = await member();
    const b = await member();
    const { readUpTo } = await reads(a.token);
    server.clock.advance(MINUTE);
    const id = await a.requestWithdrawal(40);
    server.clock.advance(MINUTE);
    await approveWithdrawal(server.deps, id);
    expect((await reads(b.token)).unread).toBe(0);
    await markRead(b.token, server.clock.now);
    expect(await reads(a.token)).toEqual({ readUpTo, unread: 1 });
  });

  it.each([
    ['negative', -1],
    ['a fraction', 1.5],
    ['letters', 'yesterday'],
    ['missing', undefined],
  ])('refuses an upTo that is %s with 1001 and changes nothing', async (_label, upTo) => {
    const m = await member();
    const { readUpTo } = await reads(m.token);
    server.clock.advance(MINUTE);
    const id = await m.requestWithdrawal(25);
    server.clock.advance(MINUTE);
    await approveWithdrawal(server.deps, id);
    expect((await markRead(m.token, upTo)).code).toBe(ErrorCode.IncompleteParameters);
    expect(await reads(m.token)).toEqual({ readUpTo, unread: 1 });
  });

  it("an operator's credit is a message with its amount and reference, unread until read, the member's own", async () => {
    const m = await walletMember(server, 0);
    const other = await walletMember(server, 0);
    server.clock.advance(MINUTE);
    await creditDeposit(server.deps, { username: m.username, cents: 12_345, ref: 'BANK-7781' });
    server.clock.advance(MINUTE);
    await creditDeposit(server.deps, { username: m.username, cents: 500, ref: 'USDT-0x9f' });
    const listed = await call<DepositItem[]>(server, ApiPath.deposits, m.token);
    expect(listed.body.code).toBe(1);
    const [newest, first] = listed.body.data;
    expect(listed.body.data.map(({ money, reference }) => ({ money, reference }))).toEqual([
      { money: 5, reference: 'USDT-0x9f' },
      { money: 123.45, reference: 'BANK-7781' },
    ]);
    expect(newest.time).toBe(first.time + MINUTE);
    expect(await reads(m.token)).toEqual({ readUpTo: 0, unread: 2 });
    expect((await markRead(m.token, first.time)).data).toEqual({ readUpTo: first.time, unread: 1 });
    expect((await markRead(m.token, newest.time)).data.unread).toBe(0);
    // A credit made without a reference carries the command's internal tag: never shown.
    await creditDeposit(server.deps, { username: m.username, cents: 100, ref: 'cli' });
    const untagged = await call<DepositItem[]>(server, ApiPath.deposits, m.token);
    expect(untagged.body.data[0]).toMatchObject({ money: 1, reference: '' });
    // Another member is told of nothing: neither listed nor counted.
    expect((await call<DepositItem[]>(server, ApiPath.deposits, other.token)).body.data).toEqual([]);
    expect((await reads(other.token)).unread).toBe(0);
    expect((await server.call(ApiPath.deposits, { lang: 'en' })).body.code).toBe(409);
  });

  it('a guest is refused', async () => {
    const answer = await server.call(ApiPath.messageReads, { lang: 'en' });
    expect(answer.body.code).not.toBe(1);
  });
});
