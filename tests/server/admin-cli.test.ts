/**
 * The operator command line against the same database as the server: in-process for each rule,
 * and as a real child process (npm run admin's entry) for the ledger round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { adminOf, adminProcess as runAdminProcess } from './support/admin';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = adminOf(() => server);

const adminProcess = (...argv: string[]) => runAdminProcess(server, ...argv);

async function balanceAndLedger(username: string): Promise<{ balance: number; ledgerSum: number; rows: number }> {
  const member = await server.deps.db
    .selectFrom('members')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const rows = await server.deps.db.selectFrom('fund_log').selectAll().where('member_id', '=', member.id).execute();
  return {
    balance: member.money_cents,
    ledgerSum: rows.reduce((sum, r) => sum + r.amount_cents, 0),
    rows: rows.length,
  };
}

describe('member:create', () => {
  it('creates a member who can log in', async () => {
    const result = await admin('member:create', 'alice01', 'pass1234');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/Created member alice01 \(id \d+\)/);
    expect((await server.call(ApiPath.login, { username: 'alice01', password: 'pass1234' })).body.code).toBe(1);
  });

  it.each([
    [['member:create', 'onlyletters', 'pass1234'], /letters and digits|1010/i],
    [['member:create', 'bob01', 'short'], /1015|1011/],
    [['member:create', 'demo01', 'pass1234'], /1013/],
  ])('refuses %j with a clear message and exit 1', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/Refused: /);
    expect(result.err).toMatch(message);
  });

  it('missing arguments are a usage error (exit 2)', async () => {
    const result = await admin('member:create', 'carol01');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Usage/);
  });
});

describe('invite:create', () => {
  it('creates a random 8-character code that registration accepts', async () => {
    const result = await admin('invite:create');
    expect(result.code).toBe(0);
    const code = /Created invitation code ([A-Z0-9]{8})\./.exec(result.out)?.[1];
    expect(code).toBeDefined();
    const row = await server.deps.db.selectFrom('invitations').selectAll().where('code', '=', code!).executeTakeFirst();
    expect(row).toMatchObject({ active: 1, uses: 0 });
  });

  it('creates the code given', async () => {
    expect((await admin('invite:create', 'SPRING24')).out).toBe('Created invitation code SPRING24.');
  });

  it('refuses a duplicate or malformed code', async () => {
    expect((await admin('invite:create', 'SPRING24')).err).toMatch(/already exists/);
    const bad = await admin('invite:create', 'no spaces!');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/letters or digits/);
    expect((await admin('invite:create', 'A', 'B')).code).toBe(2);
  });
});

describe('credit', () => {
  it('deposits through the ledger: balance and one fund-log row with the ref', async () => {
    await admin('member:create', 'dave01', 'pass1234');
    const result = await admin('credit', 'dave01', '250.50', '--ref', 'bank-tx-991');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /Credited 250\.50 USD to dave01: balance 0\.00 -> 250\.50 USD \(fund log #\d+, ref bank-tx-991\)/,
    );
    const rows = await server.deps.db.selectFrom('fund_log').selectAll().where('ref_id', '=', 'bank-tx-991').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount_cents: 25050,
      before_cents: 0,
      after_cents: 25050,
      reason_code: 'deposit',
      ref_type: 'admin',
    });
  });

  it('accepts --ref=TEXT and thousands separators', async () => {
    const result = await admin('credit', 'dave01', '1,000', '--ref=wire-2');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/balance 250\.50 -> 1,250\.50 USD/);
  });

  it.each([
    [['credit', 'dave01', '0'], 1, /positive/],
    [['credit', 'dave01', '-5'], 1, /positive/],
    [['credit', 'dave01', '1.234'], 1, /two decimals/],
    [['credit', 'dave01', 'ten'], 1, /positive/],
    [['credit', 'nobody99', '10'], 1, /1002/],
    [['credit', 'dave01'], 2, /Usage/],
    [['credit', 'dave01', '10', '--reff', 'x'], 2, /unknown option --reff/],
    [['credit', 'dave01', '10', '--ref'], 2, /needs a value/],
  ])('refuses %j (exit %i) and changes nothing', async (argv, exit, message) => {
    const before = await balanceAndLedger('dave01');
    const result = await admin(...argv);
    expect(result.code).toBe(exit);
    expect(result.err).toMatch(message);
    expect(await balanceAndLedger('dave01')).toEqual(before);
  });
});

describe('member:freeze / member:unfreeze', () => {
  it('freezes and unfreezes a member', async () => {
    await admin('member:create', 'erin01', 'pass1234');
    expect((await admin('member:freeze', 'erin01')).code).toBe(0);
    expect((await server.call(ApiPath.login, { username: 'erin01', password: 'pass1234' })).body.code).toBe(1069);
    expect((await admin('member:unfreeze', 'erin01')).code).toBe(0);
    expect((await server.call(ApiPath.login, { username: 'erin01', password: 'pass1234' })).body.code).toBe(1);
    expect((await admin('member:freeze', 'nobody99')).code).toBe(1);
  });
});

describe('settings:set', () => {
  it('changes what getconfig answers', async () => {
    const result = await admin('settings:set', 'serviceUrl', 'https://support.example.org/chat');
    expect(result.code).toBe(0);
    expect(result.out).toBe('Setting serviceUrl: "https://example.com/support" -> "https://support.example.org/chat".');
    const config = await server.call<{ serviceUrl: string; agreement: number }>(ApiPath.getConfig, {});
    expect(config.body.data.serviceUrl).toBe('https://support.example.org/chat');
    expect((await admin('settings:set', 'agreement', '2')).code).toBe(0);
    expect((await server.call<{ agreement: number }>(ApiPath.getConfig, {})).body.data.agreement).toBe(2);
    expect((await admin('settings:set', 'agreement', '1')).code).toBe(0);
  });

  it.each([
    [['settings:set', 'nosuch', 'x'], /unknown setting "nosuch"/],
    [['settings:set', 'agreement', '3'], /1 \(registration open\) or 2/],
    [['settings:set', 'serviceUrl', 'not a url'], /must be a URL/],
    [['settings:set', 'priceFeedUrl', 'https://ws.okx.com'], /must be a URL \(ws:, wss:\)/],
  ])('refuses %j with exit 1', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(message);
  });
});

describe('unknown commands', () => {
  it('print the usage and exit 2', async () => {
    const result = await admin('member:delete', 'x');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Unknown command "member:delete"/);
    expect((await admin()).code).toBe(2);
    expect((await admin('help')).code).toBe(0);
  });
});

describe('as a real process (npm run admin)', () => {
  it('credit moves the balance the running server reports, and fund-log sums equal balances', async () => {
    const created = adminProcess('member:create', 'frank01', 'pass1234');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created member frank01/);

    const credited = adminProcess('credit', 'frank01', '75.25', '--ref', 'proc-1');
    expect(credited.status, credited.stderr).toBe(0);
    expect(credited.stdout).toMatch(/Credited 75\.25 USD to frank01: balance 0\.00 -> 75\.25 USD/);

    const login = await server.call<{ token: string }>(ApiPath.login, { username: 'frank01', password: 'pass1234' });
    const info = await server.call<{ money: number }>(ApiPath.userInfo, { token: login.body.data.token });
    expect(info.body.data.money).toBe(75.25);

    const refused = adminProcess('credit', 'nobody99', '10');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Refused: .*\(code 1002\)/);

    // The invariant of DESIGN.md section 3 for every member, computed from rows, not from the code.
    const members = await server.deps.db.selectFrom('members').select('username').execute();
    for (const { username } of members) {
      const { balance, ledgerSum } = await balanceAndLedger(username);
      expect(balance, username).toBe(ledgerSum);
    }
    expect(await balanceAndLedger('frank01')).toEqual({ balance: 7525, ledgerSum: 7525, rows: 1 });
  });
});
