/** /api/Index/repasswd and /api/Index/resetpaypwd. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import type { UserInfo } from '../../src/shared/api/types';
import { registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('/api/Index/repasswd', () => {
  it('changes the login password: the new one logs in, the old one no longer does', async () => {
    const m = await registerMember(server, { password: 'first123' });
    const { body } = await server.call(ApiPath.changeLoginPassword, {
      token: m.token,
      passwd: 'first123',
      npasswd: 'second456',
    });
    expect(body.code).toBe(1);
    expect((await server.call(ApiPath.login, { username: m.username, password: 'first123' })).body.code).toBe(1003);
    expect((await server.call(ApiPath.login, { username: m.username, password: 'second456' })).body.code).toBe(1);
  });

  it("keeps the session that made the change and ends the member's other sessions", async () => {
    const m = await registerMember(server, { password: 'first123' });
    const other = await server.call<{ token: string }>(ApiPath.login, { username: m.username, password: 'first123' });
    await server.call(ApiPath.changeLoginPassword, { token: m.token, passwd: 'first123', npasswd: 'second456' });
    expect((await server.call(ApiPath.userInfo, { token: m.token })).body.code).toBe(1);
    expect((await server.call(ApiPath.userInfo, { token: other.body.data.token })).body.code).toBe(409);
  });

  it.each([
    ['a wrong old password', { passwd: 'wrong123', npasswd: 'second456' }, 1059],
    ['a new password without a digit', { passwd: 'first123', npasswd: 'abcdefgh' }, 1015],
    ['a new password without a letter', { passwd: 'first123', npasswd: '12345678' }, 1015],
    ['a new password too short', { passwd: 'first123', npasswd: 'ab12' }, 1011],
    ['a new password too long', { passwd: 'first123', npasswd: 'abcdefgh123456789' }, 1011],
    ['an empty old password', { passwd: '', npasswd: 'second456' }, 1001],
    ['an empty new password', { passwd: 'first123', npasswd: '' }, 1001],
    ['a missing field', { passwd: 'first123' }, 1001],
  ])('refuses %s and changes nothing', async (_label, change, code) => {
    const m = await registerMember(server, { password: 'first123' });
    expect((await server.call(ApiPath.changeLoginPassword, { token: m.token, ...change })).body.code).toBe(code);
    expect((await server.call(ApiPath.login, { username: m.username, password: 'first123' })).body.code).toBe(1);
  });
});

describe('/api/Index/resetpaypwd', () => {
  async function noPassword2(token: string): Promise<number> {
    return (await server.call<UserInfo>(ApiPath.userInfo, { token })).body.data.noPassword2;
  }

  it('sets the first withdrawal password with the login password, not an old one (noPassword2 1 -> 0)', async () => {
    const m = await registerMember(server);
    expect(await noPassword2(m.token)).toBe(1);
    const { body } = await server.call(ApiPath.changePayPassword, {
      token: m.token,
      loginpwd: m.password,
      newpwd: '246810',
      newpwd2: '246810',
    });
    expect(body.code).toBe(1);
    expect(await noPassword2(m.token)).toBe(0);
  });

  it('then asks for the old one: missing 1001, wrong 1059, right changes it', async () => {
    const m = await registerMember(server, { payPwd: '111111' });
    expect(await noPassword2(m.token)).toBe(0);
    const call = (body: object) => server.call(ApiPath.changePayPassword, { token: m.token, ...body });
    expect((await call({ newpwd: '222222', newpwd2: '222222' })).body.code).toBe(1001);
    expect((await call({ srcpwd: '999999', newpwd: '222222', newpwd2: '222222' })).body.code).toBe(1059);
    expect((await call({ srcpwd: '111111', newpwd: '222222', newpwd2: '222222' })).body.code).toBe(1);
    // The old one is now wrong, the new one right.
    expect((await call({ srcpwd: '111111', newpwd: '333333', newpwd2: '333333' })).body.code).toBe(1059);
    expect((await call({ srcpwd: '222222', newpwd: '333333', newpwd2: '333333' })).body.code).toBe(1);
  });

  it.each([
    ['fewer than 6 digits', { newpwd: '12345', newpwd2: '12345' }, 1058],
    ['letters', { newpwd: 'abc123', newpwd2: 'abc123' }, 1058],
    ['a repeat that differs', { newpwd: '123456', newpwd2: '123457' }, 1012],
    ['an empty new password', { newpwd: '', newpwd2: '' }, 1001],
    ['a missing repeat', { newpwd: '123456' }, 1001],
  ])('refuses %s', async (_label, change, code) => {
    const m = await registerMember(server);
    const body = { token: m.token, loginpwd: m.password, ...change };
    expect((await server.call(ApiPath.changePayPassword, body)).body.code).toBe(code);
    expect(await noPassword2(m.token)).toBe(1);
  });
});
