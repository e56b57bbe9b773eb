/**
 * The ledger (DESIGN.md section 3): one conditional update plus a fund-log row per change.
 * Checked against a small in-memory model of expected balances, and under concurrent debits.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { FundReason } from '../../src/server/domain/fundReasons';
import { changeBalance } from '../../src/server/domain/ledger';
import { createMember } from '../../src/server/domain/operator';
import { Refused } from '../../src/server/domain/refused';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** One change in its own transaction, as a domain service would make it. */
async function apply(memberId: number, deltaCents: number): Promise<'ok' | 'refused'> {
  try {
    await server.deps.db.transaction().execute((trx) =>
      changeBalance(trx, {
        memberId,
        deltaCents,
        reason: deltaCents > 0 ? FundReason.OperatorDeposit : FundReason.Stake,
        refType: 'test',
        refId: String(deltaCents),
        insufficientCode: ErrorCode.WithdrawOverLimit,
        now: server.clock.now,
      }),
    );
    return 'ok';
  } catch (error) {
    if (error instanceof Refused && error.code === ErrorCode.WithdrawOverLimit) return 'refused';
    throw error;
  }
}

async function balance(memberId: number): Promise<number> {
  const row = await server.deps.db
    .selectFrom('members')
    .select('money_cents')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.money_cents;
}

async function ledgerRows(memberId: number) {
  return server.deps.db.selectFrom('fund_log').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

let seq = 0;
async function newMember(): Promise<number> {
  seq += 1;
  return (await createMember(server.deps, { username: `ledger${seq}x${Date.now() % 100000}`, password: 'pass1234' }))
    .id;
}

describe('changeBalance', () => {
  it('writes before/after/reason/ref with each change', async () => {
    const id = await newMember();
    expect(await apply(id, 500_00)).toBe('ok');
    expect(await apply(id, -120_25)).toBe('ok');
    const rows = await ledgerRows(id);
    expect(rows.map((r) => [r.amount_cents, r.before_cents, r.after_cents, r.reason_code])).toEqual([
      [500_00, 0, 500_00, 'deposit'],
      [-120_25, 500_00, 379_75, 'stake'],
    ]);
    expect(await balance(id)).toBe(379_75);
  });

  it('refuses a debit below zero and writes nothing', async () => {
    const id = await newMember();
    await apply(id, 10_00);
    expect(await apply(id, -10_01)).toBe('refused');
    expect(await balance(id)).toBe(10_00);
    expect(await ledgerRows(id)).toHaveLength(1);
  });

  it('the database itself refuses a negative balance (CHECK constraint)', async () => {
    const id = await newMember();
    await expect(
      server.deps.db.updateTable('members').set({ money_cents: -1 }).where('id', '=', id).execute(),
    ).rejects.toThrow();
    expect(await balance(id)).toBe(0);
  });

  it('concurrent debits never overspend', async () => {
    const id = await newMember();
    await apply(id, 1_000_00);
    const results = await Promise.all(Array.from({ length: 12 }, () => apply(id, -300_00)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(await balance(id)).toBe(100_00);
    const rows = await ledgerRows(id);
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(100_00);
    expect(rows.every((r) => r.after_cents >= 0)).toBe(true);
  });

  it('matches a model of expected balances over random workloads', async () => {
    const ids = [await newMember(), await newMember(), await newMember()];
    const model = new Map(ids.map((id) => [id, 0]));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 2 }),
            delta: fc.integer({ min: -50_000, max: 50_000 }).filter((d) => d !== 0),
          }),
          {
            minLength: 1,
            maxLength: 15,
          },
        ),
        async (ops) => {
          for (const op of ops) {
            const id = ids[op.who];
            const expectedOk = model.get(id)! + op.delta >= 0;
            expect(await apply(id, op.delta)).toBe(expectedOk ? 'ok' : 'refused');
            if (expectedOk) model.set(id, model.get(id)! + op.delta);
          }
          for (const id of ids) {
            expect(await balance(id)).toBe(model.get(id));
            const rows = await ledgerRows(id);
            expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(model.get(id));
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
