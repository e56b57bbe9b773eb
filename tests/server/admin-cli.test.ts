/**
 * The operator command line against the same database as the server: in-process for each rule,
 * and as a real child process (npm run admin's entry) for the ledger round trip. The command line
 * itself: --help for the tool and every command without opening a database, unknown options
 * refused, passwords from standard input or a prompt without echo, never from argv.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/server/admin/commands';
import { secretReader } from '../../src/server/admin/secretInput';
import { ApiPath } from '../../src/shared/api/paths';
import {
  adminInProcess,
  adminOf,
  adminProcess as runAdminProcess,
  adminProcessWithInput,
  adminProgram,
} from './support/admin';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = adminOf(() => server);

const adminProcess = (...argv: string[]) => runAdminProcess(server, ...argv);

/** member:create with the password piped on standard input, as `printf '%s\n' pw | npm run admin -- ...`. */
const createMember = (username: string, password: string) =>
  admin.withInput(`${password}\n`)('member:create', username);

async function memberExists(username: string): Promise<boolean> {
  const row = await server.deps.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

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
  it('creates a member who can log in, with the password from standard input', async () => {
    const result = await createMember('alice01', 'pass1234');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/Created member alice01 \(id \d+\)/);
    expect((await server.call(ApiPath.login, { username: 'alice01', password: 'pass1234' })).body.code).toBe(1);
  });

  it('reads the first line only (CRLF too); the rest of standard input is left alone', async () => {
    expect((await admin.withInput('pass5678\r\nsomething else\n')('member:create', 'alice02')).code).toBe(0);
    expect((await server.call(ApiPath.login, { username: 'alice02', password: 'pass5678' })).body.code).toBe(1);
  });

  it.each([
    ['onlyletters', 'pass1234', /letters and digits|1010/i],
    ['bob01', 'short', /1015|1011/],
    ['bob02', '', /1015|1011|1001/],
    ['demo01', 'pass1234', /1013/],
  ])('refuses %s / %j with a clear message and exit 1', async (username, password, message) => {
    const result = await createMember(username, password);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/Refused: /);
    expect(result.err).toMatch(message);
  });

  it('missing arguments are a usage error (exit 2)', async () => {
    const result = await admin.withInput('pass1234\n')('member:create');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Usage/);
  });

  it.each([
    [['member:create', 'carol01', 'pass1234']],
    [['member:create', 'carol01', '--password', 'pass1234']],
    [['member:create', 'carol01', '--password=pass1234']],
    [['member:create', '--pwd', 'pass1234', 'carol01']],
    [['member:create', 'carol01', '-p', 'pass1234']],
  ])('refuses a password on argv %j (exit 2) and says how to give it', async (argv) => {
    const result = await admin.withInput('pass1234\n')(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/not taken on the command line/);
    expect(result.err).toMatch(/standard input/);
    expect(result.err).toContain(`printf '%s\\n' "$PASSWORD" | npm run admin -- member:create <username>`);
    expect(await memberExists('carol01')).toBe(false);
  });

  it('without any standard input it is a usage error that names the ways to give one', async () => {
    const empty = await admin.withInput('')('member:create', 'carol01');
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(
      /no password given: type it at the prompt, or give it as the first line of standard input/,
    );
    // A caller of runAdmin that gives no readSecret at all (another program) cannot create members.
    const none = await admin('member:create', 'carol01');
    expect(none.code).toBe(2);
    expect(await memberExists('carol01')).toBe(false);
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
    await createMember('dave01', 'pass1234');
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
    [['credit', 'dave01', '--', '-5'], 1, /positive/],
    [['credit', 'dave01', '-5'], 2, /unknown option -5 \(a value that starts with "-" goes after "--"\)/],
    [['credit', 'dave01', '1.234'], 1, /two decimals/],
    [['credit', 'dave01', 'ten'], 1, /positive/],
    [['credit', 'nobody99', '10'], 1, /1002/],
    [['credit', 'dave01'], 2, /Usage/],
    [['credit', 'dave01', '10', '--reff', 'x'], 2, /unknown option --reff/],
    [['credit', 'dave01', '10', '--ref'], 2, /--ref needs a value/],
    [['credit', 'dave01', '10', '--ref='], 2, /--ref needs a value/],
    [['credit', 'dave01', '10', '--ref', '--note'], 2, /--ref needs a value \(write --ref=VALUE/],
    [['credit', 'dave01', '10', '--help=yes'], 2, /--help takes no value/],
    [['credit', 'dave01', '10', '-x'], 2, /unknown option -x/],
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
    await createMember('erin01', 'pass1234');
    expect((await admin('member:freeze', 'erin01')).code).toBe(0);
    expect((await server.call(ApiPath.login, { username: 'erin01', password: 'pass1234' })).body.code).toBe(1069);
    expect((await admin('member:unfreeze', 'erin01')).code).toBe(0);
    expect((await server.call(ApiPath.login, { username: 'erin01', password: 'pass1234' })).body.code).toBe(1);
    expect((await admin('member:freeze', 'nobody99')).code).toBe(1);
  });
});

describe('member:password', () => {
  it('sets a forgotten login password from standard input: the old one and every session stop working, a lock is lifted', async () => {
    await createMember('fran01', 'pass1234');
    const login = (password: string) => server.call<{ token: string }>(ApiPath.login, { username: 'fran01', password });
    const session = (await login('pass1234')).body.data.token;
    // Locked by wrong tries, as a member who forgot it would be.
    for (let i = 0; i < 5; i += 1) await login('wrong999');
    expect((await login('pass1234')).body.code).toBe(3001);

    const result = await admin.withInput('newpass9\n')('member:password', 'fran01');
    expect(result.code).toBe(0);
    expect(result.out).toBe('Set a new login password for fran01; their sessions have ended.');
    expect(result.out).not.toContain('newpass9');
    server.expireCaches();
    expect((await server.call(ApiPath.userInfo, { token: session })).body.code).toBe(409);
    expect((await login('pass1234')).body.code).toBe(1003);
    expect((await login('newpass9')).body.code).toBe(1);
  });

  it('keeps the password rules and never takes the password on the command line', async () => {
    await createMember('fran02', 'pass1234');
    const weak = await admin.withInput('12\n')('member:password', 'fran02');
    expect(weak.code).toBe(1);
    expect((await admin.withInput('abc12345\n')('member:password', 'nobody99')).code).toBe(1);
    const onArgv = await admin('member:password', 'fran02', '--password', 'abc12345');
    expect(onArgv.code).toBe(2);
    expect(onArgv.err).toMatch(/not taken on the command line/);
    expect((await server.call(ApiPath.login, { username: 'fran02', password: 'pass1234' })).body.code).toBe(1);
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

  it("sets the deposit instructions the recharge page shows as written ('' by default)", async () => {
    const read = async () =>
      (await server.call<{ depositInstructions: string }>(ApiPath.getConfig, {})).body.data.depositInstructions;
    expect(await read()).toBe('');
    const text = 'Bank transfer to Vietcombank 0071000488123456, 09:00-21:00 (UTC+8): quote your account name.';
    expect((await admin('settings:set', 'depositInstructions', text)).code).toBe(0);
    expect(await read()).toBe(text);
    // A paragraph of plain text: too long, or a line break, is refused and changes nothing.
    const long = await admin('settings:set', 'depositInstructions', 'x'.repeat(601));
    expect(long.code).toBe(1);
    expect(long.err).toMatch(/at most 600 characters/);
    expect((await admin('settings:set', 'depositInstructions', 'two\nlines')).code).toBe(1);
    expect(await read()).toBe(text);
    expect((await admin('settings:set', 'depositInstructions', '')).code).toBe(0);
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
    expect(result.err).toMatch(/^Usage: npm run admin -- <command>/m);
    expect((await admin()).code).toBe(2);
    expect((await admin('--bogus')).code).toBe(2);
    expect((await admin('help', 'member:delete')).code).toBe(2);
  });
});

describe('--help and usage errors open no database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'admin-help-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A fresh DATA_DIR: nothing may appear in it (no app.sqlite, no migration). */
  const env = () => ({ DATA_DIR: join(dataDir, 'data'), DATABASE_URL: '' });
  const nothingOpened = () => {
    expect(existsSync(join(dataDir, 'data', 'app.sqlite'))).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
  };

  it.each([['help'], ['--help'], ['-h']])('%s prints the whole usage on standard output, exit 0', async (flag) => {
    const result = await adminInProcess(env(), [flag]);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out).toMatch(/^Usage: npm run admin -- <command> \[arguments\]$/m);
    for (const name of COMMAND_NAMES) expect(result.out).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(result.out).toMatch(/Exit codes: 0 done, 1 refused or an audit breach, 2 usage error\./);
    nothingOpened();
  });

  it.each(COMMAND_NAMES.map((name) => [name]))(
    '%s --help and -h print its usage, exit 0, and open nothing',
    async (name) => {
      for (const argv of [
        [name, '--help'],
        [name, '-h'],
        ['help', name],
        [name, 'x', '--help', '--bogus'],
      ]) {
        const result = await adminInProcess(env(), argv, 'pass1234\n');
        expect(result.code, argv.join(' ')).toBe(0);
        expect(result.out).toMatch(new RegExp(`^Usage: npm run admin -- ${name}( |\n|$)`));
        expect(result.err).toBe('');
      }
      nothingOpened();
    },
  );

  it.each(COMMAND_NAMES.map((name) => [name]))(
    '%s refuses an unknown option (exit 2) before opening anything',
    async (name) => {
      const result = await adminInProcess(env(), [name, '1', '--bogus', 'x'], 'pass1234\n');
      expect(result.code).toBe(2);
      expect(result.err).toMatch(new RegExp(`^${name}: unknown option --bogus`));
      expect(result.err).toMatch(new RegExp(`^Usage: npm run admin -- ${name}`, 'm'));
      nothingOpened();
    },
  );

  it('a wrong number of arguments is refused before opening anything', async () => {
    for (const argv of [['credit', 'bob'], ['member:level'], ['withdraw:reject', 'abc'], ['backup'], ['audit', 'x']]) {
      const result = await adminInProcess(env(), argv);
      expect(result.code, argv.join(' ')).toBe(2);
    }
    nothingOpened();
  });

  it('as a real process: credit --help exits 0 with its usage and creates no database', () => {
    const result = adminProgram(env(), ['credit', '--help']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run admin -- credit <username> <amount> \[--ref TEXT\]$/m);
    nothingOpened();
    const tool = adminProgram(env(), ['-h']);
    expect(tool.status).toBe(0);
    expect(tool.stdout).toMatch(/^ {2}backup <file>/m);
    nothingOpened();
  });
});

describe('a SQLite database that is not there', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'admin-missing-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A DATA_DIR that does not exist (a typo), its draw secret outside it. */
  const env = (dir: string) => ({
    DATA_DIR: join(root, dir),
    DATABASE_URL: '',
    DRAW_SECRET_FILE: join(root, 'secrets', 'draw-secret'),
    DRAW_SECRET: '',
    LEDGER_KEY_FILE: join(root, 'secrets', 'ledger-key'),
    LEDGER_KEY: '',
    VAPID_KEY_FILE: join(root, 'secrets', 'vapid-key'),
    VAPID_KEY: '',
  });

  it.each([
    [['withdraw:list']],
    [['audit']],
    [['credit', 'alice01', '10']],
    [['settings:set', 'maxWithdrawalsPerDay', '2']],
  ])('%j is refused in one line (exit 1) and makes neither the folder nor a database', async (argv) => {
    const result = await adminInProcess(env('typo'), argv);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      `${argv[0]}: there is no database at ${join(root, 'typo', 'app.sqlite')}: check DATA_DIR (the server's), ` +
        'or make the first one with invite:create or member:create (npm start makes it too)',
    );
    expect(existsSync(join(root, 'typo'))).toBe(false);
  });

  it('as a real process: DATA_DIR=/typo withdraw:list exits 1 with that line, not "No withdrawals."', () => {
    const result = adminProgram(env('typo'), ['withdraw:list']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^withdraw:list: there is no database at .*typo\/app\.sqlite: check DATA_DIR/);
    expect(existsSync(join(root, 'typo'))).toBe(false);
  });

  it("the first run's commands make it: invite:create, then member:create, then the others find it", async () => {
    const first = await adminInProcess(env('fresh'), ['invite:create', 'FIRST001']);
    expect(first.code, first.err).toBe(0);
    expect(existsSync(join(root, 'fresh', 'app.sqlite'))).toBe(true);
    const list = await adminInProcess(env('fresh'), ['withdraw:list']);
    expect(list).toMatchObject({ code: 0, out: 'No withdrawals.' });
    const member = await adminInProcess(env('other'), ['member:create', 'alice01'], 'pass1234\n');
    expect(member.code, member.err).toBe(0);
    expect(existsSync(join(root, 'other', 'app.sqlite'))).toBe(true);
  });
});

describe('the password prompt at a terminal', () => {
  /** A fake terminal: what the operator types, and what the program wrote to it. */
  function terminal() {
    const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
    const setRawMode = (mode: boolean) => input.rawModes.push(mode);
    let shown = '';
    /** Whether echo was off (raw mode) when each prompt appeared: typing after it never shows. */
    const echoOffAtPrompt: boolean[] = [];
    const write = (text: string) => {
      if (text.trim() !== '') echoOffAtPrompt.push(input.rawModes.at(-1) === true);
      shown += text;
    };
    const source = { input: Object.assign(input, { setRawMode }), prompt: { write } };
    return { input, read: secretReader(source), shown: () => shown, echoOffAtPrompt };
  }

  /** Types `text` once the program asks (raw mode on), as a person would. */
  async function type(input: PassThrough & { rawModes: boolean[] }, text: string, rawModesBefore: number) {
    while (input.rawModes.length <= rawModesBefore) await new Promise((resolve) => setTimeout(resolve, 1));
    input.write(text);
  }

  it('shows nothing of what is typed, asks twice, and takes edits and arrow keys out', async () => {
    const tty = terminal();
    const answer = tty.read('Password for bob: ', { confirm: true });
    await type(tty.input, 'pasx\u007fs12\u001b[D34\r', 0);
    await type(tty.input, 'pass1234\n', 2);
    expect(await answer).toBe('pass1234');
    expect(tty.shown()).toBe('Password for bob: \nThe same again: \n');
    expect(tty.input.rawModes).toEqual([true, false, true, false]);
    expect(tty.echoOffAtPrompt).toEqual([true, true]);
  });

  it('refuses two different passwords (exit 1 in the program); Ctrl-C cancels', async () => {
    const tty = terminal();
    const answer = tty.read('Password: ', { confirm: true });
    await type(tty.input, 'pass1234\r', 0);
    await type(tty.input, 'pass12345\r', 2);
    await expect(answer).rejects.toThrow(/the two passwords differ; nothing changed/);
    const cancelled = terminal();
    const never = cancelled.read('Password: ');
    await type(cancelled.input, 'pa\u0003', 0);
    await expect(never).rejects.toThrow(/cancelled/);
    expect(cancelled.input.rawModes).toEqual([true, false]);
  });
});

// One or two processes a test: each starts tsx, which on a loaded machine takes tens of seconds,
// and four in one test outlasted its hang guard.
describe('as a real process (npm run admin)', () => {
  it('takes no password on the command line (exit 2)', () => {
    const onArgv = adminProcess('member:create', 'frank01', 'pass1234');
    expect(onArgv.status).toBe(2);
    expect(onArgv.stderr).toMatch(/not taken on the command line/);
  });

  it('credit moves the balance the running server reports', async () => {
    const created = adminProcessWithInput(server, 'pass1234\n', 'member:create', 'frank01');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created member frank01/);

    const credited = adminProcess('credit', 'frank01', '75.25', '--ref', 'proc-1');
    expect(credited.status, credited.stderr).toBe(0);
    expect(credited.stdout).toMatch(/Credited 75\.25 USD to frank01: balance 0\.00 -> 75\.25 USD/);

    const login = await server.call<{ token: string }>(ApiPath.login, { username: 'frank01', password: 'pass1234' });
    const info = await server.call<{ money: number }>(ApiPath.userInfo, { token: login.body.data.token });
    expect(info.body.data.money).toBe(75.25);
    expect(await balanceAndLedger('frank01')).toEqual({ balance: 7525, ledgerSum: 7525, rows: 1 });
  });

  it('refuses a credit to nobody (1002), and every fund log sums to its balance', async () => {
    const refused = adminProcess('credit', 'nobody99', '10');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Refused: .*\(code 1002\)/);

    // The invariant of DESIGN.md section 3 for every member, computed from rows, not from the code.
    const members = await server.deps.db.selectFrom('members').select('username').execute();
    expect(members.length).toBeGreaterThan(0);
    for (const { username } of members) {
      const { balance, ledgerSum } = await balanceAndLedger(username);
      expect(balance, username).toBe(ledgerSum);
    }
  });
});
