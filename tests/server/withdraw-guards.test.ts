/**
 * A stolen session is not enough to withdraw: the first withdrawal password needs the login
 * password (or a code sent to the member's phone), adding an account needs the withdrawal
 * password, a new account receives no withdrawal for 24 hours (and the member is told of it), a
 * replayed withdrawal checks the password again, and sessions end after 7 days without use (30
 * days at most), each listed to its member with a way to end the others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { allMigrations } from '../../src/server/db/migrations';
import { ApiPath } from '../../src/shared/api/paths';
import type { AddedAccount, BankCard, SessionItem, UserInfo } from '../../src/shared/api/types';
import { createMember } from '../../src/server/domain/operator';
import { registerMember, type Registered } from './support/members';
import { injectJson, startServer, type TestServer } from './support/server';
import {
  addCard,
  BANK,
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
  // Turnover has its own tests; here a deposit may be withdrawn at once.
  await setSetting(server, 'turnoverMultiple', '0');
});
afterAll(() => server.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function memberId(username: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function noPassword2(token: string): Promise<number> {
  return (await call<UserInfo>(server, ApiPath.userInfo, token)).body.data.noPassword2;
}

async function loginCode(username: string, password: string): Promise<number> {
  return (await server.call(ApiPath.login, { username, password })).body.code;
}

function setFirst(token: string, proof: Record<string, unknown>) {
  return call(server, ApiPath.changePayPassword, token, { ...proof, newpwd: '135790', newpwd2: '135790' });
}

describe('the first withdrawal password', () => {
  it('asks for the login password: none 1001, wrong 1003, right sets it', async () => {
    const m = await registerMember(server);
    expect((await setFirst(m.token, {})).body.code).toBe(1001);
    expect((await setFirst(m.token, { srcpwd: 'anything1' })).body.code).toBe(1001);
    expect((await setFirst(m.token, { loginpwd: 'wrong123' })).body.code).toBe(1003);
    expect(await noPassword2(m.token)).toBe(1);
    expect((await setFirst(m.token, { loginpwd: m.password })).body.code).toBe(1);
    expect(await noPassword2(m.token)).toBe(0);
    // From now on it is changed with the old one, and the login password sets nothing.
    expect((await setFirst(m.token, { loginpwd: m.password })).body.code).toBe(1001);
  });

  it('a wrong login password there counts toward the limit of a logged-in member’s login password (3001), not logins', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) expect((await setFirst(m.token, { loginpwd: `wrong${i}pw` })).body.code).toBe(1003);
    // Locked now, the right password included: a stolen session cannot go on guessing.
    expect((await setFirst(m.token, { loginpwd: m.password })).body.code).toBe(3001);
    expect(await noPassword2(m.token)).toBe(1);
    // Such a lock does not refuse the member's own logins (README, Limits on guessing).
    expect(await loginCode(m.username, m.password)).toBe(1);
  });

  it('or a code sent to the member’s own phone (sms_send, purpose paypwd, with the token)', async () => {
    const m = await registerMember(server);
    // The number named in the request is not where the code goes.
    const sent = await call<{ lockSeconds: number }>(server, ApiPath.smsSend, m.token, {
      purpose: 'paypwd',
      quhao: '+1',
      mobile: '5550001111',
    });
    expect(sent.body).toMatchObject({ code: 1, data: { lockSeconds: 60 } });
    expect(server.sms.sent.at(-1)).toMatchObject({ quhao: '+84', mobile: m.phone });
    const code = server.sms.lastCodeFor('+84', m.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await setFirst(m.token, { captcha: wrong })).body.code).toBe(2053);
    expect(await noPassword2(m.token)).toBe(1);
    expect((await setFirst(m.token, { captcha: code })).body.code).toBe(1);
    expect(await noPassword2(m.token)).toBe(0);
  });

  it('a registration or reset code does not set it; five wrong codes lock it even with new codes', async () => {
    const m = await registerMember(server);
    await server.call(ApiPath.smsSend, { quhao: '+84', mobile: m.phone, purpose: 'reset' });
    expect((await setFirst(m.token, { captcha: server.sms.lastCodeFor('+84', m.phone) })).body.code).toBe(2053);

    await call(server, ApiPath.smsSend, m.token, { purpose: 'paypwd' });
    let code = server.sms.lastCodeFor('+84', m.phone);
    const wrong = () => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 3; i++) expect((await setFirst(m.token, { captcha: wrong() })).body.code).toBe(2053);
    server.clock.advance(MINUTE);
    await call(server, ApiPath.smsSend, m.token, { purpose: 'paypwd' });
    code = server.sms.lastCodeFor('+84', m.phone);
    for (let i = 0; i < 2; i++) expect((await setFirst(m.token, { captcha: wrong() })).body.code).toBe(2053);
    expect((await setFirst(m.token, { captcha: code })).body.code).toBe(3001);
    expect(await noPassword2(m.token)).toBe(1);
  });

  it('a paypwd code needs a session (409), is not sent to a member who has a password (1001) or no phone (3008)', async () => {
    const has = await walletMember(server);
    // A member made by the operator (member:create) has no phone number.
    await createMember(server.deps, { username: 'nophone1x', password: 'nophone1' });
    const token = (await server.call<{ token: string }>(ApiPath.login, { username: 'nophone1x', password: 'nophone1' }))
      .body.data.token;
    const sentBefore = server.sms.sent.length;
    expect((await server.call(ApiPath.smsSend, { purpose: 'paypwd', lang: 'en' })).body.code).toBe(409);
    expect((await call(server, ApiPath.smsSend, has.token, { purpose: 'paypwd' })).body.code).toBe(1001);
    const refused = await call(server, ApiPath.smsSend, token, { purpose: 'paypwd' });
    expect(refused.body).toMatchObject({ code: 3008, data: { errCode: 3008 } });
    expect(refused.body.info).toBe(
      'There is no phone number on this account for a code: confirm with your login password instead.',
    );
    expect(server.sms.sent.length).toBe(sentBefore);
    // The login password serves instead.
    expect((await setFirst(token, { loginpwd: 'nophone1' })).body.code).toBe(1);
  });
});

describe('adding a withdrawal account', () => {
  it('asks for the withdrawal password: none set 2057, missing 2057, wrong 1033; nothing is added', async () => {
    const without = await walletMember(server, 0, { payPwd: null });
    const none = await call(server, ApiPath.addBankCard, without.token, { ...BANK, pwd: '123456' });
    expect(none.body.code).toBe(2057);
    const m = await walletMember(server);
    expect((await call(server, ApiPath.addBankCard, m.token, { ...BANK })).body.code).toBe(2057);
    expect((await call(server, ApiPath.addBankCard, m.token, { ...BANK, pwd: '' })).body.code).toBe(2057);
    const wrong = await call(server, ApiPath.addBankCard, m.token, { ...BANK, pwd: '999999' });
    expect(wrong.body).toMatchObject({ code: 1033, info: 'Wrong withdrawal password' });
    expect((await ledgerOf(server, without.id)).cards).toBe(0);
    expect((await ledgerOf(server, m.id)).cards).toBe(0);
    expect((await call(server, ApiPath.addBankCard, m.token, { ...BANK, pwd: PAY_PASSWORD })).body.code).toBe(1);
  });

  it('wrong passwords count toward the withdrawal password’s limit: then even the right one is refused', async () => {
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    for (let i = 0; i < 4; i++) {
      const answer = await call(server, ApiPath.addBankCard, m.token, { ...BANK, pwd: `00000${i}` });
      expect(answer.body.code).toBe(1033);
    }
    expect((await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: '000009' })).body.code).toBe(1033);
    expect((await call(server, ApiPath.addBankCard, m.token, { ...BANK, pwd: PAY_PASSWORD })).body.code).toBe(3001);
    expect((await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: PAY_PASSWORD })).body.code).toBe(3001);
    expect(await ledgerOf(server, m.id)).toMatchObject({ balance: 100_00, withdrawals: 0, cards: 1 });
  });
});

describe('a new account waits 24 hours', () => {
  it('a withdrawal to it is refused (3007) until then, saying from when, in the member’s language', async () => {
    // A known moment, so the time in the text can be read: 2030-01-01 01:30 UTC.
    server.clock.now = Date.UTC(2030, 0, 1, 1, 30);
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS }, { fresh: true });
    const availableAt = Date.UTC(2030, 0, 2, 1, 30);
    expect(card).toMatchObject({ addedAt: server.clock.now, availableAt });
    const before = await ledgerOf(server, m.id);
    const body = { bank_id: card.id, money: 10, pwd: PAY_PASSWORD };

    const en = await withdraw(server, m.token, body);
    expect(en.body).toEqual({
      code: 3007,
      data: { availableAt },
      info: 'Withdrawals to this account are possible from 01/02/2030, 09:30 GMT+8: a newly added account waits 24 hours.',
    });
    const texts = await Promise.all(
      ['vi', 'chs', 'cht'].map(async (lang) => (await withdraw(server, m.token, { ...body, lang })).body.info),
    );
    // Each names the day in its own order (ICU's spacing around the zone varies between versions).
    expect(texts[0]).toMatch(/^Có thể rút tiền về tài khoản này từ .*tài khoản mới thêm phải chờ 24 giờ\.$/);
    expect(texts[1]).toMatch(/^该账户自 .* 起可以提现：新添加的账户需等待 24 小时。$/);
    expect(texts[2]).toMatch(/^該帳戶自 .* 起可以提現：新增的帳戶需等待 24 小時。$/);
    for (const [text, day] of [
      [texts[0], '02/01/2030'],
      [texts[1], '2030/01/02'],
      [texts[2], '2030/01/02'],
    ]) {
      expect(text).toContain(day);
      expect(text).toContain('09:30');
      expect(text).toContain('GMT+8');
    }
    server.clock.advance(DAY - MINUTE);
    expect((await withdraw(server, m.token, body)).body.code).toBe(3007);
    expect(await ledgerOf(server, m.id)).toEqual(before);
    server.clock.advance(MINUTE);
    expect((await withdraw(server, m.token, body)).body.code).toBe(1);
  });

  it('the account list says from when each account receives withdrawals', async () => {
    const m = await walletMember(server);
    const old = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    server.clock.advance(HOUR);
    const fresh = await addCard(server, m.token, BANK, { fresh: true });
    const list = (await call<BankCard[]>(server, ApiPath.bankCardList, m.token)).body.data;
    expect(list.map((c) => [c.id, c.addedAt, c.availableAt])).toEqual([
      [old.id, server.clock.now - HOUR - DAY, server.clock.now - HOUR],
      [fresh.id, server.clock.now, server.clock.now + DAY],
    ]);
  });

  it('the member is told of every account added, deleted ones too (getAddedAccounts), and only their own', async () => {
    const m = await walletMember(server);
    const bank = await addCard(server, m.token, { ...BANK, account: '0071 0012-3456' }, { fresh: true });
    server.clock.advance(MINUTE);
    const usdt = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS }, { fresh: true });
    server.clock.advance(MINUTE);
    expect((await call(server, ApiPath.deleteBankCard, m.token, { id: usdt.id })).body.code).toBe(1);
    const other = await walletMember(server);
    await addCard(server, other.token);

    const answer = await call<AddedAccount[]>(server, ApiPath.addedAccounts, m.token);
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toEqual([
      {
        id: usdt.id,
        type: 'USDT-TRC20',
        ending: 'bLSE',
        addedAt: usdt.addedAt,
        availableAt: usdt.addedAt + DAY,
        removedAt: server.clock.now,
      },
      {
        id: bank.id,
        type: 'Bank',
        ending: '3456',
        addedAt: bank.addedAt,
        availableAt: bank.addedAt + DAY,
        removedAt: null,
      },
    ]);
    expect((await server.call(ApiPath.addedAccounts, { lang: 'en' })).body.code).toBe(409);
  });
});

describe('a replayed withdrawal', () => {
  it('checks the password again: a wrong one is refused (1033) and counted, the right one answers 1, once', async () => {
    const m = await walletMember(server, 500);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const body = { bank_id: card.id, money: 100, idempotencyKey: 'replay-guard-1' };
    expect((await withdraw(server, m.token, { ...body, pwd: PAY_PASSWORD })).body.code).toBe(1);
    const wrong = await withdraw(server, m.token, { ...body, pwd: '999999' });
    expect(wrong.body).toMatchObject({ code: 1033, data: null });
    const guard = await server.deps.db
      .selectFrom('member_guards')
      .select('failures')
      .where('member_id', '=', m.id)
      .where('secret', '=', 'pay')
      .executeTakeFirstOrThrow();
    expect(guard.failures).toBe(1);
    expect((await withdraw(server, m.token, { ...body, pwd: '' })).body.code).toBe(2057);
    expect((await withdraw(server, m.token, { ...body, pwd: PAY_PASSWORD })).body.code).toBe(1);
    expect(await ledgerOf(server, m.id)).toMatchObject({ balance: 400_00, withdrawals: 1 });
  });
});

/** A login from a device: its User-Agent and address, as the session list shows them. */
async function loginFrom(member: Registered, userAgent: string, ip: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: ApiPath.login,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': ip },
    payload: JSON.stringify({ username: member.username, password: member.password, lang: 'en' }),
  });
  const body = response.json<{ code: number; data: { token: string } }>();
  expect(body.code).toBe(1);
  return body.data.token;
}

async function alive(token: string): Promise<number> {
  return (await injectJson(server.app, ApiPath.userInfo, { token })).body.code;
}

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('sessions', () => {
  it('end after 7 days without use', async () => {
    const m = await registerMember(server);
    const idle = await loginFrom(m, ANDROID_CHROME, '203.0.113.7');
    const used = await loginFrom(m, ANDROID_CHROME, '203.0.113.7');
    server.clock.advance(7 * DAY - MINUTE);
    expect(await alive(used)).toBe(1);
    server.clock.advance(MINUTE);
    expect(await alive(idle)).toBe(409);
    // Its last recorded use was a minute ago: 7 days after that, it ends too.
    expect(await alive(used)).toBe(1);
    server.clock.advance(7 * DAY - 2 * MINUTE);
    expect(await alive(used)).toBe(1);
    server.clock.advance(7 * DAY);
    expect(await alive(used)).toBe(409);
  });

  it('end 30 days after login however much they are used', async () => {
    const m = await registerMember(server);
    const token = await loginFrom(m, ANDROID_CHROME, '203.0.113.7');
    for (let day = 6; day < 30; day += 6) {
      server.clock.advance(6 * DAY);
      expect(await alive(token), `day ${day}`).toBe(1);
    }
    server.clock.advance(6 * DAY - MINUTE);
    expect(await alive(token)).toBe(1);
    server.clock.advance(MINUTE);
    expect(await alive(token)).toBe(409);
  });

  it('record their use at most once an hour, not on every request', async () => {
    const m = await registerMember(server);
    const token = await loginFrom(m, ANDROID_CHROME, '203.0.113.7');
    const lastUsed = async () =>
      (
        await server.deps.db
          .selectFrom('sessions')
          .select(['last_used_at', 'ip'])
          .where('member_id', '=', await memberId(m.username))
          .where('user_agent', '=', ANDROID_CHROME)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const loginAt = server.clock.now;
    expect(await lastUsed()).toBe(loginAt);
    for (let i = 0; i < 5; i++) {
      server.clock.advance(10 * MINUTE);
      expect(await alive(token)).toBe(1);
    }
    expect(await lastUsed()).toBe(loginAt);
    server.clock.advance(10 * MINUTE);
    expect(await alive(token)).toBe(1);
    expect(await lastUsed()).toBe(loginAt + HOUR);
  });

  it('are listed to their member (device, place, times, this device) and the others can be ended', async () => {
    const m = await registerMember(server);
    const phone = await loginFrom(m, ANDROID_CHROME, '203.0.113.7');
    const loginAt = server.clock.now;
    server.clock.advance(MINUTE);
    const tablet = await loginFrom(m, IPHONE_SAFARI, '198.51.100.23');
    const stranger = await registerMember(server);
    await loginFrom(stranger, IPHONE_SAFARI, '192.0.2.1');

    const listed = await call<SessionItem[]>(server, ApiPath.sessions, phone);
    expect(listed.body.code).toBe(1);
    // The registration's session first made the member's third.
    expect(listed.body.data).toHaveLength(3);
    expect(listed.body.data.slice(0, 2)).toEqual([
      {
        browser: 'Chrome',
        os: 'Android',
        place: '203.0.113.*',
        createdAt: loginAt,
        lastUsedAt: loginAt,
        current: true,
        push: null,
      },
      {
        browser: 'Safari',
        os: 'iPhone',
        place: '198.51.100.*',
        createdAt: loginAt + MINUTE,
        lastUsedAt: loginAt + MINUTE,
        current: false,
        push: null,
      },
    ]);
    expect(listed.body.data.filter((s) => s.current)).toHaveLength(1);

    // It asks for the login password: a session alone (a stolen token) cannot log the owner out.
    expect((await call(server, ApiPath.endOtherSessions, phone)).body).toMatchObject({ code: 1001 });
    expect((await call(server, ApiPath.endOtherSessions, phone, { password: 'wrong999' })).body).toMatchObject({
      code: 1003,
    });
    expect(await alive(tablet)).toBe(1);
    const ended = await call(server, ApiPath.endOtherSessions, phone, { password: m.password });
    expect(ended.body).toMatchObject({ code: 1, data: null });
    expect(await alive(tablet)).toBe(409);
    expect(await alive(m.token)).toBe(409);
    expect(await alive(phone)).toBe(1);
    expect((await call<SessionItem[]>(server, ApiPath.sessions, phone)).body.data).toEqual([
      {
        browser: 'Chrome',
        os: 'Android',
        place: '203.0.113.*',
        createdAt: loginAt,
        lastUsedAt: loginAt,
        current: true,
        push: null,
      },
    ]);
    // Another member's sessions were neither listed nor ended.
    expect(await alive(stranger.token)).toBe(1);
    expect((await server.call(ApiPath.sessions, { lang: 'en' })).body.code).toBe(409);
  });
});

describe('migration 0010 on a database made before it', () => {
  it('keeps the sessions already open, as last used when they were opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'withdraw-guards-migration-'));
    const { db } = openSqlite(join(dir, 'app.sqlite'));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations('sqlite') } });
      expect((await migrator.migrateTo('0007_sms_purpose')).error).toBeUndefined();
      // Written as the schema then was: no last use, device or address yet.
      const before = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await before
        .insertInto('members')
        .values({
          username: 'old01',
          password_hash: 'x',
          nickname: 'old01',
          phone: '',
          quhao: '+84',
          lang: 'vi',
          created_at: 1,
        })
        .execute();
      await before
        .insertInto('sessions')
        .values({ token_hash: 'a'.repeat(64), member_id: 1, created_at: 5_000, expires_at: 9_000 })
        .execute();
      expect(await migrateToLatest(db, 'sqlite')).toContain('0010_withdraw_guards');
      expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([
        {
          token_hash: 'a'.repeat(64),
          member_id: 1,
          created_at: 5_000,
          expires_at: 9_000,
          last_used_at: 5_000,
          user_agent: '',
          ip: '',
        },
      ]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
