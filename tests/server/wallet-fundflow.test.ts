/**
 * The fund log over HTTP (getfinanceflow): the member's own rows in a UTC+8 date range, newest
 * first, paged by an id cursor, with the reason in the request's language; bad ranges refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { FundLogEntry } from '../../src/shared/api/types';
import { creditDeposit } from '../../src/server/domain/operator';
import { rejectWithdrawal } from '../../src/server/domain/wallet/operatorWithdrawals';
import { dayNumber, dayStart, isoDate } from '../../src/server/domain/game/timing';
import { line, openRound, order, ROOM } from './support/game';
import { startServer, type TestServer } from './support/server';
import {
  addCard,
  financeFlow,
  PAY_PASSWORD,
  setSetting,
  TRC20_ADDRESS,
  walletMember,
  withdraw,
} from './support/wallet';

let server: TestServer;
/** The UTC+8 day the test activity starts on, at 00:30 of it. */
let day: number;
beforeAll(async () => {
  server = await startServer();
  await setSetting(server, 'turnoverMultiple', '0');
  day = dayNumber(server.clock.now) + 1;
  server.clock.now = dayStart(day) + 30 * 60_000;
});
afterAll(() => server.close());

async function rows(token: string, body: Record<string, unknown>): Promise<FundLogEntry[]> {
  const answer = await financeFlow(server, token, body);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(1);
  return answer.body.data;
}

describe('getfinanceflow', () => {
  let member: Awaited<ReturnType<typeof walletMember>>;
  let withdrawalId: number;

  beforeAll(async () => {
    // Day 1: a deposit and a stake. Day 2: a withdrawal, rejected by the operator on day 3. The
    // operator's steps are the admin commands' domain calls, on the test's clock.
    member = await walletMember(server);
    await creditDeposit(server.deps, { username: member.username, cents: 300_00, ref: 'wire-77' });
    await openRound(server, 15, 30);
    expect((await order(server, member.token, ROOM.usdtStandard, [line(0, 40)])).body.code).toBe(1);
    server.clock.now = dayStart(day + 1) + 12 * 3_600_000;
    const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    expect((await withdraw(server, member.token, { bank_id: card.id, money: 100, pwd: PAY_PASSWORD })).body.code).toBe(
      1,
    );
    const w = await server.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    withdrawalId = w.id;
    // The last instant of day 3 in UTC+8.
    server.clock.now = dayStart(day + 3) - 1;
    await rejectWithdrawal(server.deps, w.id, 'wrong network');
  });

  it('lists the range newest first with signs, balances before and after, reasons and refs', async () => {
    const all = await rows(member.token, { start: isoDate(day), end: isoDate(day + 2) });
    expect(all.map((r) => [r.reasonCode, r.type, r.money, r.before, r.after])).toEqual([
      ['withdraw_refund', 1, 100, 160, 260],
      ['withdraw', 2, 100, 260, 160],
      ['stake', 2, 40, 300, 260],
      ['deposit', 1, 300, 0, 300],
    ]);
    expect(all.map((r) => r.reason)).toEqual(['Withdrawal refunded', 'Withdrawal', 'Order stake', 'Deposit']);
    // What each row belongs to, in the member's terms: never an internal tag or id.
    expect(all[0].ref).toBe('TQn9Y2…bLSE · wrong network');
    expect(all[0].detail).toEqual({ round: '', outcome: null, account: 'TQn9Y2…bLSE', note: 'wrong network' });
    expect(all[1].ref).toBe('TQn9Y2…bLSE');
    expect(all[1].detail).toEqual({ round: '', outcome: null, account: 'TQn9Y2…bLSE', note: '' });
    expect(all[2].ref).toMatch(/^\d{8}-\d{4}$/);
    expect(all[2].detail).toEqual({ round: all[2].ref, outcome: null, account: '', note: '' });
    expect(all[3].ref).toBe('wire-77');
    expect(all[3].detail).toEqual({ round: '', outcome: null, account: '', note: 'wire-77' });
    expect(all.map((r) => r.ref).join(' ')).not.toContain(`#${withdrawalId}`);
    expect(all[0].time).toBe(Math.floor((dayStart(day + 3) - 1) / 1000));
    expect(all[3].time).toBe(Math.floor((dayStart(day) + 30 * 60_000) / 1000));
    const ids = all.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('reads the reasons in the request’s language', async () => {
    const range = { start: isoDate(day), end: isoDate(day + 2) };
    const vi = await rows(member.token, { ...range, lang: 'vi' });
    expect(vi.map((r) => r.reason)).toEqual(['Hoàn tiền rút', 'Rút tiền', 'Đặt lệnh', 'Nạp tiền']);
    const chs = await rows(member.token, { ...range, lang: 'chs' });
    expect(chs.map((r) => r.reason)).toEqual(['提现退回', '提现', '下单', '充值']);
    const cht = await rows(member.token, { ...range, lang: 'cht' });
    expect(cht.map((r) => r.reason)).toEqual(['提現退回', '提現', '下單', '儲值']);
    // The code stays the same whatever the language.
    expect(vi.map((r) => r.reasonCode)).toEqual(chs.map((r) => r.reasonCode));
  });

  it('takes whole UTC+8 days, both ends included', async () => {
    expect((await rows(member.token, { start: isoDate(day), end: isoDate(day) })).map((r) => r.reasonCode)).toEqual([
      'stake',
      'deposit',
    ]);
    expect(
      (await rows(member.token, { start: isoDate(day + 1), end: isoDate(day + 1) })).map((r) => r.reasonCode),
    ).toEqual(['withdraw']);
    expect(
      (await rows(member.token, { start: isoDate(day + 2), end: isoDate(day + 5) })).map((r) => r.reasonCode),
    ).toEqual(['withdraw_refund']);
    expect(await rows(member.token, { start: isoDate(day - 10), end: isoDate(day - 1) })).toEqual([]);
  });

  it('pages with the before cursor and limit', async () => {
    const range = { start: isoDate(day), end: isoDate(day + 2) };
    const all = await rows(member.token, range);
    const first = await rows(member.token, { ...range, limit: 3 });
    expect(first).toEqual(all.slice(0, 3));
    const second = await rows(member.token, { ...range, limit: 3, before: first[2].id });
    expect(second).toEqual(all.slice(3));
    expect(await rows(member.token, { ...range, limit: 3, before: all[3].id })).toEqual([]);
    expect(await rows(member.token, { ...range, limit: '2' })).toEqual(all.slice(0, 2));
  });

  it('defaults to 50 rows a page and allows up to 200', async () => {
    const busy = await walletMember(server);
    for (let i = 0; i < 210; i++) {
      await creditDeposit(server.deps, { username: busy.username, cents: 100, ref: `bulk-${i}` });
    }
    const range = { start: isoDate(day), end: isoDate(day + 3) };
    expect(await rows(busy.token, range)).toHaveLength(50);
    const max = await rows(busy.token, { ...range, limit: 200 });
    expect(max).toHaveLength(200);
    expect(max[0].ref).toBe('bulk-209');
    expect(await rows(busy.token, { ...range, limit: 200, before: max[199].id })).toHaveLength(10);
  });

  it('says a cancelled order by its round and outcome, and a deposit without a reference by nothing (no internal tag)', async () => {
    const m = await walletMember(server);
    await creditDeposit(server.deps, { username: m.username, cents: 50_00, ref: 'cli' });
    await creditDeposit(server.deps, { username: m.username, cents: 50_00, ref: '' });
    const round = await openRound(server, 15, 30);
    const placed = await order(server, m.token, ROOM.usdtStandard, [line(4, 20)]);
    expect(placed.body.code).toBe(1);
    const lineId = placed.body.data.order_ids[0];
    const cancelled = await server.call(ApiPath.gameCancel, {
      lang: 'en',
      token: m.token,
      roomid: ROOM.usdtStandard,
      order_id: lineId,
    });
    expect(cancelled.body.code).toBe(1);
    const today = isoDate(dayNumber(server.clock.now));
    const log = await rows(m.token, { start: today, end: today });
    expect(log.map((r) => [r.reasonCode, r.ref, r.detail])).toEqual([
      ['stake_refund', round.seqno, { round: round.seqno, outcome: 4, account: '', note: '' }],
      ['stake', round.seqno, { round: round.seqno, outcome: null, account: '', note: '' }],
      ['deposit', '', { round: '', outcome: null, account: '', note: '' }],
      ['deposit', '', { round: '', outcome: null, account: '', note: '' }],
    ]);
  });

  it('shows only the member’s own rows', async () => {
    const other = await walletMember(server);
    const range = { start: isoDate(day - 1), end: isoDate(day + 5) };
    expect(await rows(other.token, range)).toEqual([]);
    // A cursor cannot reach into another member's rows either.
    expect(await rows(other.token, { ...range, before: 1_000_000 })).toEqual([]);
  });

  it.each([
    ['start after end', { start: '2026-03-02', end: '2026-03-01' }, 'The start date cannot be later than the end date'],
    ['a day that does not exist', { start: '2026-02-30', end: '2026-03-01' }, 'Incomplete parameters'],
    ['a month that does not exist', { start: '2026-13-01', end: '2026-13-02' }, 'Incomplete parameters'],
    ['another date format', { start: '01/03/2026', end: '2026-03-02' }, 'Incomplete parameters'],
    ['a date with a time', { start: '2026-03-01T00:00', end: '2026-03-02' }, 'Incomplete parameters'],
    ['no start', { end: '2026-03-02' }, 'Incomplete parameters'],
    ['no dates', {}, 'Incomplete parameters'],
    ['a limit of 0', { start: '2026-03-01', end: '2026-03-02', limit: 0 }, 'Incomplete parameters'],
    ['a limit of 201', { start: '2026-03-01', end: '2026-03-02', limit: 201 }, 'Incomplete parameters'],
    ['a negative cursor', { start: '2026-03-01', end: '2026-03-02', before: -1 }, 'Incomplete parameters'],
  ])('%s answers 1001', async (_name, body, info) => {
    const answer = await financeFlow(server, member.token, body);
    expect(answer.body).toMatchObject({ code: 1001, info });
  });

  it('the date-range refusal reads in the request’s language', async () => {
    const answer = await financeFlow(server, member.token, { start: '2026-03-02', end: '2026-03-01', lang: 'vi' });
    expect(answer.body.code).toBe(1001);
    expect(answer.body.info).not.toMatch(/start date/);
  });
});
