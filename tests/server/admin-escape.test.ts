/**
 * The operator command line prints data, and a row stored before today's input checks may hold
 * characters a terminal obeys: ESC sequences that clear the screen or recolour it, CR and LF that
 * start a line which looks like the command's own, C1 controls, bidirectional overrides. Rows are
 * written here straight into the database (no validation, as an old row would be) and every line
 * the commands print must show those characters as visible escapes, never raw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin/commands';
import { terminalSafe } from '../../src/server/admin/terminalText';
import { adminProcess } from './support/admin';
import { startServer, type TestServer } from './support/server';
import { walletMember } from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * Every character a terminal obeys or hides rather than shows (LF included: output is checked line
 * by line): controls, format characters, line and paragraph separators, lone surrogates.
 */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

const CLEAR_SCREEN = '\u001b[2J';
const FORGED = '\nApproved withdrawal #1: pending -> paid';

/** runAdmin in-process, keeping each printed line as it was handed to the terminal. */
async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { env: server.database.env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

function expectNoRawControls(lines: readonly string[]): void {
  for (const line of lines) expect(RAW.exec(line), JSON.stringify(line)).toBeNull();
}

describe('terminalSafe', () => {
  it.each([
    ['\u001b[2J', '\\x1b[2J'],
    ['a\nb\rc\td', 'a\\nb\\rc\\td'],
    ['\u0000\u0007\u0008\u007f', '\\x00\\x07\\x08\\x7f'],
    ['\u009b31m', '\\x9b31m'],
    ['abc\u202Egnp.exe', 'abc\\u202egnp.exe'],
    ['\u2066x\u2069 \u200E\u200F\u061C', '\\u2066x\\u2069 \\u200e\\u200f\\u061c'],
    ['\u2028\u2029', '\\u2028\\u2029'],
    ['Vietcom\u200Bbank', 'Vietcom\\u200bbank'],
    ['\uFEFF\u00AD\u2060', '\\ufeff\\xad\\u2060'],
    ['a\u{1F468}\u200D\u{1F469}', 'a\u{1F468}\\u200d\u{1F469}'],
    ['flag\u{E0001}\u{E0067}\u{E007F}', 'flag\\u{e0001}\\u{e0067}\\u{e007f}'],
    ['x\uD800y\uDFFFz', 'x\\ud800y\\udfffz'],
  ])('shows %j as %s', (raw, shown) => {
    expect(terminalSafe(raw)).toBe(shown);
  });

  it('leaves ordinary text alone: accents, CJK, Vietnamese, emoji, quotes, backslashes', () => {
    const text = 'Nguyễn Văn Á 新闻 新聞 "ok" C:\\data 🎲 1,250.50 USD -> 0.00';
    expect(terminalSafe(text)).toBe(text);
  });
});

describe('rows stored before the checks', () => {
  it('withdraw:list and withdraw:approve show a hostile bank name and holder as escapes', async () => {
    const member = await walletMember(server, 0);
    const now = Date.now();
    const card = await server.deps.db
      .insertInto('bank_cards')
      .values({
        member_id: member.id,
        type: 'Bank',
        bank: `${CLEAR_SCREEN}Vietcombank`,
        account: '0123456789',
        username: `Nguyen${FORGED}`,
        branch: 'Ha Noi\r\u202Eion',
        address: '',
        fingerprint: `Bank:escape-${now}`,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withdrawal = await server.deps.db
      .insertInto('withdrawals')
      .values({
        member_id: member.id,
        card_id: card.id,
        card_type: 'Bank',
        card_bank: `${CLEAR_SCREEN}Vietcombank`,
        card_account: '0123456789\u009b2J',
        card_username: `Nguyen${FORGED}`,
        card_branch: 'Ha Noi\r\u202Eion',
        card_address: '',
        amount_cents: 10_00,
        idem_key: null,
        request_hash: null,
        created_at: now,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const list = await run('withdraw:list', '--status', 'pending');
    expect(list.code).toBe(0);
    expectNoRawControls(list.out);
    const listed = list.out.filter((line) => line.startsWith(`#${withdrawal.id} `));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain(
      `to Bank \\x1b[2JVietcombank 0123456789\\x9b2J (Nguyen\\nApproved withdrawal #1: pending -> paid, ` +
        'branch Ha Noi\\r\\u202eion)',
    );
    // No printed line starts with the forged text: it stays inside the withdrawal's own line.
    expect(list.out.filter((line) => line.startsWith('Approved withdrawal'))).toEqual([]);

    const approved = await run('withdraw:approve', String(withdrawal.id), '--note', 'checked');
    expect(approved.code).toBe(0);
    expect(approved.out).toHaveLength(1);
    expectNoRawControls(approved.out);
    expect(approved.out[0]).toContain('via Bank \\x1b[2JVietcombank');

    // The real program writes the same: no ESC byte reaches the terminal, one line per withdrawal.
    const program = adminProcess(server, 'withdraw:list', '--status', 'paid');
    expect(program.status, program.stderr).toBe(0);
    const lines = program.stdout.trimEnd().split('\n');
    expectNoRawControls(lines);
    expect(lines.filter((line) => line.startsWith(`#${withdrawal.id} paid`))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('Approved withdrawal'))).toEqual([]);
  });

  it('article:delete shows a title with a right-to-left override as an escape', async () => {
    const article = await server.deps.db
      .insertInto('articles')
      .values({
        category: 9,
        title: '',
        title_ft: '',
        title_yw: 'Invoice \u202Efdp.exe\u001b]0;owned\u0007 pay\u200Bpal\u{E0041}',
        title_vi: '',
        content: '',
        content_ft: '',
        content_yw: '',
        content_vi: '',
        img: '[]',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = await run('article:delete', String(article.id));
    expect(result.code).toBe(0);
    expectNoRawControls(result.out);
    expect(result.out).toEqual([
      `Deleted article #${article.id} (category 9): Invoice \\u202efdp.exe\\x1b]0;owned\\x07 pay\\u200bpal\\u{e0041}`,
    ]);
  });

  it('room:list and settings:set show hostile titles and old values as escapes', async () => {
    const room = await server.deps.db.selectFrom('rooms').select('title').where('id', '=', 5).executeTakeFirstOrThrow();
    await server.deps.db
      .updateTable('rooms')
      .set({ title: `BTC${CLEAR_SCREEN}\r\nforged` })
      .where('id', '=', 5)
      .execute();
    try {
      const rooms = await run('room:list', '--type', '2');
      expect(rooms.code).toBe(0);
      expectNoRawControls(rooms.out);
      expect(rooms.out).toHaveLength(4);
      expect(rooms.out[0]).toMatch(/^#5 BTC\\x1b\[2J\\r\\nforged \(type 2/);
    } finally {
      await server.deps.db.updateTable('rooms').set({ title: room.title }).where('id', '=', 5).execute();
    }

    await server.deps.db
      .updateTable('settings')
      .set({ value: `Round\u001b[8mPlay` })
      .where('key', '=', 'siteName')
      .execute();
    const changed = await run('settings:set', 'siteName', 'RoundPlay');
    expect(changed.code, changed.err.join('\n')).toBe(0);
    expect(changed.out).toEqual(['Setting siteName: "Round\\x1b[8mPlay" -> "RoundPlay".']);
  });

  it('error messages that repeat what was typed are escaped too', async () => {
    const unknown = await run(`withdraw:list${CLEAR_SCREEN}`);
    expect(unknown.code).toBe(2);
    expectNoRawControls(unknown.err);
    expect(unknown.err[0]).toBe('Unknown command "withdraw:list\\x1b[2J".');

    const setting = await run('settings:set', `nosuch\n${CLEAR_SCREEN}`, 'x');
    expect(setting.code).toBe(1);
    expectNoRawControls(setting.err);
    expect(setting.err).toHaveLength(1);

    const option = await run('credit', 'bob', '1', `--x\u202E`);
    expect(option.code).toBe(2);
    expectNoRawControls(option.err);
  });
});
