/** /api/Index/login: errCode 1002/1003/1061/1069, trimming, tokens. */
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

describe('/api/Index/login', () => {
  it('logs the demo member in and the token opens private paths', async () => {
    const { status, body } = await server.call<{ token: string }>(ApiPath.login, {
      quhao: '+84',
      username: 'demo01',
      password: 'demo1234',
    });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data.token).toMatch(/^[0-9a-f]{64}$/);
    const info = await server.call<UserInfo>(ApiPath.userInfo, { token: body.data.token });
    expect(info.body.data).toMatchObject({ name: 'demo01', money: 1000, noPassword2: 0, level: 1 });
  });

  it('trims the account name', async () => {
    expect((await server.call(ApiPath.login, { username: '  demo01\t', password: 'demo1234' })).body.code).toBe(1);
  });

  it('issues a new token per login; both stay valid', async () => {
    const a = await server.call<{ token: string }>(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    const b = await server.call<{ token: string }>(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    expect(a.body.data.token).not.toBe(b.body.data.token);
    expect((await server.call(ApiPath.userInfo, { token: a.body.data.token })).body.code).toBe(1);
    expect((await server.call(ApiPath.userInfo, { token: b.body.data.token })).body.code).toBe(1);
  });

  it('remembers the language of the login', async () => {
    const login = await server.call<{ token: string }>(ApiPath.login, {
      username: 'demo01',
      password: 'demo1234',
      lang: 'cht',
    });
    const info = await server.call<UserInfo>(ApiPath.userInfo, { token: login.body.data.token });
    expect(info.body.data.lang).toBe('cht');
  });

  it.each([
    ['unknown account', { username: 'nobody99', password: 'demo1234' }, 1002],
    ['wrong password', { username: 'demo01', password: 'demo12345' }, 1003],
    ['short password', { username: 'demo01', password: 'demo1' }, 1061],
    ['empty password', { username: 'demo01', password: '' }, 1001],
    ['empty account', { username: '   ', password: 'demo1234' }, 1001],
    ['missing password', { username: 'demo01' }, 1001],
  ])('refuses %s with code and data.errCode %i', async (_label, body, code) => {
    const { status, body: answer } = await server.call(ApiPath.login, body);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ code, data: { errCode: code } });
    expect(answer.info).not.toBe('');
  });

  it('account names are exact: demo01 is not DEMO01', async () => {
    expect((await server.call(ApiPath.login, { username: 'DEMO01', password: 'demo1234' })).body.code).toBe(1002);
  });

  it('refuses a frozen member with 1069, only once the password matched', async () => {
    const member = await registerMember(server);
    await server.deps.db.updateTable('members').set({ frozen: 1 }).where('username', '=', member.username).execute();
    expect((await server.call(ApiPath.login, { username: member.username, password: 'wrong1234' })).body.code).toBe(
      1003,
    );
    expect(
      (await server.call(ApiPath.login, { username: member.username, password: member.password })).body,
    ).toMatchObject({
      code: 1069,
      data: { errCode: 1069 },
    });
  });
});
