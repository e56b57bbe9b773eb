/**
 * A member cancels a withdrawal still waiting for the operator (/api/Game/cancelWithdrawal): the
 * amount comes back through the ledger with a fund-log row of its own reason (withdraw_cancel); a
 * paid, rejected or cancelled withdrawal, another member's or an unknown one cannot be cancelled
 * (3012, nothing changes); the operator cannot pay or reject a cancelled one; and when the operator
 * approves while the member cancels, exactly one of them wins and the audit passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { FundLogEntry, WithdrawalItem } from '../../src/shared/api/types';
import { approveWithdrawal } from '../../src/server/domain/wallet/operatorWithdrawals';
import { isoDate, dayNumber } from '../../src/server/domain/game/timing';
import { adminOf, adminProcessAsync } from './support/admin';
import { startServer, type TestServer } from './support/server';
import {
  addCard,
  call,
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
  await setSetting(server, 'turnoverMultiple', '0');
});
afterAll(() => server.close());

const admin = adminOf(() => server);

/** A member with `usd` and a saved account. */
async function member(usd = 200) {
  const m = await walletMember(server, usd);
  const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
  return { ...m, card };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Asks for a withdrawal of `usd` and answers its id. */
async function requested(m: Member, usd: number): Promise<number> {
  expect((await withdraw(server, m.token, { bank_id: m.card.id, money: usd, pwd: PAY_PASSWORD })).body.code).toBe(1);
  const row = await server.deps.db
    .selectFrom('withdrawals')
    .select('id')
    .where('member_id', '=', m.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

function cancel(token: string, id: unknown, lang = 'en') {
  return call(server, ApiPath.cancelWithdrawal, token, { id, lang });
}

function statusOf(id: number) {
  return server.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditPasses(): Promise<void> {
  const result = await admin('audit');
  expect(result.out).toMatch(
    /ok {3}every withdrawal is held once in the fund log, and given back once only when rejected or cancelled/,
  );
  expect(result.code, result.out).toBe(0);
}

describe('cancelWithdrawal', () => {
  it('gives a pending withdrawal back: status cancelled, one withdraw_cancel fund-log row, shown as such', async () => {
    const m = await member(200);
    const id = await requested(m, 75.5);
    expect((await ledgerOf(server, m.id)).balance).toBe(124_50);
    const answer = await cancel(m.token, id);
    expect(answer.body).toMatchObject({ code: 1, data: null });
    const after = await ledgerOf(server, m.id);
    expect(after.balance).toBe(200_00);
    expect(after.rows.at(-1)).toMatchObject({
      amount_cents: 75_50,
      before_cents: 124_50,
      after_cents: 200_00,
      reason_code: 'withdraw_cancel',
      ref_type: 'withdrawal',
      ref_id: String(id),
    });
    expect(await statusOf(id)).toMatchObject({ status: 'cancelled', decided_at: server.clock.now });

    const list = await call<WithdrawalItem[]>(server, ApiPath.withdrawals, m.token);
    expect(list.body.data[0]).toMatchObject({ id, status: 'cancelled', decidedAt: server.clock.now });
    const today = isoDate(dayNumber(server.clock.now));
    const log = await call<FundLogEntry[]>(server, ApiPath.financeFlow, m.token, { start: today, end: today });
    expect(log.body.data[0]).toMatchObject({
      reasonCode: 'withdraw_cancel',
      reason: 'Withdrawal cancelled',
      type: 1,
      money: 75.5,
    });
    await auditPasses();
  });

  it('refuses a paid, a rejected and an already cancelled withdrawal (3012) and changes nothing', async () => {
    const m = await member(300);
    const paid = await requested(m, 10);
    const rejected = await requested(m, 20);
    const cancelled = await requested(m, 30);
    expect((await admin('withdraw:approve', String(paid), '--note', 'ref VCB-7781')).code).toBe(0);
    expect((await admin('withdraw:reject', String(rejected))).code).toBe(0);
    expect((await cancel(m.token, cancelled)).body.code).toBe(1);
    for (const id of [paid, rejected, cancelled]) {
      const before = await ledgerOf(server, m.id);
      const row = await statusOf(id);
      const answer = await cancel(m.token, id);
      expect(answer.body.code).toBe(3012);
      expect(answer.body.info).toBe(
        'This withdrawal cannot be cancelled: only one of yours still waiting for review can be.',
      );
      expect(await ledgerOf(server, m.id)).toEqual(before);
      expect(await statusOf(id)).toEqual(row);
    }
    await auditPasses();
  });

  it("refuses another member's pending withdrawal and an unknown one (3012), a malformed id (1001)", async () => {
    const owner = await member(100);
    const other = await member(100);
    const id = await requested(owner, 40);
    const before = await ledgerOf(server, owner.id);
    expect((await cancel(other.token, id)).body.code).toBe(3012);
    expect((await cancel(other.token, 999_999)).body.code).toBe(3012);
    for (const bad of ['x', -1, 1.5, null]) expect((await cancel(other.token, bad)).body.code).toBe(1001);
    expect(await ledgerOf(server, owner.id)).toEqual(before);
    expect((await statusOf(id)).status).toBe('pending');
    const vi = await cancel(other.token, id, 'vi');
    expect(vi.body.info).toContain('Không thể hủy lệnh rút tiền này');
  });

  it('the operator can neither pay nor reject a cancelled withdrawal', async () => {
    const m = await member(100);
    const id = await requested(m, 25);
    expect((await cancel(m.token, id)).body.code).toBe(1);
    const before = await ledgerOf(server, m.id);
    const approve = await admin('withdraw:approve', String(id));
    expect(approve.code).toBe(1);
    expect(approve.err).toBe(
      `withdraw:approve: withdrawal #${id} is already cancelled; only a pending withdrawal can be approved`,
    );
    const reject = await admin('withdraw:reject', String(id));
    expect(reject.code).toBe(1);
    expect(reject.err).toMatch(/already cancelled; only a pending withdrawal can be rejected/);
    expect(await ledgerOf(server, m.id)).toEqual(before);
    expect((await admin('withdraw:list', '--status', 'cancelled')).out).toContain(`#${id} cancelled 25.00 USD`);
  });

  it("a cancelled withdrawal does not count toward the day's limit", async () => {
    await setSetting(server, 'maxWithdrawalsPerDay', '1');
    try {
      const m = await member(100);
      const id = await requested(m, 10);
      expect((await withdraw(server, m.token, { bank_id: m.card.id, money: 10, pwd: PAY_PASSWORD })).body.code).toBe(
        1048,
      );
      expect((await cancel(m.token, id)).body.code).toBe(1);
      expect((await withdraw(server, m.token, { bank_id: m.card.id, money: 12, pwd: PAY_PASSWORD })).body.code).toBe(1);
    } finally {
      await setSetting(server, 'maxWithdrawalsPerDay', '3');
    }
  });
});

describe('the operator approves while the member cancels', () => {
  it('exactly one wins each time: paid and kept, or cancelled and given back; the audit passes', async () => {
    const m = await member(1_000);
    await setSetting(server, 'maxWithdrawalsPerDay', '50');
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push(await requested(m, 10 + i));
      const outcomes = await Promise.all(
        ids.map(async (id) => {
          // Half of them with the member's call sent first, so either side may reach the row first.
          const approving = () => approveWithdrawal(server.deps, id, 'ref race');
          const cancelling = () => cancel(m.token, id);
          const [approved, cancelled] =
            id % 2 === 0
              ? await Promise.allSettled([approving(), cancelling()])
              : await Promise.allSettled([cancelling(), approving()]).then(([c, a]) => [a, c] as const);
          return {
            id,
            approved: approved.status === 'fulfilled',
            cancelled: cancelled.status === 'fulfilled' && cancelled.value.body.code === 1,
          };
        }),
      );
      let expectedCents = 1_000_00;
      for (const { id, approved, cancelled } of outcomes) {
        expect(approved !== cancelled, `withdrawal #${id}: approved ${approved}, cancelled ${cancelled}`).toBe(true);
        const row = await statusOf(id);
        expect(row.status).toBe(approved ? 'paid' : 'cancelled');
        if (approved) expectedCents -= row.amount_cents;
      }
      expect((await ledgerOf(server, m.id)).balance).toBe(expectedCents);
      await auditPasses();
    } finally {
      await setSetting(server, 'maxWithdrawalsPerDay', '3');
    }
  });

  it('the same with the operator command as its own process', async () => {
    const m = await member(100);
    const id = await requested(m, 30);
    const [operator, member_] = await Promise.all([
      adminProcessAsync(server, 'withdraw:approve', String(id)),
      cancel(m.token, id),
    ]);
    const approved = operator.status === 0;
    const cancelled = member_.body.code === 1;
    expect(approved !== cancelled, `${operator.stderr} / ${JSON.stringify(member_.body)}`).toBe(true);
    if (!approved) expect(member_.body.code).toBe(1);
    else expect(member_.body.code).toBe(3012);
    expect((await ledgerOf(server, m.id)).balance).toBe(approved ? 70_00 : 100_00);
    await auditPasses();
  });
});
