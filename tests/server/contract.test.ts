/**
 * The contract of src/shared/api/contract.ts against the running server, path by path: a good
 * call answers `data` its schema accepts exactly (parsing it changes nothing, so the server sends
 * no key the schema does not name), and a body of the wrong shape (a field of the wrong type, a required field missing or empty,
 * text that is not JSON) is refused with a coded envelope and leaves the database as it was.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../src/shared/zod';
import { apiContract } from '../../src/shared/api/contract';
import { SUCCESS } from '../../src/shared/api/envelope';
import { ApiPath } from '../../src/shared/api/paths';
import { callOf } from '../../src/shared/api/calls';
import { localeOfApiLang } from '../../src/shared/locale';
import { loadTranslator, type Translator } from '../../src/server/i18n';
import { fieldCode } from '../../src/shared/api/fieldCodes';
import { ErrorCode, type MessageKey } from '../../src/shared/errors';
import { dayNumber, isoDate } from '../../src/shared/serverDay';
import { drawCurrent, fundedMember, line, openRound, order, ROOM, type Player } from './support/game';
import { registerMember, uniqueName, uniquePhone } from './support/members';
import { closeLedgerPeriod } from '../../src/server/domain/signedLedger/close';
import { fixedLedgerKeys } from '../../src/server/domain/signedLedger/keys';
import { vapidKeyOf } from '../../src/server/domain/push/vapidKey';
import { startServer, TEST_INVITATION, type TestServer } from './support/server';
import { databaseState } from './support/snapshot';
import { addCard, BANK, PAY_PASSWORD, setSetting, walletMember, withdraw } from './support/wallet';

type Body = Record<string, unknown>;

const USDT_GAME = 15;
const QUHAO = '+84';

let server: TestServer;
let member: Player;
let translator: Translator;

/** What the sample bodies name: rows made in beforeAll. */
interface Scene {
  article: { id: number; category: number };
  cardId: number;
  gametype: number;
  /** A drawn and settled round the member ordered in (with another member ahead on it, so the winners ticker is not empty). */
  settledSeqno: string;
  /** The open round the member ordered in. */
  openSeqno: string;
  openLineId: number;
  /** The member's pending withdrawal. */
  withdrawalId: number;
  /** One of the member's fund-log rows, in the signed period closed in beforeAll. */
  signedRowId: number;
}
let scene: Scene;

const ledgerKeys = fixedLedgerKeys([randomBytes(32)], 'the contract test');

beforeAll(async () => {
  server = await startServer({
    ledgerKeys,
    // Notifications on; the sample device's push service is listed and never reached (no news of a pause is sent).
    push: {
      settings: { key: vapidKeyOf(randomBytes(32), 'the test'), subject: 'mailto:test@roundplay.invalid' },
      serviceHosts: ['push.example.com'],
    },
  });
  translator = await loadTranslator();
  // Turnover has its own tests; here a deposit may be withdrawn at once.
  await setSetting(server, 'turnoverMultiple', '0');
  member = await walletMember(server, 1_000);
  const card = await addCard(server, member.token, BANK);
  // One withdrawal, so the member's withdrawal list has a row to check against its schema.
  expect((await withdraw(server, member.token, { bank_id: card.id, money: 20, pwd: PAY_PASSWORD })).body.code).toBe(
    SUCCESS,
  );
  const article = await server.deps.db
    .selectFrom('articles')
    .select(['id', 'category'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const game = await server.deps.db
    .selectFrom('games')
    .select('type')
    .where('id', '=', USDT_GAME)
    .executeTakeFirstOrThrow();

  // Big and Small: one of them wins whatever the draw; two more members on one side each, so one
  // of them ends the round ahead and the winners ticker has a row.
  const settled = await openRound(server, USDT_GAME, 60);
  expect((await order(server, member.token, ROOM.usdtStandard, [line(0, 20), line(1, 20)])).body.code).toBe(SUCCESS);
  for (const outcome of [0, 1]) {
    const other = await fundedMember(server, 100);
    expect((await order(server, other.token, ROOM.usdtStandard, [line(outcome, 20)])).body.code).toBe(SUCCESS);
  }
  await drawCurrent(server, USDT_GAME);
  const open = await openRound(server, USDT_GAME, 60);
  const placed = await order(server, member.token, ROOM.usdtStandard, [line(0, 20)]);
  expect(placed.body.code).toBe(SUCCESS);

  // A signed period holding the member's rows so far: the ledger's proofs have something to prove.
  const { rows } = await closeLedgerPeriod(server.deps, ledgerKeys);
  const signedRowId = rows.find((row) => row.member_id === member.id)!.id;

  scene = {
    article,
    cardId: card.id,
    gametype: game.type,
    settledSeqno: settled.seqno,
    openSeqno: open.seqno,
    openLineId: placed.body.data.order_ids[0],
    withdrawalId: (
      await server.deps.db
        .selectFrom('withdrawals')
        .select('id')
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).id,
    signedRowId,
  };
});
afterAll(() => server.close());

/**
 * A body the server accepts on each path, as the member, without side effects of its own: the
 * base every bad body is one change away from. Typed by path, so a new path needs one here.
 */
/** A device's P-256 public key, as PushSubscription.getKey('p256dh') gives it (base64url). */
const SAMPLE_P256DH = Buffer.concat([Buffer.of(4), Buffer.alloc(64, 7)]).toString('base64url');

function sampleFields(s: Scene): Record<ApiPath, Body> {
  return {
    [ApiPath.getConfig]: {},
    [ApiPath.login]: { quhao: QUHAO, username: member.username, password: member.password },
    [ApiPath.register]: {
      quhao: QUHAO,
      username: 'newname1',
      phone: '912345678',
      captcha: '123456',
      password: 'secret123',
      spassword: 'secret123',
      invitation: TEST_INVITATION,
      payPwd: PAY_PASSWORD,
    },
    [ApiPath.smsSend]: { quhao: QUHAO, mobile: '912345678' },
    [ApiPath.resetPassword]: {
      quhao: QUHAO,
      mobile: '912345678',
      captcha: '123456',
      password: 'secret456',
      repassword: 'secret456',
    },
    [ApiPath.changeLoginPassword]: { passwd: member.password, npasswd: 'secret456' },
    [ApiPath.changePayPassword]: { srcpwd: PAY_PASSWORD, newpwd: '135790', newpwd2: '135790' },
    [ApiPath.logout]: {},
    [ApiPath.userInfo]: {},
    [ApiPath.sessions]: {},
    [ApiPath.endOtherSessions]: { password: member.password },
    [ApiPath.todayWinLost]: {},
    [ApiPath.slide]: {},
    [ApiPath.oneClassArticle]: { type: s.article.category },
    [ApiPath.articleDetail]: { id: s.article.id },
    [ApiPath.articleList]: { type: s.article.category },
    [ApiPath.winners]: {},
    [ApiPath.financeProducts]: {},
    [ApiPath.roomList]: { roomtype: 1 },
    [ApiPath.gameList]: {},
    [ApiPath.homeTiles]: {},
    [ApiPath.gameInfo]: { roomid: ROOM.usdtStandard },
    [ApiPath.getRound]: { roomid: ROOM.usdtStandard, seqno: s.settledSeqno },
    [ApiPath.vorder]: { roomid: ROOM.usdtStandard, gameseq: s.openSeqno },
    [ApiPath.order]: { gameid: USDT_GAME, roomid: ROOM.usdtStandard, order_info: [line(0, 20)] },
    [ApiPath.current]: { gameseq: s.settledSeqno, gametype: s.gametype },
    [ApiPath.gameLog]: { gametype: s.gametype, limit: 10 },
    [ApiPath.gameCancel]: { roomid: ROOM.usdtStandard, order_id: s.openLineId },
    [ApiPath.bankCardList]: {},
    [ApiPath.deleteBankCard]: { id: s.cardId },
    [ApiPath.addBankCard]: { type: 'USDT-TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pwd: PAY_PASSWORD },
    [ApiPath.addedAccounts]: {},
    [ApiPath.deposits]: {},
    [ApiPath.withdraw]: { bank_id: s.cardId, money: 100, pwd: PAY_PASSWORD },
    [ApiPath.leftMoney]: {},
    [ApiPath.withdrawals]: { limit: 10 },
    [ApiPath.messageReads]: {},
    [ApiPath.readMessages]: { upTo: server.clock.now },
    [ApiPath.cancelWithdrawal]: { id: s.withdrawalId },
    [ApiPath.financeFlow]: { start: today(), end: today() },
    [ApiPath.trendData]: {},
    [ApiPath.playLimits]: {},
    [ApiPath.setPlayLimit]: { period: 'day', kind: 'stake', money: 500 },
    [ApiPath.pausePlay]: { kind: 'cooloff', days: 1 },
    [ApiPath.setRealityCheck]: { minutes: 15 },
    [ApiPath.liveTicket]: {},
    [ApiPath.ledgerHeads]: { page: 1, size: 10 },
    [ApiPath.ledgerKeys]: {},
    [ApiPath.ledgerProof]: { ids: [s.signedRowId] },
    [ApiPath.ledgerLiability]: { seq: 1 },
    [ApiPath.pushKey]: {},
    [ApiPath.pushSubscribe]: {
      endpoint: 'https://push.example.com/device/1',
      p256dh: SAMPLE_P256DH,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      kinds: ['pause'],
    },
    [ApiPath.pushUnsubscribe]: {},
  };
}

function today(): string {
  return isoDate(dayNumber(server.clock.now));
}

const asMember = (fields: Body): Body => ({ lang: 'en', token: member.token, ...fields });

/**
 * The good calls. Most send the sample; some first need a resource of their own (a code sent, a
 * fresh session or member, an order to cancel, a card to delete), and getVorder has two forms.
 */
const goodCalls: Partial<Record<ApiPath, (s: Scene) => Promise<Body>[]>> = {
  [ApiPath.register]: () => [
    (async () => {
      const phone = uniquePhone();
      await server.call(ApiPath.smsSend, { quhao: QUHAO, mobile: phone });
      const captcha = server.sms.lastCodeFor(QUHAO, phone);
      return { ...sampleFields(scene)[ApiPath.register], username: uniqueName(), phone, captcha };
    })(),
  ],
  [ApiPath.smsSend]: () => [
    Promise.resolve({ quhao: QUHAO, mobile: uniquePhone() }),
    // A code for the first withdrawal password goes to the asking member's own number.
    walletMember(server, 0, { payPwd: null }).then((m) => ({ token: m.token, purpose: 'paypwd' })),
  ],
  // A member of its own forgets the password and gets a reset code.
  [ApiPath.resetPassword]: () => [
    registerMember(server).then(async (m) => {
      await server.call(ApiPath.smsSend, { quhao: QUHAO, mobile: m.phone, purpose: 'reset' });
      const captcha = server.sms.lastCodeFor(QUHAO, m.phone);
      return { quhao: QUHAO, mobile: m.phone, captcha, password: 'secret456', repassword: 'secret456' };
    }),
  ],
  // Changing the login password ends the member's other sessions: a member of its own.
  [ApiPath.changeLoginPassword]: () => [
    registerMember(server).then((m) => ({ token: m.token, passwd: m.password, npasswd: 'secret456' })),
  ],
  [ApiPath.changePayPassword]: () => [
    walletMember(server).then((m) => ({ token: m.token, srcpwd: PAY_PASSWORD, newpwd: '135790', newpwd2: '135790' })),
    // The first one, confirmed with the login password.
    walletMember(server, 0, { payPwd: null }).then((m) => ({
      token: m.token,
      loginpwd: m.password,
      newpwd: '135790',
      newpwd2: '135790',
    })),
  ],
  // Ending the other sessions of a member of its own, who has another one to end.
  [ApiPath.endOtherSessions]: () => [
    registerMember(server).then(async (m) => {
      await server.call(ApiPath.login, { username: m.username, password: m.password });
      return { token: m.token, password: m.password };
    }),
  ],
  [ApiPath.logout]: () => [
    server
      .call<{ token: string }>(ApiPath.login, { username: member.username, password: member.password })
      .then((answer) => ({ token: answer.body.data.token })),
  ],
  [ApiPath.vorder]: (s) => [
    Promise.resolve(asMember({ roomid: ROOM.usdtStandard, isfirst: 1, order_id: 0 })),
    Promise.resolve(asMember({ roomid: ROOM.usdtStandard, gameseq: s.openSeqno })),
  ],
  [ApiPath.gameCancel]: () => [
    order(server, member.token, ROOM.usdtStandard, [line(1, 20)]).then((placed) =>
      asMember({ roomid: ROOM.usdtStandard, order_id: placed.body.data.order_ids[0] }),
    ),
  ],
  // The page's read, and the room's with the start of its play session.
  [ApiPath.playLimits]: () => [
    Promise.resolve(asMember({})),
    Promise.resolve(asMember({ since: server.clock.now - 60_000 })),
  ],
  // Limits and a pause of members of their own: the contract's member goes on ordering.
  [ApiPath.setPlayLimit]: () => [
    registerMember(server).then((m) => ({ token: m.token, period: 'day', kind: 'stake', money: 500 })),
    registerMember(server).then((m) => ({ token: m.token, period: 'month', kind: 'deposit', money: '' })),
  ],
  [ApiPath.pausePlay]: () => [registerMember(server).then((m) => ({ token: m.token, kind: 'cooloff', days: 1 }))],
  // A withdrawal of its own to cancel, so the scene's stays pending for the other calls.
  [ApiPath.cancelWithdrawal]: (s) => [
    withdraw(server, member.token, { bank_id: s.cardId, money: 20, pwd: PAY_PASSWORD }).then(async () => {
      const row = await server.deps.db
        .selectFrom('withdrawals')
        .select('id')
        .where('member_id', '=', member.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return asMember({ id: row.id });
    }),
  ],
  [ApiPath.deleteBankCard]: () => [
    addCard(server, member.token, { type: 'USDT-ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' }).then(
      (card) => asMember({ id: card.id }),
    ),
  ],
};

function goodBodies(path: ApiPath): Promise<Body>[] {
  return goodCalls[path]?.(scene) ?? [Promise.resolve(asMember(sampleFields(scene)[path]))];
}

async function expectRefusedChangingNothing(
  path: ApiPath,
  body: Body | string,
  code: number,
  text: ErrorCode | MessageKey = code as ErrorCode,
) {
  const before = await databaseState(server);
  const answer = await server.call(path, body);
  expect(answer.status).toBe(200);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(code);
  // In the request's language (the bodies say en, the text of a non-JSON body is the default's).
  const lang = typeof body === 'string' ? undefined : body.lang;
  expect(answer.body.info).toBe(translator.text(localeOfApiLang(lang), text));
  expect(await databaseState(server)).toEqual(before);
}

/** A value of the wrong type for every field of every request (texts, numbers, lists, choices). */
const WRONG_TYPE = { not: 'this' };

const PATHS = Object.values(ApiPath);

/** Names of a request schema's fields, and whether each must be present. */
function fieldsOf(schema: z.ZodType): { name: string; required: boolean }[] {
  if (!(schema instanceof z.ZodObject)) throw new Error('request schemas are objects');
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    required: !field.safeParse(undefined).success,
  }));
}

describe.each(PATHS)('%s', (path) => {
  const { request, data } = apiContract[path];

  it('answers data its schema accepts exactly', async () => {
    for (const body of await Promise.all(goodBodies(path))) {
      const answer = await server.call(path, body);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(SUCCESS);
      // The route table says what a success says: a read 'ok', a write 1039 in the request's language.
      const locale = localeOfApiLang(body.lang);
      expect(answer.body.info).toBe(
        callOf(path)?.kind === 'read' ? 'ok' : translator.text(locale, ErrorCode.OperationSuccessful),
      );
      const parsed = data.safeParse(answer.body.data);
      expect(parsed.success ? [] : parsed.error.issues, JSON.stringify(answer.body.data)).toEqual([]);
      // Schemas drop keys they do not name (an older app reads a newer answer): the server sends none.
      expect(parsed.data, 'a key the schema does not name').toEqual(answer.body.data);
      // An empty list would say nothing about the schema of its rows.
      if (Array.isArray(answer.body.data)) expect(answer.body.data.length).toBeGreaterThan(0);
    }
  });

  it('refuses text that is not JSON with 1001 and changes nothing', async () => {
    await expectRefusedChangingNothing(path, '{"token":', ErrorCode.IncompleteParameters);
  });

  const fields = fieldsOf(request).map((field) => ({ ...field, ...expectedFor(path, field.name) }));
  if (fields.length === 0) return;

  it.each(fields)('refuses `$name` of the wrong type with $code ($text) and changes nothing', async (field) => {
    const body = { ...asMember(sampleFields(scene)[path]), [field.name]: WRONG_TYPE };
    await expectRefusedChangingNothing(path, body, field.code, field.text);
  });

  const required = fields.filter((field) => field.required);
  if (required.length === 0) return;

  it.each(required)('refuses a body without `$name` with $code ($text) and changes nothing', async (field) => {
    const body = asMember(sampleFields(scene)[path]);
    delete body[field.name];
    await expectRefusedChangingNothing(path, body, field.code, field.text);
  });

  // The code of the field; the text may be the rules' closer one ("select at least one option" for []).
  it.each(required)('refuses `$name` empty (null, "", [], blank) with $code and changes nothing', async (field) => {
    for (const empty of [null, '', [], '   ']) {
      const before = await databaseState(server);
      const answer = await server.call(path, { ...asMember(sampleFields(scene)[path]), [field.name]: empty });
      expect(answer.body.code, `${JSON.stringify(empty)}: ${JSON.stringify(answer.body)}`).toBe(field.code);
      expect(answer.body.info).not.toBe('');
      expect(await databaseState(server)).toEqual(before);
    }
  });
});

/**
 * What a field of the wrong shape answers: the spec's code for the field where it has one
 * (src/shared/api/fieldCodes.ts), else 1001; a message key answers 1001 with the key's text.
 */
function expectedFor(path: ApiPath, name: string): { code: number; text: ErrorCode | MessageKey } {
  const text = fieldCode(path, name);
  return { code: typeof text === 'number' ? text : ErrorCode.IncompleteParameters, text };
}

/** The spec's codes for missing fields, written out: the field map must keep them. */
it.each([
  { path: ApiPath.gameInfo, name: 'roomid', code: ErrorCode.RoomNumberEmpty },
  { path: ApiPath.vorder, name: 'roomid', code: ErrorCode.RoomNumberEmpty },
  { path: ApiPath.order, name: 'roomid', code: ErrorCode.RoomNumberEmpty },
  { path: ApiPath.order, name: 'order_info', code: ErrorCode.BetInfoEmpty },
  { path: ApiPath.gameCancel, name: 'roomid', code: ErrorCode.RoomNumberEmpty },
  { path: ApiPath.current, name: 'gameseq', code: ErrorCode.PeriodEmpty },
  { path: ApiPath.getRound, name: 'seqno', code: ErrorCode.PeriodEmpty },
  { path: ApiPath.withdraw, name: 'bank_id', code: ErrorCode.SelectWithdrawMethod },
  { path: ApiPath.withdraw, name: 'pwd', code: ErrorCode.WithdrawPasswordEmpty },
  { path: ApiPath.addBankCard, name: 'pwd', code: ErrorCode.WithdrawPasswordEmpty },
  { path: ApiPath.smsSend, name: 'mobile', code: ErrorCode.EnterPhoneCorrectly },
  { path: ApiPath.register, name: 'invitation', code: ErrorCode.ReferralCodeWrong },
])('$path without `$name` answers $code and changes nothing', async ({ path, name, code }) => {
  const body = asMember(sampleFields(scene)[path]);
  delete body[name];
  await expectRefusedChangingNothing(path, body, code);
});

it('answers the first field the rules check when several are wrong: no account before a wrong amount', async () => {
  await expectRefusedChangingNothing(
    ApiPath.withdraw,
    asMember({ money: 'ten', pwd: '' }),
    ErrorCode.SelectWithdrawMethod,
  );
  await expectRefusedChangingNothing(ApiPath.order, asMember({ gameid: USDT_GAME }), ErrorCode.RoomNumberEmpty);
});
