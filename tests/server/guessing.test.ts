/**
 * Guessing a secret is limited in the database (a restart keeps every count). The login password:
 * per member and address, 5 wrong tries in 15 minutes refuse that address for 15 minutes (3001);
 * addresses that are not the member's own are slowed down together with a growing delay (3006),
 * and never lock the member's own devices out (the address of its registration or of a login, or
 * a live session). The withdrawal password and the old password of a change: per member, 5 wrong
 * tries in 15 minutes lock it for 15 minutes. An SMS code dies after 5 wrong tries; an unknown
 * name costs a hash.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { runAdmin } from '../../src/server/admin/commands';
import { passwordPool } from '../../src/server/domain/passwordPool';
import { verifySecret } from '../../src/server/domain/secrets';
import { registerMember, uniqueName, uniquePhone, type Registered } from './support/members';
import { startServer, TEST_INVITATION, type TestServer } from './support/server';
import { addCard, PAY_PASSWORD, TRC20_ADDRESS, walletMember, withdraw } from './support/wallet';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
let addressCounter = 0;
/** A different client address for every request, as an attacker with many addresses would use. */
const freshAddress = () => `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.7`;

/** The address registerMember's requests come from: the member's own device. */
const OWN_ADDRESS = '127.0.0.1';

async function loginFrom(ip: string, username: string, password: string, lang = 'en', token?: string) {
  return server.call<{ errCode?: number }>(ApiPath.login, { username, password, lang, token }, { ip });
}

/** A stranger's try: an address of its own each time. */
const login = (username: string, password: string, lang = 'en') => loginFrom(freshAddress(), username, password, lang);

/** A new session of the member, at its own device: its token. */
async function newSession(m: Registered): Promise<string> {
  const answer = await server.call<{ token: string }>(
    ApiPath.login,
    { username: m.username, password: m.password, lang: 'en' },
    { ip: OWN_ADDRESS },
  );
  if (answer.body.code !== 1) throw new Error(`login refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}

/** The member at its own device. */
const ownLogin = (m: Registered, password = m.password) => loginFrom(OWN_ADDRESS, m.username, password);

describe('the login password from one address', () => {
  it('5 wrong tries lock that address for 15 minutes (3001), even with the right password', async () => {
    const m = await registerMember(server);
    const stranger = freshAddress();
    for (let i = 0; i < 5; i++) expect((await loginFrom(stranger, m.username, `wrong${i}pw`)).body.code).toBe(1003);
    const locked = await loginFrom(stranger, m.username, m.password);
    expect(locked.body.code).toBe(3001);
    expect(locked.body.data).toEqual({ errCode: 3001 });
    expect(locked.body.info).toBe('Too many wrong tries. Try again in 15 min.');
    server.clock.advance(14 * MINUTE);
    expect((await loginFrom(stranger, m.username, m.password, 'vi')).body.info).toBe(
      'Nhập sai quá nhiều lần. Vui lòng thử lại sau 1 phút.',
    );
    server.clock.advance(MINUTE);
    expect((await loginFrom(stranger, m.username, m.password)).body.code).toBe(1);
  });

  it('tells the wait in every language', async () => {
    const m = await registerMember(server);
    const stranger = freshAddress();
    for (let i = 0; i < 5; i++) await loginFrom(stranger, m.username, `wrong${i}pw`);
    const texts = await Promise.all(
      ['chs', 'cht', 'en', 'vi'].map(
        async (lang) => (await loginFrom(stranger, m.username, m.password, lang)).body.info,
      ),
    );
    expect(texts).toEqual([
      '错误次数过多，请在 15 分钟后重试',
      '錯誤次數過多，請在 15 分鐘後重試',
      'Too many wrong tries. Try again in 15 min.',
      'Nhập sai quá nhiều lần. Vui lòng thử lại sau 15 phút.',
    ]);
  });

  it('wrong tries older than 15 minutes no longer count; a right one clears them', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 4; i++) await ownLogin(m, `wrong${i}pw`);
    server.clock.advance(15 * MINUTE + 1);
    for (let i = 0; i < 4; i++) expect((await ownLogin(m, `again${i}pw`)).body.code).toBe(1003);
    expect((await ownLogin(m)).body.code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await ownLogin(m, `more${i}pw`)).body.code).toBe(1003);
    expect((await ownLogin(m)).body.code).toBe(1);
  });

  it('50 wrong tries sent at once: at most 5 are checked, the right password is then refused', async () => {
    const m = await registerMember(server);
    const stranger = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginFrom(stranger, m.username, `burst${i}pw`)),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1003).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 1003 && c !== 3001 && c !== 3006)).toEqual([]);
    expect((await loginFrom(stranger, m.username, m.password)).body.code).toBe(3001);
  });

  it('the operator can lift a lock (member:unlock)', async () => {
    const m = await registerMember(server);
    const stranger = freshAddress();
    for (let i = 0; i < 5; i++) await loginFrom(stranger, m.username, `wrong${i}pw`);
    expect((await loginFrom(stranger, m.username, m.password)).body.code).toBe(3001);
    const out: string[] = [];
    const io = {
      env: server.database.env,
      out: (line: string) => out.push(line),
      err: (line: string) => out.push(line),
    };
    expect(await runAdmin(['member:unlock', m.username], io)).toBe(0);
    expect(out).toEqual([`Member ${m.username}: unlocked the login password.`]);
    expect((await loginFrom(stranger, m.username, m.password)).body.code).toBe(1);
    expect(await runAdmin(['member:unlock', m.username], io)).toBe(0);
    expect(out[1]).toBe(`Member ${m.username}: nothing was locked; wrong tries forgotten.`);
  });

  it('the count lives in the database: a restarted server keeps the lock', async () => {
    const m = await registerMember(server);
    const stranger = freshAddress();
    for (let i = 0; i < 5; i++) await loginFrom(stranger, m.username, `wrong${i}pw`);
    await server.restart();
    expect((await loginFrom(stranger, m.username, m.password)).body.code).toBe(3001);
    const row = await server.deps.db
      .selectFrom('login_sources')
      .innerJoin('members', 'members.id', 'login_sources.member_id')
      .select(['login_sources.failures', 'login_sources.locked_until'])
      .where('members.username', '=', m.username)
      .where('login_sources.source', '=', stranger)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(5);
    expect(row.locked_until).toBeGreaterThan(server.clock.now);
  });
});

describe('strangers cannot lock a member out', () => {
  it("a stranger's wrong tries, from one address or many, never refuse the member's own device", async () => {
    const m = await registerMember(server);
    const stranger = freshAddress();
    for (let i = 0; i < 10; i++) await loginFrom(stranger, m.username, `wrong${i}pw`);
    for (let i = 0; i < 30; i++) await login(m.username, `many${i}pw`);
    expect((await loginFrom(stranger, m.username, m.password)).body.code).toBe(3001);
    expect((await login(m.username, m.password)).body.code).toBe(3006);
    // The address it registered from, at once, with no wait.
    expect((await ownLogin(m)).body.code).toBe(1);
  });

  it('an address the member logged in from is its own from then on', async () => {
    const m = await registerMember(server);
    const phone = freshAddress();
    expect((await loginFrom(phone, m.username, m.password)).body.code).toBe(1);
    for (let i = 0; i < 30; i++) await login(m.username, `many${i}pw`);
    expect((await loginFrom(phone, m.username, m.password)).body.code).toBe(1);
  });

  it('a device with a live session of the member is its own, from any address', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 30; i++) await login(m.username, `many${i}pw`);
    const elsewhere = freshAddress();
    expect((await loginFrom(elsewhere, m.username, m.password)).body.code).toBe(3006);
    expect((await loginFrom(elsewhere, m.username, m.password, 'en', m.token)).body.code).toBe(1);
    // Another member's session proves nothing about this one.
    const other = await registerMember(server);
    expect((await loginFrom(freshAddress(), m.username, m.password, 'en', other.token)).body.code).toBe(3006);
  });
});

describe('what a session of the member earns at login, and what it does not', () => {
  it("wrong tries at the member's address lock that address, never the member's device that presents its live session", async () => {
    const m = await registerMember(server);
    const home = freshAddress();
    expect((await loginFrom(home, m.username, m.password)).body.code).toBe(1);
    // Someone else behind the same address, without the member's session.
    for (let i = 0; i < 5; i++) expect((await loginFrom(home, m.username, `wrong${i}pw`)).body.code).toBe(1003);
    expect((await loginFrom(home, m.username, m.password)).body.code).toBe(3001);
    // The member's phone at that address, with its live session: its own tries are the only ones it answers for.
    expect((await loginFrom(home, m.username, m.password, 'en', m.token)).body.code).toBe(1);
  });

  it('a stolen token is no password oracle: 100 guesses with it are checked no more often than a stranger’s', async () => {
    const victim = await registerMember(server);
    const control = await registerMember(server);
    /** One guess a second for 100 s; how many were checked (1003) rather than refused (3001, 3006). */
    async function guess(send: (i: number) => Promise<number>): Promise<number> {
      let checked = 0;
      for (let i = 0; i < 100; i++) {
        const code = await send(i);
        if (code === 1003) checked += 1;
        else expect([3001, 3006]).toContain(code);
        server.clock.advance(1_000);
      }
      return checked;
    }
    // The thief sends each guess from a new address, as the stranger does.
    const withToken = await guess(
      async (i) => (await loginFrom(freshAddress(), victim.username, `guess${i}x`, 'en', victim.token)).body.code,
    );
    // A stranger at a new address for every guess: the strangers' growing wait is all that holds them.
    const asStranger = await guess(async (i) => (await login(control.username, `guess${i}x`)).body.code);
    expect(withToken).toBeGreaterThan(0);
    expect(withToken).toBeLessThanOrEqual(asStranger);
    // The right password with the token is refused too while its tries are spent...
    expect([3001, 3006]).toContain(
      (await loginFrom(freshAddress(), victim.username, victim.password, 'en', victim.token)).body.code,
    );
    // ...and the owner, at the address they registered from, is not held by them.
    expect((await ownLogin(victim)).body.code).toBe(1);
  });
});

describe('guessing one member from many addresses', () => {
  it('slows down with a growing wait (3006, the seconds in the text) and never locks', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) expect((await login(m.username, `wrong${i}pw`)).body.code).toBe(1003);
    const waits: string[] = [];
    for (let step = 0; step < 4; step++) {
      const slowed = await login(m.username, `slow${step}pw`);
      expect(slowed.body).toMatchObject({ code: 3006, data: { errCode: 3006 } });
      waits.push(slowed.body.info);
      server.clock.advance(1_000 * 2 ** step);
      expect((await login(m.username, `after${step}pw`)).body.code).toBe(1003);
    }
    expect(waits).toEqual([
      'Too many wrong tries at this account. Try again in 1 s.',
      'Too many wrong tries at this account. Try again in 2 s.',
      'Too many wrong tries at this account. Try again in 4 s.',
      'Too many wrong tries at this account. Try again in 8 s.',
    ]);
    // The right password from a new address gets through once the wait is over: slowed, not locked.
    expect((await login(m.username, m.password)).body.code).toBe(3006);
    server.clock.advance(16_000);
    expect((await login(m.username, m.password)).body.code).toBe(1);
  });

  it('tells the wait in every language', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) await login(m.username, `wrong${i}pw`);
    const texts = await Promise.all(
      ['chs', 'cht', 'en', 'vi'].map(async (lang) => (await login(m.username, m.password, lang)).body.info),
    );
    expect(texts).toEqual([
      '该账户密码错误次数过多，请在 1 秒后重试',
      '該帳戶密碼錯誤次數過多，請在 1 秒後重試',
      'Too many wrong tries at this account. Try again in 1 s.',
      'Tài khoản này bị nhập sai mật khẩu quá nhiều lần. Vui lòng thử lại sau 1 giây.',
    ]);
  });

  it('50 tries sent at once from 50 addresses: at most 5 are checked', async () => {
    const m = await registerMember(server);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(m.username, `burst${i}pw`)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1003).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 1003 && c !== 3006)).toEqual([]);
    expect((await ownLogin(m)).body.code).toBe(1);
  });

  it('the wait lives in the database (a restart keeps it); 15 quiet minutes forget the tries', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 7; i++) {
      await login(m.username, `wrong${i}pw`);
      server.clock.advance(2_000);
    }
    await server.restart();
    expect((await login(m.username, m.password)).body.code).toBe(3006);
    server.clock.advance(15 * MINUTE);
    for (let i = 0; i < 5; i++) expect((await login(m.username, `fresh${i}pw`)).body.code).toBe(1003);
  });
});

describe('the old password of a login password change', () => {
  it('counts toward the changes’ own limit (3001), which does not refuse the member’s logins', async () => {
    const m = await registerMember(server);
    const change = (passwd: string) =>
      server.call(ApiPath.changeLoginPassword, { token: m.token, lang: 'en', passwd, npasswd: 'newpass123' });
    for (let i = 0; i < 5; i++) expect((await change(`notmine${i}`)).body.code).toBe(1059);
    expect((await change(m.password)).body.code).toBe(3001);
    expect((await ownLogin(m)).body.code).toBe(1);
    const stored = await server.deps.db
      .selectFrom('members')
      .select('password_hash')
      .where('username', '=', m.username)
      .executeTakeFirstOrThrow();
    expect(await verifySecret(m.password, stored.password_hash)).toBe(true);
  });
});

describe('the withdrawal password', () => {
  it('locks after 5 wrong tries between withdraw and resetpaypwd; the right one is refused, nothing moves', async () => {
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    await server.deps.db.updateTable('settings').set({ value: '0' }).where('key', '=', 'turnoverMultiple').execute();
    const reset = (srcpwd: string) =>
      server.call(ApiPath.changePayPassword, {
        token: m.token,
        lang: 'en',
        srcpwd,
        newpwd: '975310',
        newpwd2: '975310',
      });
    for (let i = 0; i < 3; i++) {
      expect((await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: `00000${i}` })).body.code).toBe(1033);
    }
    expect((await reset('111111')).body.code).toBe(1059);
    expect((await reset('222222')).body.code).toBe(1059);
    const locked = await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: PAY_PASSWORD });
    expect(locked.body.code).toBe(3001);
    expect(locked.body.info).toBe('Too many wrong tries. Try again in 15 min.');
    expect((await reset(PAY_PASSWORD)).body.code).toBe(3001);
    const money = await server.deps.db
      .selectFrom('members')
      .select('money_cents')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(money.money_cents).toBe(100_00);
    // The login password is another secret: it still works.
    expect((await login(m.username, m.password)).body.code).toBe(1);
    server.clock.advance(15 * MINUTE);
    expect((await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: PAY_PASSWORD })).body.code).toBe(1);
    await server.deps.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'turnoverMultiple').execute();
  });

  it("a stolen session's wrong tries lock that session only: the owner's other session still withdraws", async () => {
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    await server.deps.db.updateTable('settings').set({ value: '0' }).where('key', '=', 'turnoverMultiple').execute();
    const owner = await newSession(m);
    for (let i = 0; i < 5; i++) {
      expect((await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: `00000${i}` })).body.code).toBe(1033);
    }
    expect((await withdraw(server, m.token, { bank_id: card.id, money: 10, pwd: PAY_PASSWORD })).body.code).toBe(3001);
    expect((await withdraw(server, owner, { bank_id: card.id, money: 10, pwd: PAY_PASSWORD })).body.code).toBe(1);
    await server.deps.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'turnoverMultiple').execute();
  });

  it("a stolen session's wrong tries at the first withdrawal password lock that session only: the owner's other session sets it", async () => {
    const m = await registerMember(server);
    const owner = await newSession(m);
    const setFirst = (token: string, loginpwd: string) =>
      server.call(ApiPath.changePayPassword, { token, lang: 'en', loginpwd, newpwd: '135790', newpwd2: '135790' });
    for (let i = 0; i < 5; i++) expect((await setFirst(m.token, `wrong${i}pw`)).body.code).toBe(1003);
    expect((await setFirst(m.token, m.password)).body.code).toBe(3001);
    expect((await setFirst(owner, m.password)).body.code).toBe(1);
  });

  it("the member's sessions together still meet a ceiling: 20 wrong tries in 15 minutes lock the withdrawal password", async () => {
    const m = await walletMember(server, 100);
    const card = await addCard(server, m.token, { type: 'USDT-TRC20', address: TRC20_ADDRESS });
    const codes: number[] = [];
    for (let device = 0; device < 5; device++) {
      const token = await newSession(m);
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await withdraw(server, token, { bank_id: card.id, money: 10, pwd: `0${device}000${i}` })).body.code,
        );
      }
    }
    expect(codes.filter((code) => code === 1033)).toHaveLength(20);
    expect(codes.slice(20)).toEqual(Array(5).fill(3001));
  });

  it('withdrawals are limited per session whatever the address (2051); another session of the member has its own', async () => {
    const limited = await startServer({
      rateLimits: { login: 10_000, register: 10_000, smsSend: 10_000, withdraw: 3 },
    });
    try {
      const m = await walletMember(limited, 50);
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const answer = await limited.call(
          ApiPath.withdraw,
          { token: m.token, lang: 'en', bank_id: '', money: 1, pwd: PAY_PASSWORD },
          { ip: freshAddress() },
        );
        answers.push(answer.body);
      }
      expect(answers.map((answer) => answer.code)).toEqual([2058, 2058, 2058, 2051]);
      // The refusal says how long until the member's minute is over.
      const seconds = (answers[3].data as { retryAfter: number }).retryAfter;
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(answers[3].info).toBe(`Sending too frequently, please wait ${seconds} s`);
      // A stolen session's requests do not use up the owner's.
      const owner = await limited.call<{ token: string }>(ApiPath.login, {
        username: m.username,
        password: m.password,
        lang: 'en',
      });
      const own = await limited.call(ApiPath.withdraw, {
        token: owner.body.data.token,
        lang: 'en',
        bank_id: '',
        money: 1,
        pwd: PAY_PASSWORD,
      });
      expect(own.body.code).toBe(2058);
    } finally {
      await limited.close();
    }
  });
});

describe('an SMS code', () => {
  it('dies after 5 wrong tries: the right code then answers 2054 (ask for a new one)', async () => {
    const phone = uniquePhone();
    expect((await server.call(ApiPath.smsSend, { quhao: '+84', mobile: phone })).body.code).toBe(1);
    const code = server.sms.lastCodeFor('+84', phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const register = (captcha: string) =>
      server.call(
        ApiPath.register,
        {
          quhao: '+84',
          username: uniqueName('sms'),
          phone,
          captcha,
          password: 'abc12345',
          spassword: 'abc12345',
          invitation: TEST_INVITATION,
          lang: 'en',
        },
        { ip: freshAddress() },
      );
    for (let i = 0; i < 5; i++) expect((await register(wrong)).body.code).toBe(2053);
    expect((await register(code)).body.code).toBe(2054);
    // A new code (after the resend lock) works.
    server.clock.advance(61_000);
    expect((await server.call(ApiPath.smsSend, { quhao: '+84', mobile: phone })).body.code).toBe(1);
    expect((await register(server.sms.lastCodeFor('+84', phone))).body.code).toBe(1);
  });
});

describe('timing does not tell who is registered', () => {
  it('an unknown name is checked against a hash of the same cost as a wrong password: the same work, in the same lane', async () => {
    const m = await registerMember(server);
    const jobs: Array<{ N: number; r: number; p: number; keyLength: number; lane: string }> = [];
    const pool = passwordPool();
    const derive = pool.derive.bind(pool);
    const spy = vi.spyOn(pool, 'derive').mockImplementation((job, lane) => {
      jobs.push({ N: job.N, r: job.r, p: job.p, keyLength: job.keyLength, lane });
      return derive(job, lane);
    });
    try {
      // The dummy hash is made once, on the first unknown name: not part of what an attacker times.
      await login('nobody00x', 'notthe1pw');
      jobs.length = 0;
      expect((await login(m.username, 'notthe1pw')).body.code).toBe(1003);
      const known = jobs.splice(0);
      expect((await login('nobody01x', 'notthe1pw')).body.code).toBe(1002);
      const unknown = jobs.splice(0);
      expect(known).toHaveLength(1);
      expect(unknown).toEqual(known);
    } finally {
      spy.mockRestore();
    }
    // What each costs in time, side by side, is a figure of `npm run bench` (login cost).
  });
});
