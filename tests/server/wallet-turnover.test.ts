/**
 * The turnover rule (stakes since the last deposit >= turnoverMultiple x that deposit) and
 * withdrawals racing orders and each other for the same money: exactly one wins, no balance ever
 * goes below zero, and the audit stays green.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { runAdmin } from '../../src/server/admin/commands';
import { runAudit } from '../../src/server/domain/audit';
import { drawCurrent, line, openRound, order, ROOM } from './support/game';
import { startServer, type TestServer } from './support/server';
import {
  addCard,
  call,
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
});
afterAll(() => server.close());

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => ({ env: server.database.env, out: () => undefined, err: () => undefined });

async function credit(username: string, usd: string): Promise<void> {
  expect(await runAdmin(['credit', username, usd], quiet())).toBe(0);
}

/** One line of `usd` in an open round; settled (its round drawn) unless `settle` is false. */
async function stake(token: string, usd: number, settle = true): Promise<number[]> {
  await openRound(server, 15, 30);
  const answer = await order(server, token, ROOM.usdtStandard, [line(0, usd)]);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(1);
  if (settle) await drawCurrent(server, 15);
  return answer.body.data.order_ids;
}

const usd = (cents: number) => cents / 100;

describe('turnover (turnoverMultiple, default 1)', () => {
  it('counts settled stakes after the last deposit, not cancelled or waiting ones, and shows what remains', async () => {
    const m = await walletMember(server);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const body = { bank_id: card.id, money: 10, pwd: PAY_PASSWORD };

    // No deposit yet: nothing is owed.
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 0, turnoverRemaining: 0 });
    await credit(m.username, '50');
    await stake(m.token, 20); // before the last deposit: does not count towards it
    await credit(m.username, '100');
    expect(await leftMoney(server, m.token)).toEqual({
      leftmoney: 0,
      turnoverRemaining: 100,
      pendingWithdrawals: 0,
      hasPayPassword: true,
    });

    // A waiting line is no turnover yet (it may still be cancelled); once settled it is.
    await stake(m.token, 60, false);
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 0, turnoverRemaining: 100 });
    await drawCurrent(server, 15);
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 0, turnoverRemaining: 40 });
    const before = await ledgerOf(server, m.id);
    const refused = await withdraw(server, m.token, body);
    expect(refused.body.code).toBe(1064);
    expect(refused.body.info).toBe('Betting turnover is not enough to withdraw yet');
    expect(await ledgerOf(server, m.id)).toEqual(before);

    // A cancelled order is no turnover.
    const [cancelled] = await stake(m.token, 20, false);
    expect(
      (await call(server, ApiPath.gameCancel, m.token, { roomid: ROOM.usdtStandard, order_id: cancelled })).body.code,
    ).toBe(1);
    await drawCurrent(server, 15);
    expect(await leftMoney(server, m.token)).toMatchObject({ turnoverRemaining: 40 });

    await stake(m.token, 40);
    // Turnover met: all of the balance (after the draws paid what they paid) is withdrawable.
    const balance = (await ledgerOf(server, m.id)).balance;
    expect(await leftMoney(server, m.token)).toEqual({
      leftmoney: usd(balance),
      turnoverRemaining: 0,
      pendingWithdrawals: 0,
      hasPayPassword: true,
    });
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
    // The withdrawal is held out of the balance and said as pending; the rest stays withdrawable.
    expect((await ledgerOf(server, m.id)).balance).toBe(balance - 10_00);
    expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: usd(balance - 10_00), pendingWithdrawals: 10 });

    // A new deposit asks for its own turnover.
    await credit(m.username, '25');
    expect(await leftMoney(server, m.token)).toMatchObject({
      leftmoney: 0,
      turnoverRemaining: 25,
      pendingWithdrawals: 10,
    });
  });

  it('follows the operator’s multiple: 1.5x, then 0 (off)', async () => {
    const m = await walletMember(server, 100);
    await stake(m.token, 100);
    const balance = (await ledgerOf(server, m.id)).balance;
    expect(await leftMoney(server, m.token)).toMatchObject({ turnoverRemaining: 0 });
    try {
      await setSetting(server, 'turnoverMultiple', '1.5');
      expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: 0, turnoverRemaining: 50 });
      await credit(m.username, '10');
      expect(await leftMoney(server, m.token)).toMatchObject({ turnoverRemaining: 15 });
      await setSetting(server, 'turnoverMultiple', '0');
      expect(await leftMoney(server, m.token)).toMatchObject({ leftmoney: usd(balance + 10_00), turnoverRemaining: 0 });
    } finally {
      await setSetting(server, 'turnoverMultiple', '1');
    }
  });
});

describe('races for the same money', () => {
  beforeAll(() => setSetting(server, 'turnoverMultiple', '0'));
  afterAll(() => setSetting(server, 'turnoverMultiple', '1'));

  it('a withdrawal and an order for the whole balance at once: exactly one wins', async () => {
    // The withdrawal checks its password (scrypt) before its transaction; the order waits a little
    // longer each time, so some attempts meet inside the database and later ones find it held.
    for (const delayMs of [0, 15, 30, 45, 60, 90, 150]) {
      const m = await walletMember(server, 100);
      const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
      await openRound(server, 15, 30);
      const [w, o] = await Promise.all([
        withdraw(server, m.token, { bank_id: card.id, money: 100, pwd: PAY_PASSWORD }),
        delay(delayMs).then(() => order(server, m.token, ROOM.usdtStandard, [line(0, 100)])),
      ]);
      const codes = [w.body.code, o.body.code];
      expect(
        codes.filter((c) => c === 1),
        JSON.stringify(codes),
      ).toHaveLength(1);
      // The loser was refused for want of money: 1025 (withdraw) or 1043 (order).
      expect(codes).toEqual(w.body.code === 1 ? [1, 1043] : [1025, 1]);
      const after = await ledgerOf(server, m.id);
      expect(after.balance).toBe(0);
      expect(after.rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(0);
      expect(after.rows.every((r) => r.after_cents >= 0)).toBe(true);
      expect(after.withdrawals).toBe(w.body.code === 1 ? 1 : 0);
    }
  });

  it('several withdrawals with different keys for the same money: one wins, the rest get 1025', async () => {
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((key) =>
        withdraw(server, m.token, { bank_id: card.id, money: 70, pwd: PAY_PASSWORD, idempotencyKey: key }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 1025, 1025]);
    expect(await ledgerOf(server, m.id)).toMatchObject({ balance: 30_00, withdrawals: 1 });
  });

  it('leaves the audit green', async () => {
    const report = await runAudit(server.deps);
    expect(report.checks.filter((c) => c.breaches.length > 0)).toEqual([]);
  });
});
