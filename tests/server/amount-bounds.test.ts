/**
 * Every amount is bounded so that no balance leaves the range where cents are exact numbers
 * (Number.MAX_SAFE_INTEGER): a deposit, a withdrawal and a stake each have a ceiling, a balance
 * holds at most MAX_BALANCE_CENTS after a deposit or an order's best outcome, and the ledger's
 * statement itself refuses any change past the exact range. Each refusal is 1050 and changes
 * nothing; the audit passes after them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BALANCE_CENTS,
  MAX_DEPOSIT_CENTS,
  MAX_STAKE_CENTS,
  MAX_WITHDRAWAL_CENTS,
  toUsd,
} from '../../src/shared/money';
import { changeBalance } from '../../src/server/domain/ledger';
import { FundReason } from '../../src/server/domain/fundReasons';
import { creditDeposit } from '../../src/server/domain/operator';
import { Refused } from '../../src/server/domain/refused';
import { adminOf } from './support/admin';
import { balanceCents, fundedMember, line, openRound, order, ROOM } from './support/game';
import { startServer, type TestServer } from './support/server';
import { addCard, ledgerOf, PAY_PASSWORD, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = adminOf(() => server);

async function auditPasses(): Promise<void> {
  const result = await admin('audit');
  expect(result.code, result.out).toBe(0);
}

describe('an operator deposit', () => {
  it('of one cent short of 2^53 cents (the amount that broke the audit) is refused with 1050', async () => {
    const member = await walletMember(server);
    const before = await ledgerOf(server, member.id);
    const result = await admin('credit', member.username, '90071992547409.91');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/Refused: Wrong amount \(code 1050\)/);
    await expect(
      creditDeposit(server.deps, { username: member.username, cents: Number.MAX_SAFE_INTEGER, ref: 'x' }),
    ).rejects.toMatchObject({ code: 1050 });
    expect(await ledgerOf(server, member.id)).toEqual(before);
    await auditPasses();
  });

  it('takes at most MAX_DEPOSIT_CENTS at once', async () => {
    const member = await walletMember(server);
    const over = await admin('credit', member.username, toUsd(MAX_DEPOSIT_CENTS + 1).toFixed(2));
    expect(over.code).toBe(1);
    expect(over.err).toMatch(/code 1050/);
    expect(await balanceCents(server, member.id)).toBe(0);
    const most = await admin('credit', member.username, toUsd(MAX_DEPOSIT_CENTS).toFixed(2));
    expect(most.code, most.err).toBe(0);
    expect(await balanceCents(server, member.id)).toBe(MAX_DEPOSIT_CENTS);
  });

  it('the usage names both ceilings', async () => {
    const help = await admin('credit', '--help');
    expect(help.out).toContain(
      'At most 100,000,000.00 USD at once, and a balance holds at most 100,000,000,000.00 USD',
    );
  });
});

describe('a balance at its ceiling', () => {
  let rich: Awaited<ReturnType<typeof walletMember>>;
  let cardId: number;

  beforeAll(async () => {
    // Withdrawals without the turnover rule: these tests are about amounts.
    expect((await admin('settings:set', 'turnoverMultiple', '0')).code).toBe(0);
    rich = await walletMember(server);
    cardId = (await addCard(server, rich.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS })).id;
    // MAX_BALANCE_CENTS / MAX_DEPOSIT_CENTS deposits of the most one may be: exactly the ceiling.
    const deposits = MAX_BALANCE_CENTS / MAX_DEPOSIT_CENTS;
    for (let done = 0; done < deposits; done += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, deposits - done) }, () =>
          creditDeposit(server.deps, { username: rich.username, cents: MAX_DEPOSIT_CENTS, ref: 'ceiling' }),
        ),
      );
    }
  });

  it('takes no further deposit, not even a cent (1050), and the fund log still adds up', async () => {
    expect(await balanceCents(server, rich.id)).toBe(MAX_BALANCE_CENTS);
    const before = await ledgerOf(server, rich.id);
    const cent = await admin('credit', rich.username, '0.01');
    expect(cent.code).toBe(1);
    expect(cent.err).toMatch(/code 1050/);
    expect(await ledgerOf(server, rich.id)).toEqual(before);
    expect(before.rows.at(-1)?.after_cents).toBe(MAX_BALANCE_CENTS);
    await auditPasses();
  });

  it('takes no order whose win would carry the balance past the ceiling (1050), and takes one that cannot', async () => {
    await openRound(server, 15);
    const before = await ledgerOf(server, rich.id);
    const refused = await order(server, rich.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(refused.body.code).toBe(1050);
    expect(await ledgerOf(server, rich.id)).toEqual(before);
    // Once the balance leaves room for the best outcome, the same order is taken.
    expect((await withdraw(server, rich.token, { bank_id: cardId, money: 100, pwd: PAY_PASSWORD })).body.code).toBe(1);
    const taken = await order(server, rich.token, ROOM.usdtStandard, [line(0, 20)]);
    expect(taken.body.code).toBe(1);
    await auditPasses();
  });

  it('withdraws at most MAX_WITHDRAWAL_CENTS at once (1050 above it)', async () => {
    const before = await ledgerOf(server, rich.id);
    const over = await withdraw(server, rich.token, {
      bank_id: cardId,
      money: toUsd(MAX_WITHDRAWAL_CENTS + 1),
      pwd: PAY_PASSWORD,
    });
    expect(over.body.code).toBe(1050);
    expect(await ledgerOf(server, rich.id)).toEqual(before);
    const most = await withdraw(server, rich.token, {
      bank_id: cardId,
      money: toUsd(MAX_WITHDRAWAL_CENTS),
      pwd: PAY_PASSWORD,
    });
    expect(most.body.code).toBe(1);
    expect(await balanceCents(server, rich.id)).toBe(before.balance - MAX_WITHDRAWAL_CENTS);
  });
});

describe('an order line', () => {
  it('stakes at most MAX_STAKE_CENTS (1050 above it), changing nothing', async () => {
    const player = await fundedMember(server, 3 * toUsd(MAX_STAKE_CENTS));
    await openRound(server, 15);
    const before = await balanceCents(server, player.id);
    const over = await order(server, player.token, ROOM.usdtStandard, [line(0, toUsd(MAX_STAKE_CENTS) + 1)]);
    expect(over.body.code).toBe(1050);
    expect(await balanceCents(server, player.id)).toBe(before);
    const most = await order(server, player.token, ROOM.usdtStandard, [line(0, toUsd(MAX_STAKE_CENTS))]);
    expect(most.body.code).toBe(1);
    expect(await balanceCents(server, player.id)).toBe(before - MAX_STAKE_CENTS);
  });
});

describe('the ledger statement', () => {
  it('refuses any change that would carry a balance past Number.MAX_SAFE_INTEGER cents', async () => {
    const member = await walletMember(server);
    // A balance no rule lets a member reach, written directly to reach the statement's own guard.
    const near = Number.MAX_SAFE_INTEGER - 5;
    await server.deps.db.updateTable('members').set({ money_cents: near }).where('id', '=', member.id).execute();
    try {
      const credit = server.deps.db.transaction().execute((trx) =>
        changeBalance(trx, {
          memberId: member.id,
          deltaCents: 10,
          reason: FundReason.Award,
          refType: 'test',
          refId: 'past the exact range',
          insufficientCode: 1050,
          now: server.clock.now,
        }),
      );
      await expect(credit).rejects.toBeInstanceOf(Refused);
      expect(await balanceCents(server, member.id)).toBe(near);
      expect((await ledgerOf(server, member.id)).rows).toEqual([]);
    } finally {
      await server.deps.db.updateTable('members').set({ money_cents: 0 }).where('id', '=', member.id).execute();
    }
  });
});
