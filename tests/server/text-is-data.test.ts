/**
 * Member and operator text is data: plain-text fields refuse control, format and separator
 * characters and lone surrogates (1001 for members, a clear refusal for the operator) and change
 * nothing; markup, accents, CJK and emoji are kept as the text they are; picture and link paths
 * refuse quotes, whitespace and javascript:.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { BankCard } from '../../src/shared/api/types';
import { readArticleFile, readBannerFile } from '../../src/server/domain/content/contentAdmin';
import { changeRoom } from '../../src/server/domain/game/operatorSettings';
import { creditDeposit, OperatorInputError } from '../../src/server/domain/operator';
import { changeSetting } from '../../src/server/domain/settings';
import { approveWithdrawal } from '../../src/server/domain/wallet/operatorWithdrawals';
import { startServer, type TestServer } from './support/server';
import { BANK, call, ledgerOf, PAY_PASSWORD, walletMember } from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const UNSAFE: [string, string][] = [
  ['an escape sequence', 'Bank \u001b[2J'],
  ['a line feed (a forged line)', 'Bank\nwithdrawal #1 paid'],
  ['a carriage return', 'Bank\rX'],
  ['a NUL', 'Bank\u0000'],
  ['DEL', 'Bank\u007f'],
  ['a C1 control (CSI)', 'Bank\u009b2J'],
  ['a right-to-left override', 'Bank \u202egnp.exe'],
  ['a left-to-right isolate', 'Bank \u2066x\u2069'],
  ['a tab', 'Bank\tX'],
  ['a left-to-right mark', 'Bank \u200Eabc'],
  ['a right-to-left mark', 'Bank \u200Fabc'],
  ['an Arabic letter mark', 'Bank \u061Cabc'],
  ['a line separator', 'Bank\u2028withdrawal #1 paid'],
  ['a paragraph separator', 'Bank\u2029withdrawal #1 paid'],
  ['a zero-width space', 'Vietcom\u200Bbank'],
  ['a zero-width joiner', 'Bank \u{1F468}\u200D\u{1F469}'],
  ['a byte order mark', 'Viet\uFEFFbank'],
  ['tag characters', 'Bank\u{E0001}\u{E0069}\u{E0067}\u{E006E}'],
  ['a lone high surrogate', 'Bank\uD800'],
  ['a lone low surrogate', '\uDC00Bank'],
];

describe('a member’s bank card', () => {
  it.each(UNSAFE)('with %s in any field answers 1001 and stores nothing', async (_name, text) => {
    const m = await walletMember(server);
    const before = await ledgerOf(server, m.id);
    for (const field of ['bank', 'account', 'username', 'branch'] as const) {
      const answer = await call(server, ApiPath.addBankCard, m.token, { ...BANK, [field]: text, pwd: PAY_PASSWORD });
      expect(answer.body.code, field).toBe(1001);
      expect(answer.body.info).toBe('Incomplete parameters');
    }
    const usdt = await call(server, ApiPath.addBankCard, m.token, {
      type: 'USDT-TRC20',
      address: text,
      pwd: PAY_PASSWORD,
    });
    expect(usdt.body.code).toBe(1001);
    expect(await ledgerOf(server, m.id)).toEqual(before);
  });

  it('keeps markup as the text it is', async () => {
    const m = await walletMember(server);
    const bank = '<img src=x onerror=alert(1)> Bank & Co "quoted"';
    const answer = await call<BankCard>(server, ApiPath.addBankCard, m.token, { ...BANK, bank, pwd: PAY_PASSWORD });
    expect(answer.body.code).toBe(1);
    const list = await call<BankCard[]>(server, ApiPath.bankCardList, m.token);
    expect(list.body.data.map((c) => c.bank)).toEqual([bank]);
  });

  it('keeps Vietnamese, Chinese and emoji (a pair of surrogates, a flag, a variation selector)', async () => {
    const m = await walletMember(server);
    const card = {
      type: 'Bank',
      bank: 'Ngân hàng TMCP Ngoại thương 中国银行 中國銀行',
      account: '0123 4567 89',
      username: 'Nguyễn Văn Ánh 🎲🇻🇳❤️',
      branch: 'Chi nhánh Hà Nội',
    };
    const answer = await call<BankCard>(server, ApiPath.addBankCard, m.token, { ...card, pwd: PAY_PASSWORD });
    expect(answer.body.code).toBe(1);
    const list = await call<BankCard[]>(server, ApiPath.bankCardList, m.token);
    expect(list.body.data.map((c) => [c.bank, c.username, c.branch])).toEqual([
      [card.bank, card.username, card.branch],
    ]);
  });
});

describe('the operator’s text', () => {
  const refusedText = /control, format or separator characters/;

  it.each(UNSAFE)('a setting, a room title, a reference or a note with %s is refused', async (_name, text) => {
    await expect(changeSetting(server.deps, 'siteName', `Round${text}`)).rejects.toThrow(refusedText);
    await expect(changeRoom(server.deps, 1, { title: text })).rejects.toThrow(refusedText);
    await expect(creditDeposit(server.deps, { username: 'demo01', cents: 100, ref: `ref ${text}` })).rejects.toThrow(
      refusedText,
    );
    await expect(approveWithdrawal(server.deps, 1, text)).rejects.toThrow(refusedText);
    const title = { en: text };
    expect(() => readArticleFile({ category: 9, title }, () => '')).toThrow(refusedText);
    const rooms = await server.deps.db.selectFrom('rooms').select('title').where('id', '=', 1).execute();
    expect(rooms[0].title).not.toContain(text);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['a scheme hidden by a tab', 'java\tscript:alert(1)'],
    ['a space', 'https://example.com/a b'],
    ['a double quote', 'https://example.com/" onerror="alert(1)'],
    ['a single quote', "/banners/x.svg'"],
    ['an angle bracket', '/banners/<x>.svg'],
  ])('a link or picture path with %s is refused', async (_name, path) => {
    await expect(changeSetting(server.deps, 'serviceUrl', path)).rejects.toThrow(OperatorInputError);
    expect(() => readBannerFile([{ path, path_tw: '', path_vi: '', path_yw: '' }])).toThrow(OperatorInputError);
    expect(() => readArticleFile({ category: 9, title: { en: 'Pictures' }, img: [path] }, () => '')).toThrow(
      OperatorInputError,
    );
  });

  it('the price feed takes a websocket URL, not one that breaks out of its header', async () => {
    await expect(changeSetting(server.deps, 'priceFeedUrl', 'wss://ws.okx.com:8443/ws/v5/public')).resolves.toEqual(
      expect.objectContaining({ after: 'wss://ws.okx.com:8443/ws/v5/public' }),
    );
    await expect(
      changeSetting(server.deps, 'priceFeedUrl', "wss://feed.example.com/ws' 'unsafe-inline"),
    ).rejects.toThrow(OperatorInputError);
    await expect(changeSetting(server.deps, 'priceFeedUrl', 'https://feed.example.com/ws')).rejects.toThrow(
      OperatorInputError,
    );
  });

  it('accepts ordinary links and paths', async () => {
    await expect(changeSetting(server.deps, 'serviceUrl', 'https://support.example.com/chat?lang=vi')).resolves.toEqual(
      expect.objectContaining({ after: 'https://support.example.com/chat?lang=vi' }),
    );
    expect(readBannerFile([{ path: '/banners/a.svg', path_tw: '', path_vi: '', path_yw: '' }])).toHaveLength(1);
  });
});
