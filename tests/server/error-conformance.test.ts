/**
 * The error catalogue over real HTTP (tests/support/errorConformance.ts): for every code of SPEC.md
 * section 8 the server answers, and the codes it adds, the request that must produce it gets that
 * code exactly, with its text in the request's language, and changes nothing but the counters of
 * tries a refusal is meant to count. Rows run in order on one server; each arranges what it needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_FORBIDDEN, SESSION_INVALID, SUCCESS } from '../../src/shared/api/envelope';
import { ApiPath } from '../../src/shared/api/paths';
import { CAPTCHA_TTL_SECONDS } from '../../src/shared/constants';
import { ErrorCode, MessageKey, type MessageValues } from '../../src/shared/errors';
import { localeOfApiLang } from '../../src/shared/locale';
import { loadTranslator, type Translator } from '../../src/server/i18n';
import { ADDED_CODES, CONFORMANCE, SPEC_CODES } from '../support/errorConformance';
import { fundedMember, line, openRound, ROOM, toSecondsLeft, type Player } from './support/game';
import { uniqueName, uniquePhone } from './support/members';
import { startServer, TEST_INVITATION, type TestServer } from './support/server';
import { COUNTS_EVERY_REQUEST, databaseState } from './support/snapshot';
import { addCard, BANK, PAY_PASSWORD, setSetting, TRC20_ADDRESS, walletMember } from './support/wallet';

type Body = Record<string, unknown>;

const USDT_GAME = 15;
const QUHAO = '+84';
const LANGS = ['vi', 'chs', 'cht', 'en'] as const;

let server: TestServer;
let translator: Translator;
/** A member with 1,000 USD, an account past its hold and one withdrawal asked for today. */
let member: Player;
let cardId: number;
let gametype: number;

beforeAll(async () => {
  // The login limit stays the product's (1004 is one of the rows); the helpers register freely.
  server = await startServer({ rateLimits: { register: 10_000, smsSend: 10_000, withdraw: 10_000 } }, { http: true });
  translator = await loadTranslator();
  await setSetting(server, 'turnoverMultiple', '0');
  member = await walletMember(server, 1_000);
  cardId = (await addCard(server, member.token, BANK)).id;
  const first = await server.call(ApiPath.withdraw, {
    token: member.token,
    bank_id: cardId,
    money: 20,
    pwd: PAY_PASSWORD,
  });
  expect(first.body.code).toBe(SUCCESS);
  gametype = (
    await server.deps.db.selectFrom('games').select('type').where('id', '=', USDT_GAME).executeTakeFirstOrThrow()
  ).type;
  await openRound(server, USDT_GAME, 60);
});
afterAll(() => server.close());

/** A registration body that passes every rule, for a phone that has a fresh code. */
async function registration(overrides: Body = {}): Promise<Body> {
  const phone = uniquePhone();
  expect((await server.call(ApiPath.smsSend, { quhao: QUHAO, mobile: phone })).body.code).toBe(SUCCESS);
  return {
    quhao: QUHAO,
    username: uniqueName('conf'),
    phone,
    captcha: server.sms.lastCodeFor(QUHAO, phone),
    password: 'secret123',
    spassword: 'secret123',
    invitation: TEST_INVITATION,
    ...overrides,
  };
}

async function orderBody(token: string, lines: unknown, extra: Body = {}): Promise<Body> {
  await openRound(server, USDT_GAME, 60);
  return { token, gameid: USDT_GAME, roomid: ROOM.usdtStandard, order_info: lines, ...extra };
}

async function setRoom(roomId: number, fields: { enabled?: number; minbuy_cents?: number; minjoin_cents?: number }) {
  await server.deps.db.updateTable('rooms').set(fields).where('id', '=', roomId).execute();
  server.expireCaches();
}

/**
 * The counters of tries a refusal is meant to change: every try of a verification code counts
 * against it, whatever else the registration lacks; a password's wrong tries count, and a right one
 * clears them, before a later rule refuses.
 */
const CODE_TRIES = ['sms_codes'];
const PASSWORD_TRIES = ['member_guards'];

interface Row {
  code: ErrorCode;
  path: string;
  /** Builds the request (and whatever it needs) before the database is read. */
  request: () => Promise<Body>;
  /** The envelope's code when it is not the row's (a session refused: 409, 403; a write's success). */
  envelope?: number;
  /** The catalogue entry of `info` when it is not the code's own, and its values. */
  text?: ErrorCode | MessageKey;
  values?: MessageValues;
  /** Values the text takes from the answer's data (a time the server chose). */
  valuesOf?: (data: unknown) => MessageValues;
  /** Tables a refusal is meant to change: the counters of wrong tries. */
  counts?: string[];
  /** Puts back what `request` changed for the rows after it. */
  after?: () => Promise<void>;
  /** A success changes what it says it does. */
  changes?: boolean;
  /** Sent from its own address, so earlier rows' tries do not count against it. */
  ip?: string;
}

const ROWS: Row[] = [
  {
    code: ErrorCode.IncompleteParameters,
    path: ApiPath.financeFlow,
    request: async () => ({ token: member.token, start: '2026-02-30', end: '2026-03-01' }),
  },
  {
    code: ErrorCode.UserNotFound,
    path: ApiPath.login,
    request: async () => ({ username: uniqueName('none'), password: 'secret123' }),
  },
  {
    code: ErrorCode.LoginPasswordWrong,
    path: ApiPath.login,
    request: async () => ({ username: member.username, password: 'wrong9999' }),
    counts: ['login_delays', 'login_sources'],
  },
  {
    code: ErrorCode.NetworkErrorRefresh,
    path: ApiPath.login,
    ip: '10.20.0.4',
    request: async () => {
      // Ten tries a minute from one address are allowed; the eleventh is refused before any check.
      for (let i = 0; i < 10; i++) {
        await server.call(ApiPath.login, { username: member.username, password: 'x' }, { ip: '10.20.0.4' });
      }
      return { username: member.username, password: member.password };
    },
  },
  {
    code: ErrorCode.UsernameLettersDigits,
    path: ApiPath.register,
    request: () => registration({ username: 'no spaces!' }),
  },
  {
    code: ErrorCode.PasswordLength,
    path: ApiPath.register,
    request: () => registration({ password: 'ab1', spassword: 'ab1' }),
  },
  {
    code: ErrorCode.PasswordsInconsistent,
    path: ApiPath.register,
    request: () => registration({ spassword: 'secret124' }),
  },
  {
    code: ErrorCode.AccountRegistered,
    path: ApiPath.register,
    request: () => registration({ username: member.username }),
    counts: CODE_TRIES,
  },
  {
    code: ErrorCode.PasswordAlphanumeric,
    path: ApiPath.register,
    request: () => registration({ password: 'abcdefgh', spassword: 'abcdefgh' }),
  },
  {
    code: ErrorCode.TradingStopped,
    path: ApiPath.order,
    request: async () => {
      const body = await orderBody(member.token, [line(0, 20)]);
      await setRoom(ROOM.usdtStandard, { enabled: 0 });
      return body;
    },
    after: () => setRoom(ROOM.usdtStandard, { enabled: 1 }),
  },
  { code: ErrorCode.MinimumOrder, path: ApiPath.order, request: () => orderBody(member.token, [line(0, 10)]) },
  {
    code: ErrorCode.WithdrawOverLimit,
    path: ApiPath.withdraw,
    request: async () => ({ token: member.token, bank_id: cardId, money: 5_000, pwd: PAY_PASSWORD }),
  },
  { code: ErrorCode.RoomNumberEmpty, path: ApiPath.gameInfo, request: async () => ({ token: member.token }) },
  { code: ErrorCode.PeriodEmpty, path: ApiPath.current, request: async () => ({ token: member.token, gametype }) },
  {
    code: ErrorCode.NoActiveActivity,
    path: ApiPath.current,
    request: async () => ({ token: member.token, gametype, gameseq: '19990101001' }),
  },
  {
    code: ErrorCode.NotBettingTime,
    path: ApiPath.order,
    text: MessageKey.Stopped,
    request: async () => {
      const body = await orderBody(member.token, [line(0, 20)]);
      await toSecondsLeft(server, USDT_GAME, 30);
      return body;
    },
  },
  {
    code: ErrorCode.BetInfoEmpty,
    path: ApiPath.order,
    request: async () => {
      const body = await orderBody(member.token, []);
      return { ...body, order_info: undefined };
    },
  },
  {
    code: ErrorCode.OrderFailed,
    path: ApiPath.order,
    text: MessageKey.MinBuy,
    values: { num: { cents: 100_000 } },
    request: async () => {
      await setRoom(ROOM.usdtStandard, { minbuy_cents: 100_000 });
      return orderBody(member.token, [line(0, 20)]);
    },
    after: () => setRoom(ROOM.usdtStandard, { minbuy_cents: 0 }),
  },
  {
    code: ErrorCode.OrderFailed2,
    path: ApiPath.order,
    request: () => orderBody(member.token, [[0, 9.99, 20]]),
  },
  {
    code: ErrorCode.BankCardNotFound,
    path: ApiPath.deleteBankCard,
    request: async () => ({ token: member.token, id: 987_654 }),
  },
  {
    code: ErrorCode.PaymentPasswordWrong,
    path: ApiPath.withdraw,
    request: async () => ({ token: member.token, bank_id: cardId, money: 10, pwd: '135790' }),
    counts: PASSWORD_TRIES,
  },
  {
    code: ErrorCode.OperationSuccessful,
    path: ApiPath.endOtherSessions,
    envelope: SUCCESS,
    changes: true,
    request: async () => ({ token: member.token, password: member.password }),
  },
  {
    code: ErrorCode.TransferExceedsBalance,
    path: ApiPath.order,
    text: MessageKey.NoEnoughMoney,
    request: async () => {
      const poor = await fundedMember(server, 30);
      return orderBody(poor.token, [line(0, 20), line(1, 20)]);
    },
  },
  {
    code: ErrorCode.AddOnceOnly,
    path: ApiPath.addBankCard,
    request: async () => {
      const owner = await walletMember(server, 0);
      for (let i = 1; i <= 5; i++) await addCard(server, owner.token, { ...BANK, account: `0071 0000 000${i}` });
      return { token: owner.token, ...BANK, account: '0071 0000 0006', pwd: PAY_PASSWORD };
    },
  },
  {
    code: ErrorCode.OnceOnlyContactService,
    path: ApiPath.withdraw,
    values: { n: 1 },
    counts: PASSWORD_TRIES,
    request: async () => {
      await setSetting(server, 'maxWithdrawalsPerDay', '1');
      return { token: member.token, bank_id: cardId, money: 10, pwd: PAY_PASSWORD };
    },
    after: () => setSetting(server, 'maxWithdrawalsPerDay', '3'),
  },
  {
    code: ErrorCode.WrongAmount,
    path: ApiPath.withdraw,
    request: async () => ({ token: member.token, bank_id: cardId, money: 0, pwd: PAY_PASSWORD }),
  },
  {
    code: ErrorCode.GameNotFound,
    path: ApiPath.current,
    request: async () => ({ token: member.token, gametype: 987, gameseq: '19990101001' }),
  },
  { code: ErrorCode.RoomNotFound, path: ApiPath.gameInfo, request: async () => ({ token: member.token, roomid: 987 }) },
  { code: ErrorCode.PaymentPasswordLength, path: ApiPath.register, request: () => registration({ payPwd: '12' }) },
  {
    code: ErrorCode.OldPasswordWrong,
    path: ApiPath.changeLoginPassword,
    request: async () => ({ token: member.token, passwd: 'wrong9999', npasswd: 'newpass12' }),
    counts: PASSWORD_TRIES,
  },
  {
    code: ErrorCode.LoginPasswordLength,
    path: ApiPath.login,
    request: async () => ({ username: member.username, password: 'abc' }),
  },
  { code: ErrorCode.LoginInvalid, path: ApiPath.userInfo, envelope: SESSION_INVALID, request: async () => ({}) },
  {
    code: ErrorCode.ReferralCodeWrong,
    path: ApiPath.register,
    request: () => registration({ invitation: 'NOSUCH99' }),
    counts: CODE_TRIES,
  },
  {
    code: ErrorCode.InsufficientTurnover,
    path: ApiPath.withdraw,
    request: async () => {
      await setSetting(server, 'turnoverMultiple', '1');
      const fresh = await walletMember(server, 100);
      const card = await addCard(server, fresh.token, BANK);
      return { token: fresh.token, bank_id: card.id, money: 10, pwd: PAY_PASSWORD };
    },
    after: () => setSetting(server, 'turnoverMultiple', '0'),
  },
  {
    code: ErrorCode.EnterAddress,
    path: ApiPath.addBankCard,
    request: async () => ({ token: member.token, type: 'USDT-TRC20', pwd: PAY_PASSWORD }),
  },
  {
    code: ErrorCode.AccountFrozen,
    path: ApiPath.userInfo,
    envelope: SESSION_FORBIDDEN,
    request: async () => {
      const frozen = await fundedMember(server, 0);
      await server.deps.db.updateTable('members').set({ frozen: 1 }).where('id', '=', frozen.id).execute();
      server.expireCaches();
      return { token: frozen.token };
    },
  },
  {
    code: ErrorCode.CancelFailed,
    path: ApiPath.gameCancel,
    request: async () => ({ token: member.token, roomid: ROOM.usdtStandard, order_id: 987_654 }),
  },
  {
    code: ErrorCode.BalanceBelowMinJoin,
    path: ApiPath.gameInfo,
    values: { num: { cents: 5_000 } },
    request: async () => {
      await setRoom(ROOM.usdtStandard, { minjoin_cents: 5_000 });
      const poor = await fundedMember(server, 0);
      return { token: poor.token, roomid: ROOM.usdtStandard };
    },
    after: () => setRoom(ROOM.usdtStandard, { minjoin_cents: 0 }),
  },
  { code: ErrorCode.EnterPhoneCorrectly, path: ApiPath.smsSend, request: async () => ({ quhao: QUHAO, mobile: '12' }) },
  {
    code: ErrorCode.SendingTooFrequently,
    path: ApiPath.smsSend,
    request: async () => {
      const phone = uniquePhone();
      expect((await server.call(ApiPath.smsSend, { quhao: QUHAO, mobile: phone })).body.code).toBe(SUCCESS);
      return { quhao: QUHAO, mobile: phone };
    },
    // The text says how long to wait, from the answer's own figure.
    valuesOf: (data) => ({ seconds: (data as { retryAfter: number }).retryAfter }),
  },
  {
    code: ErrorCode.PhoneRegistered,
    path: ApiPath.smsSend,
    request: async () => ({ quhao: QUHAO, mobile: member.phone }),
  },
  {
    code: ErrorCode.CaptchaWrong,
    path: ApiPath.register,
    request: () => registration({ captcha: '000000' }),
    counts: CODE_TRIES,
  },
  {
    code: ErrorCode.CaptchaExpired,
    path: ApiPath.register,
    request: async () => {
      const body = await registration();
      server.clock.advance((CAPTCHA_TTL_SECONDS + 1) * 1000);
      return body;
    },
    counts: CODE_TRIES,
  },
  {
    code: ErrorCode.NotVip,
    path: ApiPath.gameInfo,
    request: async () => ({ token: member.token, roomid: ROOM.usdtVip }),
  },
  {
    code: ErrorCode.WithdrawPasswordEmpty,
    path: ApiPath.withdraw,
    request: async () => ({ token: member.token, bank_id: cardId, money: 10 }),
  },
  {
    code: ErrorCode.SelectWithdrawMethod,
    path: ApiPath.withdraw,
    request: async () => ({ token: member.token, money: 10, pwd: PAY_PASSWORD }),
  },
  // The codes this product adds, where one request answers them.
  {
    code: ErrorCode.RoundNotDrawn,
    path: ApiPath.getRound,
    request: async () => {
      const round = await openRound(server, USDT_GAME, 60);
      return { token: member.token, roomid: ROOM.usdtStandard, seqno: round.seqno };
    },
  },
  {
    code: ErrorCode.AccountAlreadySaved,
    path: ApiPath.addBankCard,
    request: async () => ({ token: member.token, ...BANK, pwd: PAY_PASSWORD }),
  },
  {
    code: ErrorCode.AccountOnHold,
    path: ApiPath.withdraw,
    valuesOf: (data) => ({ time: { epochMs: (data as { availableAt: number }).availableAt } }),
    request: async () => {
      const card = await addCard(server, member.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS }, { fresh: true });
      return { token: member.token, bank_id: card.id, money: 10, pwd: PAY_PASSWORD };
    },
  },
  {
    code: ErrorCode.AddressChecksum,
    path: ApiPath.addBankCard,
    values: { network: 'USDT-TRC20' },
    request: async () => ({
      token: member.token,
      type: 'USDT-TRC20',
      // One character of a good address changed: still shaped like one, its checksum fails.
      address: `${TRC20_ADDRESS.slice(0, -1)}${TRC20_ADDRESS.endsWith('E') ? 'F' : 'E'}`,
      pwd: PAY_PASSWORD,
    }),
  },
  {
    code: ErrorCode.WithdrawalNotCancellable,
    path: ApiPath.cancelWithdrawal,
    request: async () => ({ token: member.token, id: 987_654 }),
  },
  {
    // This server has notifications off (no VAPID subject).
    code: ErrorCode.PushUnavailable,
    path: ApiPath.pushSubscribe,
    request: async () => ({
      token: member.token,
      endpoint: 'https://fcm.googleapis.com/fcm/send/device',
      p256dh: Buffer.concat([Buffer.of(4), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      kinds: ['result'],
    }),
  },
];

describe('the conformance table', () => {
  it('names every code of SPEC.md section 8 once, and every code of the catalogue is in it or added', () => {
    expect(Object.keys(CONFORMANCE).map(Number).sort()).toEqual([...SPEC_CODES].sort());
    const catalogue: number[] = Object.values(ErrorCode);
    expect(catalogue.filter((code) => !(code in CONFORMANCE) && !(code in ADDED_CODES))).toEqual([]);
  });

  it('has a request here for every code it says the server answers', () => {
    const server = Object.entries(CONFORMANCE)
      .filter(([, entry]) => entry.by === 'server')
      .map(([code]) => Number(code));
    expect(server.filter((code) => !ROWS.some((row) => row.code === code))).toEqual([]);
    for (const row of ROWS) {
      const entry = CONFORMANCE[row.code];
      if (entry?.by === 'server') expect(entry.path, `${row.code}`).toBe(row.path);
      if (!entry) expect(ADDED_CODES[row.code]?.path, `${row.code}`).toBe(row.path);
    }
  });

  it('says, for each code of a pair never answered, which code is answered instead', () => {
    for (const [code, entry] of Object.entries(CONFORMANCE)) {
      if (entry.by === 'none' && entry.instead !== undefined) {
        const said = ROWS.some((row) => row.code === entry.instead) || entry.instead in ADDED_CODES;
        // Or the pair's other code is itself never said, for a reason of its own.
        const other = CONFORMANCE[entry.instead];
        const unsaid = other?.by === 'none' && other.instead === undefined;
        expect(said || unsaid, code).toBe(true);
      }
    }
  });
});

describe.each(ROWS.map((row, i) => ({ ...row, lang: LANGS[i % LANGS.length], name: `${row.code} ${row.path}` })))(
  '$name',
  (row) => {
    it(`answers ${row.code} in ${row.lang} and changes nothing else`, async () => {
      const body = await row.request();
      const ignore = [...COUNTS_EVERY_REQUEST, ...(row.counts ?? [])];
      const before = await databaseState(server, ignore);
      try {
        const answer = await server.call(row.path, { lang: row.lang, ...body }, { ip: row.ip ?? '10.10.0.1' });
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(row.envelope ?? row.code);
        const values = row.valuesOf?.(answer.body.data) ?? row.values;
        expect(answer.body.info).toBe(translator.text(localeOfApiLang(row.lang), row.text ?? row.code, values));
        if (!row.changes) expect(await databaseState(server, ignore)).toEqual(before);
      } finally {
        await row.after?.();
      }
    });
  },
);
