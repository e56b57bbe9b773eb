/**
 * Guessing a secret is limited per member, in the database: the login password (at login and as
 * the old password of a change) and the withdrawal password (at a withdrawal and as the old one of
 * a change) lock for 15 minutes after 5 wrong tries in 15 minutes, whatever address the tries come
 * from, across a restart; an SMS code dies after 5 wrong tries; an unknown name costs a hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { runAdmin } from '../../src/server/admin/commands';
import { OWASP_SCRYPT_COST, hashSecret, useScryptCost, verifySecret } from '../../src/server/domain/secrets';
import { registerMember, uniqueName, uniquePhone } from './support/members';
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

async function login(username: string, password: string, lang = 'en') {
  return server.call<{ errCode?: number }>(ApiPath.login, { username, password, lang }, { ip: freshAddress() });
}

describe('the login password', () => {
  it('after 5 wrong tries from 5 addresses, even the right password is refused for 15 minutes (3001)', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) expect((await login(m.username, `wrong${i}pw`)).body.code).toBe(1003);
    const locked = await login(m.username, m.password);
    expect(locked.body.code).toBe(3001);
    expect(locked.body.data).toEqual({ errCode: 3001 });
    expect(locked.body.info).toBe('Too many wrong tries. Try again in 15 min.');
    server.clock.advance(14 * MINUTE);
    expect((await login(m.username, m.password, 'vi')).body.info).toBe(
      'Nhập sai quá nhiều lần. Vui lòng thử lại sau 1 phút.',
    );
    server.clock.advance(MINUTE);
    expect((await login(m.username, m.password)).body.code).toBe(1);
  });

  it('tells the wait in every language', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) await login(m.username, `wrong${i}pw`);
    const texts = await Promise.all(
      ['chs', 'cht', 'en', 'vi'].map(async (lang) => (await login(m.username, m.password, lang)).body.info),
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
    for (let i = 0; i < 4; i++) await login(m.username, `wrong${i}pw`);
    server.clock.advance(15 * MINUTE + 1);
    for (let i = 0; i < 4; i++) expect((await login(m.username, `again${i}pw`)).body.code).toBe(1003);
    expect((await login(m.username, m.password)).body.code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await login(m.username, `more${i}pw`)).body.code).toBe(1003);
    expect((await login(m.username, m.password)).body.code).toBe(1);
  });

  it('50 wrong tries sent at once: at most 5 are checked, the right password is then refused', async () => {
    const m = await registerMember(server);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(m.username, `burst${i}pw`)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1003).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 1003 && c !== 3001)).toEqual([]);
    expect((await login(m.username, m.password)).body.code).toBe(3001);
  });

  it('the old password of a change counts as a try at the same secret', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 3; i++) await login(m.username, `wrong${i}pw`);
    const change = (passwd: string) =>
      server.call(ApiPath.changeLoginPassword, { token: m.token, lang: 'en', passwd, npasswd: 'newpass123' });
    expect((await change('notmine1')).body.code).toBe(1059);
    expect((await change('notmine2')).body.code).toBe(1059);
    expect((await change(m.password)).body.code).toBe(3001);
    expect((await login(m.username, m.password)).body.code).toBe(3001);
    const stored = await server.deps.db
      .selectFrom('members')
      .select('password_hash')
      .where('username', '=', m.username)
      .executeTakeFirstOrThrow();
    expect(await verifySecret(m.password, stored.password_hash)).toBe(true);
  });

  it('the operator can lift a lock (member:unlock) for a member locked out by someone else', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) await login(m.username, `wrong${i}pw`);
    expect((await login(m.username, m.password)).body.code).toBe(3001);
    const out: string[] = [];
    const io = {
      env: server.database.env,
      out: (line: string) => out.push(line),
      err: (line: string) => out.push(line),
    };
    expect(await runAdmin(['member:unlock', m.username], io)).toBe(0);
    expect(out).toEqual([`Member ${m.username}: unlocked the login password.`]);
    expect((await login(m.username, m.password)).body.code).toBe(1);
    expect(await runAdmin(['member:unlock', m.username], io)).toBe(0);
    expect(out[1]).toBe(`Member ${m.username}: nothing was locked; wrong tries forgotten.`);
  });

  it('the count lives in the database: a restarted server keeps the lock', async () => {
    const m = await registerMember(server);
    for (let i = 0; i < 5; i++) await login(m.username, `wrong${i}pw`);
    await server.restart();
    expect((await login(m.username, m.password)).body.code).toBe(3001);
    const row = await server.deps.db
      .selectFrom('member_guards')
      .innerJoin('members', 'members.id', 'member_guards.member_id')
      .select(['member_guards.secret', 'member_guards.failures', 'member_guards.locked_until'])
      .where('members.username', '=', m.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret: 'login', failures: 5 });
    expect(row.locked_until).toBeGreaterThan(server.clock.now);
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

  it('withdrawals are limited per member whatever the address (2051)', async () => {
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
  it('an unknown name is checked against a hash, as long as a wrong password', async () => {
    useScryptCost(OWASP_SCRYPT_COST);
    try {
      const m = await registerMember(server);
      // A hash at the production cost, as the member's would be on a real server.
      await server.deps.db
        .updateTable('members')
        .set({ password_hash: await hashSecret(m.password) })
        .where('username', '=', m.username)
        .execute();
      const timed = async (username: string) => {
        const started = performance.now();
        const answer = await login(username, 'notthe1pw');
        return { ms: performance.now() - started, code: answer.body.code };
      };
      // Warm the dummy hash, then alternate so load affects both alike; the wrong tries stay under the lock.
      await timed('nobody00x');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        const a = await timed(m.username);
        const b = await timed(`nobody${i}x`);
        expect([a.code, b.code]).toEqual([1003, 1002]);
        known.push(a.ms);
        unknown.push(b.ms);
      }
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
      const ratio = median(unknown) / median(known);
      // Without the dummy hash an unknown name answers in about a millisecond: a ratio near 0.
      expect(ratio).toBeGreaterThan(0.6);
      expect(ratio).toBeLessThan(1.6);
    } finally {
      useScryptCost({ N: 2 ** 12, r: 8, p: 1 });
    }
    // Ten checks at the production cost: about 12 s on a quiet two-core machine.
  }, 60_000);
});
