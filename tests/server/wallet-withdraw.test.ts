/**
 * Withdrawals over HTTP (SPEC.md sections 3, 5; DESIGN.md sections 3, 4): a good request holds the
 * money with one fund-log row; every refusal answers its code and changes nothing; the daily
 * maximum counts the UTC+8 day; a retry with the same key is answered from the first request.
 * The turnover rule and the races have their own file (wallet-turnover.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { WithdrawalItem } from '../../src/shared/api/types';
import { runAdmin } from '../../src/server/admin/commands';
import { dayNumber, dayStart } from '../../src/server/domain/game/timing';
import { startServer, type TestServer } from './support/server';
import {
  addCard,
  BANK,
  call,
  ERC20_ADDRESS,
  leftMoney,
  ledgerOf,
  PAY_PASSWORD,
  setSetting,
  TRC20_ADDRESS,
  walletMember,
  withdraw,
} from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Turnover has its own tests; here a deposit may be withdrawn at once.
  await setSetting(server, 'turnoverMultiple', '0');
});
afterAll(() => server.close());

async function member(usd = 500) {
  const m = await walletMember(server, usd);
  const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
  return { ...m, card };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Asserts a refusal with its code, and that balance, fund log, withdrawals and accounts are as before. */
async function expectRefused(m: Member, body: Record<string, unknown>, code: number, info?: RegExp) {
  const before = await ledgerOf(server, m.id);
  const answer = await withdraw(server, m.token, body);
  expect(answer.body.code).toBe(code);
  if (info) expect(answer.body.info).toMatch(info);
  expect(await ledgerOf(server, m.id)).toEqual(before);
}

describe('getLeftmoney', () => {
  it('answers the balance, no turnover owed, and whether a withdrawal password is set', async () => {
    const m = await member(123.45);
    expect(await leftMoney(server, m.token)).toEqual({
      leftmoney: 123.45,
      turnoverRemaining: 0,
      pendingWithdrawals: 0,
      hasPayPassword: true,
    });
    const without = await walletMember(server, 0, { payPwd: null });
    expect(await leftMoney(server, without.token)).toEqual({
      leftmoney: 0,
      turnoverRemaining: 0,
      pendingWithdrawals: 0,
      hasPayPassword: false,
    });
    expect((await server.call(ApiPath.leftMoney, { lang: 'en' })).body.code).toBe(409);
  });
});

describe('a good withdrawal', () => {
  it('answers data 1 and holds the money: one debit with one fund-log row, one pending withdrawal', async () => {
    const m = await member(500);
    const answer = await withdraw(server, m.token, { bank_id: m.card.id, money: 120.5, pwd: PAY_PASSWORD });
    expect(answer.body).toMatchObject({ code: 1, data: 1, info: expect.stringMatching(/success/i) });
    const after = await ledgerOf(server, m.id);
    expect(after.balance).toBe(379_50);
    const row = after.rows[after.rows.length - 1];
    expect(row).toMatchObject({
      amount_cents: -120_50,
      before_cents: 500_00,
      after_cents: 379_50,
      reason_code: 'withdraw',
      ref_type: 'withdrawal',
    });
    const w = await server.deps.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(w).toMatchObject({
      id: Number(row.ref_id),
      card_id: m.card.id,
      card_type: 'USDT-TRC20',
      card_address: TRC20_ADDRESS,
      amount_cents: 120_50,
      status: 'pending',
      decided_at: null,
      created_at: server.clock.now,
    });
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 379.5, turnoverRemaining: 0 });
  });

  it('takes the whole balance, ids and amounts as text, and a bank account', async () => {
    const m = await walletMember(server, 75.25);
    const bank = await addCard(server, m.token);
    const answer = await withdraw(server, m.token, { bank_id: String(bank.id), money: '75.25', pwd: PAY_PASSWORD });
    expect(answer.body.code).toBe(1);
    expect((await ledgerOf(server, m.id)).balance).toBe(0);
  });

  it('keeps its copy of the destination when the account is deleted afterwards', async () => {
    const m = await member(100);
    expect((await withdraw(server, m.token, { bank_id: m.card.id, money: 10, pwd: PAY_PASSWORD })).body.code).toBe(1);
    expect((await call(server, ApiPath.deleteBankCard, m.token, { id: m.card.id })).body.code).toBe(1);
    const w = await server.deps.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(w).toMatchObject({ card_id: m.card.id, card_address: TRC20_ADDRESS, status: 'pending' });
    // A deleted account cannot be withdrawn to any more.
    await expectRefused(m, { bank_id: m.card.id, money: 10, pwd: PAY_PASSWORD }, 1032);
  });
});

describe('every refusal answers its code and changes nothing', () => {
  let m: Member;
  beforeEach(async () => {
    m = await member(200);
  });

  it.each([
    ['no amount', { money: undefined }, 1050],
    ['a zero amount', { money: 0 }, 1050],
    ['a negative amount', { money: -5 }, 1050],
    ['three decimals', { money: 10.005 }, 1050],
    ['a float artefact', { money: 0.1 + 0.2 }, 1050],
    ['a huge amount', { money: 1e21 }, 1050],
    ['an amount in words', { money: 'ten' }, 1050],
    ['no account', { bank_id: undefined }, 2058],
    ['an empty account', { bank_id: '' }, 2058],
    ['a null account', { bank_id: null }, 2058],
    ['no account and no amount', { bank_id: '', money: undefined }, 2058],
    ['an empty password', { pwd: '' }, 2057],
    ['no password field', { pwd: undefined }, 2057],
    ['a wrong password', { pwd: '135799' }, 1033],
    ['an unknown account', { bank_id: 987_654 }, 1032],
    ['more than the balance', { money: 200.01 }, 1025],
    ['an idempotency key that is too long', { idempotencyKey: 'k'.repeat(129) }, 1001],
  ])('%s answers %i', async (_name, change, code) => {
    await expectRefused(m, { bank_id: m.card.id, money: 50, pwd: PAY_PASSWORD, ...change }, code);
  });

  it('another member’s account answers 1032, even with a good password and amount', async () => {
    const other = await member(10);
    await expectRefused(m, { bank_id: other.card.id, money: 50, pwd: PAY_PASSWORD }, 1032, /account does not exist/);
    expect(await ledgerOf(server, other.id)).toMatchObject({ balance: 10_00, withdrawals: 0 });
  });

  it('no withdrawal password set answers 2057', async () => {
    const without = await walletMember(server, 100, { payPwd: null });
    // An account saved before adding one asked for the withdrawal password (it cannot be added so now).
    const card = await server.deps.db
      .insertInto('bank_cards')
      .values({
        member_id: without.id,
        type: 'USDT-ERC20',
        bank: '',
        account: '',
        username: '',
        branch: '',
        address: ERC20_ADDRESS,
        fingerprint: `USDT-ERC20|${ERC20_ADDRESS.toLowerCase()}`,
        created_at: server.clock.now - 48 * 3600_000,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await ledgerOf(server, without.id);
    const answer = await withdraw(server, without.token, { bank_id: card.id, money: 10, pwd: '123456' });
    expect(answer.body.code).toBe(2057);
    expect(await ledgerOf(server, without.id)).toEqual(before);
  });

  it('a frozen member is refused at the session (403) and nothing moves', async () => {
    const io = { env: server.database.env, out: () => undefined, err: () => undefined };
    expect(await runAdmin(['member:freeze', m.username], io)).toBe(0);
    await expectRefused(m, { bank_id: m.card.id, money: 50, pwd: PAY_PASSWORD }, 403);
    expect(await runAdmin(['member:unfreeze', m.username], io)).toBe(0);
    expect((await withdraw(server, m.token, { bank_id: m.card.id, money: 50, pwd: PAY_PASSWORD })).body.code).toBe(1);
  });

  it('answers in the request’s language', async () => {
    const body = { bank_id: m.card.id, money: 50, pwd: '135799' };
    const en = await withdraw(server, m.token, { ...body, lang: 'en' });
    const vi = await withdraw(server, m.token, { ...body, lang: 'vi' });
    expect(en.body.info).toBe('Wrong withdrawal password');
    expect(vi.body.code).toBe(1033);
    expect(vi.body.info).not.toBe(en.body.info);
  });
});

describe('the daily maximum (maxWithdrawalsPerDay, UTC+8 day)', () => {
  afterAll(() => setSetting(server, 'maxWithdrawalsPerDay', '3'));

  it('refuses the next request past the maximum with 1048; rejected requests do not count; the next day is new', async () => {
    await setSetting(server, 'maxWithdrawalsPerDay', '2');
    // Early in a UTC+8 day, so the two requests and the refusal fall on the same day.
    server.clock.now = dayStart(dayNumber(server.clock.now) + 1) + 60_000;
    const m = await member(500);
    const body = { bank_id: m.card.id, money: 10, pwd: PAY_PASSWORD };
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
    // The text names today's limit, in the member's language, not "allowed only once".
    await expectRefused(m, body, 1048, /^You have reached today's limit of 2 withdrawals\./);
    const vi = await withdraw(server, m.token, { ...body, lang: 'vi' });
    expect(vi.body).toMatchObject({ code: 1048, info: expect.stringContaining('giới hạn 2 lần rút tiền') });
    const zh = await withdraw(server, m.token, { ...body, lang: 'chs' });
    expect(zh.body).toMatchObject({ code: 1048, info: expect.stringContaining('今日 2 次的提现上限') });
    const tw = await withdraw(server, m.token, { ...body, lang: 'cht' });
    expect(tw.body).toMatchObject({ code: 1048, info: expect.stringContaining('今日 2 次的提現上限') });

    // The operator rejects one: the member may ask again today.
    const first = await server.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', m.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const io = { env: server.database.env, out: () => undefined, err: () => undefined };
    expect(await runAdmin(['withdraw:reject', String(first.id)], io)).toBe(0);
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
    await expectRefused(m, body, 1048);

    // 23:59 UTC+8 is still today; midnight UTC+8 starts a new day.
    server.clock.now = dayStart(dayNumber(server.clock.now) + 1) - 1_000;
    await expectRefused(m, body, 1048);
    server.clock.advance(1_000);
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
  });

  it('0 stops withdrawals, and says so rather than naming a limit of 0', async () => {
    await setSetting(server, 'maxWithdrawalsPerDay', '0');
    const m = await member(50);
    await expectRefused(m, { bank_id: m.card.id, money: 10, pwd: PAY_PASSWORD }, 1048, /stopped for now; contact/);
  });

  it('parallel requests of one member never pass the maximum', async () => {
    await setSetting(server, 'maxWithdrawalsPerDay', '3');
    const m = await member(500);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => withdraw(server, m.token, { bank_id: m.card.id, money: 10, pwd: PAY_PASSWORD })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((code) => code === 1)).toHaveLength(3);
    // Beyond five password checks at once, the withdrawal password's try counter refuses too (3001).
    expect(codes.filter((code) => code !== 1).every((code) => code === 1048 || code === 3001)).toBe(true);
    const after = await ledgerOf(server, m.id);
    expect(after).toMatchObject({ balance: 470_00, withdrawals: 3 });
  });
});

describe('idempotency key', () => {
  it('a retry with the same key and body answers 1 again and withdraws once', async () => {
    const m = await member(300);
    const body = { bank_id: m.card.id, money: 100, pwd: PAY_PASSWORD, idempotencyKey: 'retry-1' };
    expect((await withdraw(server, m.token, body)).body).toMatchObject({ code: 1, data: 1 });
    const once = await ledgerOf(server, m.id);
    expect((await withdraw(server, m.token, body)).body).toMatchObject({ code: 1, data: 1 });
    expect(await ledgerOf(server, m.id)).toEqual(once);
    expect(once).toMatchObject({ balance: 200_00, withdrawals: 1 });
  });

  it('the same key with another amount or account is refused (1001) and changes nothing', async () => {
    const m = await member(300);
    const other = await addCard(server, m.token, { type: 'USDT-ERC20', address: ERC20_ADDRESS });
    const body = { bank_id: m.card.id, money: 100, pwd: PAY_PASSWORD, idempotencyKey: 'reuse-1' };
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
    await expectRefused(m, { ...body, money: 101 }, 1001);
    await expectRefused(m, { ...body, bank_id: other.id }, 1001);
    // Another member may use the same key for their own withdrawal.
    const n = await member(300);
    expect((await withdraw(server, n.token, { ...body, bank_id: n.card.id })).body.code).toBe(1);
  });

  it('the same key sent twice at once withdraws once', async () => {
    const m = await member(300);
    const body = { bank_id: m.card.id, money: 100, pwd: PAY_PASSWORD, idempotencyKey: 'double-tap' };
    const answers = await Promise.all([withdraw(server, m.token, body), withdraw(server, m.token, body)]);
    expect(answers.map((a) => a.body.code)).toEqual([1, 1]);
    expect(await ledgerOf(server, m.id)).toMatchObject({ balance: 200_00, withdrawals: 1 });
  });

  it('a refused request stores nothing, so the same key works once the cause is fixed', async () => {
    const m = await member(50);
    const body = { bank_id: m.card.id, money: 80, pwd: PAY_PASSWORD, idempotencyKey: 'after-refusal' };
    expect((await withdraw(server, m.token, body)).body.code).toBe(1025);
    await runAdmin(['credit', m.username, '50'], {
      env: server.database.env,
      out: () => undefined,
      err: () => undefined,
    });
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
    expect(await ledgerOf(server, m.id)).toMatchObject({ balance: 20_00, withdrawals: 1 });
  });
});

describe('getWithdrawals: the member’s own withdrawals and their status', () => {
  it('lists them newest first, masked, with the status and the operator’s note; pending ones are said by getLeftmoney', async () => {
    const m = await member(500);
    const account = `6600 1234 ${String(Date.now()).slice(-4)}`;
    const bank = await addCard(server, m.token, { ...BANK, account });
    const usdt = m.card;
    expect((await withdraw(server, m.token, { bank_id: bank.id, money: 100, pwd: PAY_PASSWORD })).body.code).toBe(1);
    expect((await withdraw(server, m.token, { bank_id: usdt.id, money: 50, pwd: PAY_PASSWORD })).body.code).toBe(1);
    const list = async (body: Record<string, unknown> = {}) =>
      (await call<WithdrawalItem[]>(server, ApiPath.withdrawals, m.token, body)).body.data;

    const [second, first] = await list();
    expect(second).toMatchObject({
      money: 50,
      type: 'USDT-TRC20',
      account: 'TQn9Y2…bLSE',
      status: 'pending',
      note: '',
      decidedAt: null,
    });
    expect(first).toMatchObject({
      money: 100,
      type: 'Bank',
      account: `Vietcombank ···${account.slice(-4)}`,
      status: 'pending',
    });
    // The full destination never travels back.
    expect(JSON.stringify(await list())).not.toContain(TRC20_ADDRESS);
    expect(JSON.stringify(await list())).not.toContain(account.replace(/ /g, '').slice(0, 8));
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 350, pendingWithdrawals: 150 });

    const io = { env: server.database.env, out: () => undefined, err: () => undefined };
    expect(await runAdmin(['withdraw:approve', String(first.id)], io)).toBe(0);
    expect(await runAdmin(['withdraw:reject', String(second.id), '--note', 'Address not verified'], io)).toBe(0);
    const decided = await list();
    expect(decided.map((w) => [w.id, w.status, w.note])).toEqual([
      [second.id, 'rejected', 'Address not verified'],
      [first.id, 'paid', ''],
    ]);
    expect(decided.every((w) => typeof w.decidedAt === 'number')).toBe(true);
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 400, pendingWithdrawals: 0 });

    // Paging, and nobody else's.
    expect((await list({ limit: 1 })).map((w) => w.id)).toEqual([second.id]);
    expect((await list({ before: second.id })).map((w) => w.id)).toEqual([first.id]);
    const other = await member(10);
    expect((await call<WithdrawalItem[]>(server, ApiPath.withdrawals, other.token, {})).body.data).toEqual([]);
    expect((await server.call(ApiPath.withdrawals, { lang: 'en' })).body.code).toBe(409);
  });
});
