/**
 * The operator's wallet commands against the server's database: list withdrawals, approve (paid,
 * no balance change) and reject (refunded through the ledger), each decided once; member levels;
 * the wallet settings; the audit's withdrawal check. In-process for each rule, and as a real
 * process (npm run admin's entry) for a reject and the audit.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { UserInfo } from '../../src/shared/api/types';
import { adminOf, adminProcess as runAdminProcess, adminProcessAsync as runAdminProcessAsync } from './support/admin';
import { startServer, type TestServer } from './support/server';
import { addCard, call, ledgerOf, PAY_PASSWORD, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  expect((await admin('settings:set', 'turnoverMultiple', '0')).code).toBe(0);
});
afterAll(() => server.close());

const admin = adminOf(() => server);

const adminProcess = (...argv: string[]) => runAdminProcess(server, ...argv);

/** The same, without waiting: for two operators at once. */
const adminProcessAsync = (...argv: string[]) => runAdminProcessAsync(server, ...argv);

/** A member with `usd`, who has requested a withdrawal of `amount`; answers the withdrawal's id. */
async function pendingWithdrawal(usd = 200, amount = 50) {
  const member = await walletMember(server, usd);
  const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
  expect((await withdraw(server, member.token, { bank_id: card.id, money: amount, pwd: PAY_PASSWORD })).body.code).toBe(
    1,
  );
  const row = await server.deps.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('member_id', '=', member.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { member, id: row.id };
}

function withdrawalRow(id: number) {
  return server.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditPasses(): Promise<void> {
  const result = await admin('audit');
  expect(result.out).toMatch(/ok {3}every withdrawal is held once in the fund log/);
  expect(result.code, result.out).toBe(0);
}

describe('withdraw:list', () => {
  it('lists withdrawals with member, amount, destination and status; filters by --status', async () => {
    expect((await admin('withdraw:list', '--status', 'paid')).out).toBe('No paid withdrawals.');
    const { member, id } = await pendingWithdrawal(200, 12.5);
    const all = await admin('withdraw:list');
    expect(all.code).toBe(0);
    expect(all.out).toContain(
      `#${id} pending 12.50 USD, member ${member.username} (#${member.id}), to USDT-TRC20 ${TRC20_ADDRESS}, requested `,
    );
    const pending = await admin('withdraw:list', '--status=pending');
    expect(pending.out).toMatch(/\d+ pending withdrawals?, [\d,.]+ USD in all\.$/);
    expect(pending.out).toContain(`#${id} pending`);
    expect((await admin('withdraw:list', '--status', 'rejected')).out).not.toContain(`#${id} `);
  });

  it.each([
    [['withdraw:list', '--status', 'done'], /--status takes pending, paid, rejected, cancelled/],
    [['withdraw:list', 'pending'], /no positional arguments/],
    [['withdraw:list', '--state', 'paid'], /unknown option --state/],
  ])('refuses %j as a usage error (exit 2)', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });
});

describe('withdraw:approve', () => {
  it('marks a pending withdrawal paid with its decision time; no balance change, no fund-log row', async () => {
    const { member, id } = await pendingWithdrawal(200, 50);
    const before = await ledgerOf(server, member.id);
    const result = await admin('withdraw:approve', String(id), '--note', 'tx 0xabc');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      `Approved withdrawal #${id}: pending -> paid, 50.00 USD to ${member.username} via USDT-TRC20 ${TRC20_ADDRESS}. ` +
        'No balance change (the money was held when it was requested).',
    );
    expect(await ledgerOf(server, member.id)).toEqual(before);
    expect(await withdrawalRow(id)).toMatchObject({ status: 'paid', note: 'tx 0xabc', decided_at: expect.any(Number) });
    await auditPasses();
  });

  it('refuses a second approval and a rejection after approval (exit 1), changing nothing', async () => {
    const { member, id } = await pendingWithdrawal();
    expect((await admin('withdraw:approve', String(id))).code).toBe(0);
    const row = await withdrawalRow(id);
    const before = await ledgerOf(server, member.id);
    const again = await admin('withdraw:approve', String(id));
    expect(again.code).toBe(1);
    expect(again.err).toBe(
      `withdraw:approve: withdrawal #${id} is already paid; only a pending withdrawal can be approved`,
    );
    const reject = await admin('withdraw:reject', String(id));
    expect(reject.code).toBe(1);
    expect(reject.err).toMatch(/already paid; only a pending withdrawal can be rejected/);
    expect(await ledgerOf(server, member.id)).toEqual(before);
    expect(await withdrawalRow(id)).toEqual(row);
  });
});

describe('withdraw:reject', () => {
  it('gives the money back through the ledger: one withdraw_refund row referencing the withdrawal', async () => {
    const { member, id } = await pendingWithdrawal(200, 80);
    expect((await ledgerOf(server, member.id)).balance).toBe(120_00);
    const result = await admin('withdraw:reject', String(id), '--note', 'account name mismatch');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      new RegExp(
        `^Rejected withdrawal #${id}: pending -> rejected, 80\\.00 USD given back to ${member.username}: ` +
          'balance 120\\.00 -> 200\\.00 USD \\(fund log #\\d+\\)\\.$',
      ),
    );
    const after = await ledgerOf(server, member.id);
    expect(after.balance).toBe(200_00);
    expect(after.rows[after.rows.length - 1]).toMatchObject({
      amount_cents: 80_00,
      before_cents: 120_00,
      after_cents: 200_00,
      reason_code: 'withdraw_refund',
      reason_text: 'account name mismatch',
      ref_type: 'withdrawal',
      ref_id: String(id),
    });
    expect(await withdrawalRow(id)).toMatchObject({ status: 'rejected', note: 'account name mismatch' });
    // The member sees the refund in their fund log and their balance.
    const info = await call<UserInfo>(server, ApiPath.userInfo, member.token);
    expect(info.body.data.money).toBe(200);
    await auditPasses();
  });

  it('refuses a second rejection and an approval after rejection (exit 1): refunded once only', async () => {
    const { member, id } = await pendingWithdrawal(100, 100);
    expect((await admin('withdraw:reject', String(id))).code).toBe(0);
    const before = await ledgerOf(server, member.id);
    const again = await admin('withdraw:reject', String(id));
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already rejected; only a pending withdrawal can be rejected/);
    const approve = await admin('withdraw:approve', String(id));
    expect(approve.code).toBe(1);
    expect(approve.err).toMatch(/already rejected; only a pending withdrawal can be approved/);
    expect(await ledgerOf(server, member.id)).toEqual(before);
    expect(before.balance).toBe(100_00);
  });

  it('two operators rejecting at once (two processes) refund once', async () => {
    const { member, id } = await pendingWithdrawal(100, 60);
    const results = await Promise.all([
      adminProcessAsync('withdraw:reject', String(id)),
      adminProcessAsync('withdraw:reject', String(id)),
    ]);
    expect(results.map((r) => r.status).sort(), JSON.stringify(results)).toEqual([0, 1]);
    expect(results.find((r) => r.status === 1)?.stderr).toMatch(/already rejected/);
    const after = await ledgerOf(server, member.id);
    expect(after.balance).toBe(100_00);
    expect(after.rows.filter((r) => r.reason_code === 'withdraw_refund')).toHaveLength(1);
  });

  it.each([
    [['withdraw:reject', '999999'], 1, /no withdrawal #999999/],
    [['withdraw:approve', '999999'], 1, /no withdrawal #999999/],
    [['withdraw:reject'], 2, /expected one numeric <id>/],
    [['withdraw:reject', 'abc'], 2, /expected one numeric <id>/],
    [['withdraw:approve', '1', '2'], 2, /expected one numeric <id>/],
    [['withdraw:reject', '1', '--note'], 2, /--note needs a value/],
    [['withdraw:reject', '1', '--note', 'x'.repeat(501)], 1, /at most 500 characters/],
  ])('refuses %j (exit %i)', async (argv, exit, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(exit);
    expect(result.err).toMatch(message);
  });
});

describe('the audit of withdrawals', () => {
  it('names a withdrawal marked rejected without its refund, and a refund row of nothing', async () => {
    const { id } = await pendingWithdrawal();
    await sql
      .raw(`UPDATE withdrawals SET status = 'rejected', decided_at = 1 WHERE id = ${id}`)
      .execute(server.deps.db);
    try {
      const result = await admin('audit');
      expect(result.code).toBe(1);
      expect(result.out).toMatch(
        new RegExp(`FAIL every withdrawal is held once[\\s\\S]*withdrawal #${id} .*rejected\\): given back by none`),
      );
    } finally {
      await sql
        .raw(`UPDATE withdrawals SET status = 'pending', decided_at = NULL WHERE id = ${id}`)
        .execute(server.deps.db);
    }
    await auditPasses();
    const result = await admin('withdraw:approve', String(id));
    expect(result.code).toBe(0);
    await auditPasses();
  });
});

describe('member:level', () => {
  it('sets the VIP level the app shows', async () => {
    const member = await walletMember(server);
    const result = await admin('member:level', member.username, '3');
    expect(result).toMatchObject({ code: 0, out: `Member ${member.username}: level 1 -> 3.` });
    const info = await call<UserInfo>(server, ApiPath.userInfo, member.token);
    expect(info.body.data.level).toBe(3);
    expect((await admin('member:level', member.username, '8')).out).toBe(`Member ${member.username}: level 3 -> 8.`);
  });

  it.each([
    [['member:level', 'demo01', '0'], 1, /a level is a whole number from 1 to 8/],
    [['member:level', 'demo01', '9'], 1, /from 1 to 8/],
    [['member:level', 'demo01', '1.5'], 1, /from 1 to 8/],
    [['member:level', 'demo01', 'vip'], 1, /from 1 to 8/],
    [['member:level', 'nobody99', '2'], 1, /Refused: .*\(code 1002\)/],
    [['member:level', 'demo01'], 2, /expected <username> <1-8>/],
  ])('refuses %j (exit %i) and changes nothing', async (argv, exit, message) => {
    const before = await server.deps.db
      .selectFrom('members')
      .select('level')
      .where('username', '=', 'demo01')
      .executeTakeFirstOrThrow();
    const result = await admin(...argv);
    expect(result.code).toBe(exit);
    expect(result.err).toMatch(message);
    const after = await server.deps.db
      .selectFrom('members')
      .select('level')
      .where('username', '=', 'demo01')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('settings:set for the wallet', () => {
  it('changes the daily maximum and the turnover multiple; refuses junk', async () => {
    expect((await admin('settings:set', 'maxWithdrawalsPerDay', '5')).out).toBe(
      'Setting maxWithdrawalsPerDay: "3" -> "5".',
    );
    expect((await admin('settings:set', 'turnoverMultiple', '2.5')).out).toBe(
      'Setting turnoverMultiple: "0" -> "2.5".',
    );
    for (const [key, value, message] of [
      ['maxWithdrawalsPerDay', '-1', /whole number from 0/],
      ['maxWithdrawalsPerDay', '2.5', /whole number from 0/],
      ['maxWithdrawalsPerDay', '1001', /to 1000/],
      ['turnoverMultiple', '1.234', /at most two decimals/],
      ['turnoverMultiple', '101', /from 0 \(no turnover needed\) to 100/],
      ['turnoverMultiple', 'x', /turnoverMultiple is a number/],
    ] as const) {
      // `--` ends the options, so a value may start with "-".
      const result = await admin('settings:set', '--', key, value);
      expect(result.code, `${key} ${value}`).toBe(1);
      expect(result.err).toMatch(message);
    }
    // Without it, "-1" reads as an option: a usage error that says what to do.
    const flag = await admin('settings:set', 'maxWithdrawalsPerDay', '-1');
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/unknown option -1 \(a value that starts with "-" goes after "--"\)/);
    const stored = await server.deps.db.selectFrom('settings').selectAll().execute();
    const get = (key: string) => stored.find((s) => s.key === key)?.value;
    expect([get('maxWithdrawalsPerDay'), get('turnoverMultiple')]).toEqual(['5', '2.5']);
    expect((await admin('settings:set', 'turnoverMultiple', '0')).code).toBe(0);
    expect((await admin('settings:set', 'maxWithdrawalsPerDay', '3')).code).toBe(0);
  });

  it('the usage names every command and setting', async () => {
    const help = await admin('help');
    expect(help.code).toBe(0);
    for (const name of ['withdraw:list', 'withdraw:approve', 'withdraw:reject', 'member:level', 'invite:create'])
      expect(help.out).toContain(name);
    for (const key of ['maxWithdrawalsPerDay', 'turnoverMultiple', 'serviceUrl']) expect(help.out).toContain(key);
    expect(help.out).toContain('game:set');
  });
});

// At most two processes a test: each starts tsx, which on a loaded machine takes tens of seconds.
describe('as a real process (npm run admin)', () => {
  it('lists and rejects a withdrawal the running server took', async () => {
    const { member, id } = await pendingWithdrawal(150, 40);
    const listed = adminProcess('withdraw:list', '--status', 'pending');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`#${id} pending 40.00 USD, member ${member.username}`);

    const rejected = adminProcess('withdraw:reject', String(id), '--note', 'by process');
    expect(rejected.status, rejected.stderr).toBe(0);
    expect(rejected.stdout).toMatch(/balance 110\.00 -> 150\.00 USD/);
    const info = await call<UserInfo>(server, ApiPath.userInfo, member.token);
    expect(info.body.data.money).toBe(150);
  });

  it('then the audit passes', () => {
    const audit = adminProcess('audit');
    expect(audit.status, audit.stdout).toBe(0);
    expect(audit.stdout).toMatch(/ok {3}every withdrawal is held once in the fund log, and given back once only/);
    expect(audit.stdout).toMatch(/Audit passed/);
  });
});
