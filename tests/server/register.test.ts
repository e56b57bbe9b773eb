/** /api/index/register: every rule of SPEC.md section 5, invitation codes, captcha, taken names. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { CAPTCHA_LOCK_SECONDS, CAPTCHA_TTL_SECONDS } from '../../src/shared/constants';
import type { UserInfo } from '../../src/shared/api/types';
import { registerMember, uniqueName, uniquePhone } from './support/members';
import { startServer, TEST_INVITATION, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A valid registration body for a number that has just been sent a code. */
async function validBody(quhao = '+84'): Promise<Record<string, string>> {
  const phone = uniquePhone();
  expect((await server.call(ApiPath.smsSend, { quhao, mobile: phone })).body.code).toBe(1);
  return {
    quhao,
    username: uniqueName('reg'),
    phone,
    captcha: server.sms.lastCodeFor(quhao, phone),
    password: 'abc12345',
    spassword: 'abc12345',
    invitation: TEST_INVITATION,
  };
}

async function countMembers(): Promise<number> {
  return (await server.deps.db.selectFrom('members').select('id').execute()).length;
}

async function memberRow(username: string) {
  return server.deps.db.selectFrom('members').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

describe('/api/index/register', () => {
  it('creates the member and answers a working token', async () => {
    const body = await validBody();
    const { status, body: answer } = await server.call<{ token: string }>(ApiPath.register, { ...body, lang: 'en' });
    expect(status).toBe(200);
    expect(answer.code).toBe(1);
    expect(answer.data.token).toMatch(/^[0-9a-f]{64}$/);
    const info = await server.call<UserInfo>(ApiPath.userInfo, { token: answer.data.token });
    expect(info.body.data).toMatchObject({
      name: body.username,
      nickname: body.username,
      level: 1,
      money: 0,
      totalWin: 0,
      noPassword2: 1,
      lang: 'en',
    });
    const row = await memberRow(body.username);
    expect(row).toMatchObject({
      quhao: '+84',
      phone: body.phone,
      invited_by: TEST_INVITATION,
      money_cents: 0,
      frozen: 0,
    });
    // Only hashes are stored.
    expect(row.password_hash).not.toContain('abc12345');
    const session = await server.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('member_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(answer.data.token);
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts the invitation use', async () => {
    const before = await server.deps.db
      .selectFrom('invitations')
      .select('uses')
      .where('code', '=', TEST_INVITATION)
      .executeTakeFirstOrThrow();
    expect((await server.call(ApiPath.register, await validBody())).body.code).toBe(1);
    const after = await server.deps.db
      .selectFrom('invitations')
      .select('uses')
      .where('code', '=', TEST_INVITATION)
      .executeTakeFirstOrThrow();
    expect(after.uses).toBe(before.uses + 1);
  });

  it('defaults the area code to +84 when none is sent', async () => {
    const body = await validBody('+84');
    delete body.quhao;
    expect((await server.call(ApiPath.register, body)).body.code).toBe(1);
    expect((await memberRow(body.username)).quhao).toBe('+84');
  });

  it('keeps another area code', async () => {
    const body = await validBody('+855');
    expect((await server.call(ApiPath.register, body)).body.code).toBe(1);
    expect((await memberRow(body.username)).quhao).toBe('+855');
  });

  it('sets the withdrawal password when payPwd is given (noPassword2 = 0)', async () => {
    const body = await validBody();
    const answer = await server.call<{ token: string }>(ApiPath.register, { ...body, payPwd: '654321' });
    expect(answer.body.code).toBe(1);
    const info = await server.call<UserInfo>(ApiPath.userInfo, { token: answer.body.data.token });
    expect(info.body.data.noPassword2).toBe(0);
  });

  it('trims the account name', async () => {
    const body = await validBody();
    expect((await server.call(ApiPath.register, { ...body, username: `  ${body.username} ` })).body.code).toBe(1);
    expect((await memberRow(body.username)).username).toBe(body.username);
  });

  it.each([
    ['account without a digit', { username: 'onlyletters' }, 1010],
    ['account without a letter', { username: '12345678' }, 1010],
    ['account with a symbol', { username: 'abc_123' }, 1010],
    ['empty account', { username: '' }, 1010],
    ['password without a digit', { password: 'abcdefgh', spassword: 'abcdefgh' }, 1015],
    ['password without a letter', { password: '12345678', spassword: '12345678' }, 1015],
    ['password too short', { password: 'ab123', spassword: 'ab123' }, 1011],
    ['password too long', { password: 'abc1234567890abcd', spassword: 'abc1234567890abcd' }, 1011],
    ['confirmation differs', { spassword: 'abc12346' }, 1012],
    ['empty invitation', { invitation: '' }, 1063],
    ['unknown invitation', { invitation: 'NOSUCH99' }, 1063],
    ['bad phone', { phone: '123' }, 2050],
    ['bad area code', { quhao: 'x84' }, 2050],
    ['empty captcha', { captcha: '' }, 2053],
    ['wrong captcha', { captcha: '000000x' }, 2053],
    ['withdrawal password with letters', { payPwd: 'abc123' }, 1058],
    ['withdrawal password too short', { payPwd: '12345' }, 1058],
  ])('refuses %s with its code (and data.errCode), creating nothing', async (_label, change, code) => {
    const membersBefore = await countMembers();
    const body: Record<string, string> = { ...(await validBody()), ...change };
    const { status, body: answer } = await server.call(ApiPath.register, body);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ code, data: { errCode: code } });
    expect(answer.info).not.toBe('');
    expect(await countMembers()).toBe(membersBefore);
  });

  it('refuses a missing field with its code (the captcha: 2053) and data.errCode', async () => {
    const body = await validBody();
    delete body.captcha;
    expect((await server.call(ApiPath.register, body)).body).toMatchObject({ code: 2053, data: { errCode: 2053 } });
  });

  it('refuses a captcha when none was sent to the number (2053)', async () => {
    const body = { ...(await validBody()), phone: uniquePhone() };
    expect((await server.call(ApiPath.register, body)).body.code).toBe(2053);
  });

  it('refuses a code that was sent to another number (2053)', async () => {
    const a = await validBody();
    const b = await validBody();
    expect(
      (await server.call(ApiPath.register, { ...a, captcha: b.captcha === a.captcha ? '999999' : b.captcha })).body
        .code,
    ).toBe(2053);
  });

  it('only the latest code counts', async () => {
    const body = await validBody();
    server.clock.advance(CAPTCHA_LOCK_SECONDS * 1000);
    expect((await server.call(ApiPath.smsSend, { quhao: '+84', mobile: body.phone })).body.code).toBe(1);
    const latest = server.sms.lastCodeFor('+84', body.phone);
    if (latest !== body.captcha) expect((await server.call(ApiPath.register, body)).body.code).toBe(2053);
    expect((await server.call(ApiPath.register, { ...body, captcha: latest })).body.code).toBe(1);
  });

  it('refuses an expired code with 2054', async () => {
    const body = await validBody();
    server.clock.advance(CAPTCHA_TTL_SECONDS * 1000);
    expect((await server.call(ApiPath.register, body)).body).toMatchObject({ code: 2054, data: { errCode: 2054 } });
  });

  it('a code is used once', async () => {
    const body = await validBody();
    expect((await server.call(ApiPath.register, body)).body.code).toBe(1);
    // Remove the member so only the used code stands in the way of a second registration.
    await server.deps.db.deleteFrom('members').where('username', '=', body.username).execute();
    const again = await server.call(ApiPath.register, { ...body, username: uniqueName('again') });
    expect(again.body.code).toBe(2053);
  });

  it('a refused registration does not use up the code', async () => {
    const body = await validBody();
    expect((await server.call(ApiPath.register, { ...body, invitation: 'NOSUCH99' })).body.code).toBe(1063);
    expect((await server.call(ApiPath.register, body)).body.code).toBe(1);
  });

  it('refuses a taken account name with 1013', async () => {
    const first = await registerMember(server);
    const body = { ...(await validBody()), username: first.username };
    expect((await server.call(ApiPath.register, body)).body).toMatchObject({ code: 1013, data: { errCode: 1013 } });
    const demo = { ...(await validBody()), username: 'demo01' };
    expect((await server.call(ApiPath.register, demo)).body.code).toBe(1013);
  });

  it('refuses a deactivated invitation code with 1063', async () => {
    await server.deps.db.insertInto('invitations').values({ code: 'OLDCODE1', created_at: 0, active: 0 }).execute();
    expect((await server.call(ApiPath.register, { ...(await validBody()), invitation: 'OLDCODE1' })).body.code).toBe(
      1063,
    );
  });

  it('accepts an invitation code made by the operator', async () => {
    await server.deps.db.insertInto('invitations').values({ code: 'FRIEND42', created_at: 0 }).execute();
    expect((await server.call(ApiPath.register, { ...(await validBody()), invitation: 'FRIEND42' })).body.code).toBe(1);
  });
});
