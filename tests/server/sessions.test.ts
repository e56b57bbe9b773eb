/** Token lifecycle on private paths: 409 for a missing, unknown, revoked or expired token; 403 when frozen. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { isGuestPath } from '../../src/shared/api/calls';
import { SESSION_IDLE_DAYS, SESSION_TTL_DAYS } from '../../src/shared/constants';
import { DAY_MS } from '../../src/shared/serverDay';
import type { UserInfo } from '../../src/shared/api/types';
import { pruneExpiredSessions } from '../../src/server/domain/accounts/sessions';
import { loginDemo, registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const PRIVATE_PATHS = [ApiPath.userInfo, ApiPath.logout, ApiPath.changeLoginPassword, ApiPath.changePayPassword];

describe('private paths', () => {
  it('the paths of this issue that need a token are not public', () => {
    for (const path of PRIVATE_PATHS) expect(isGuestPath(path)).toBe(false);
  });

  it.each(PRIVATE_PATHS)('%s without a token answers 409 with the text of 1062', async (path) => {
    const en = await server.call(path, { lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ code: 409, data: null });
    const loginInvalid = await server.call(ApiPath.userInfo, { lang: 'en' });
    expect(en.body.info).toBe(loginInvalid.body.info);
    expect(en.body.info).toMatch(/log/i);
  });

  it.each([
    ['an unknown token', 'f'.repeat(64)],
    ['a short token', 'abc'],
    ['a number', 12345],
    ['null', null],
  ])('%s answers 409', async (_label, token) => {
    expect((await server.call(ApiPath.userInfo, { token })).body.code).toBe(409);
  });

  it('the public getconfig needs no token and ignores a bad one', async () => {
    expect((await server.call(ApiPath.getConfig, { token: 'garbage' })).body.code).toBe(1);
  });
});

describe('token lifecycle', () => {
  it('logout revokes the token on the server', async () => {
    const token = await loginDemo(server);
    expect((await server.call(ApiPath.userInfo, { token })).body.code).toBe(1);
    const out = await server.call(ApiPath.logout, { token });
    expect(out.body).toMatchObject({ code: 1, data: null });
    expect((await server.call(ApiPath.userInfo, { token })).body.code).toBe(409);
    expect((await server.call(ApiPath.logout, { token })).body.code).toBe(409);
  });

  it("logout leaves the member's other sessions alone", async () => {
    const a = await loginDemo(server);
    const b = await loginDemo(server);
    await server.call(ApiPath.logout, { token: a });
    expect((await server.call(ApiPath.userInfo, { token: b })).body.code).toBe(1);
  });

  it(`a token used every day expires ${SESSION_TTL_DAYS} days after login`, async () => {
    const token = await loginDemo(server);
    for (let day = 1; day < SESSION_TTL_DAYS; day++) {
      server.clock.advance(24 * 3600 * 1000);
      expect((await server.call(ApiPath.userInfo, { token })).body.code).toBe(1);
    }
    server.clock.advance(24 * 3600 * 1000 - 1000);
    expect((await server.call(ApiPath.userInfo, { token })).body.code).toBe(1);
    server.clock.advance(1000);
    expect((await server.call(ApiPath.userInfo, { token })).body.code).toBe(409);
  });

  it("a frozen member's token answers 403 with the text of 1069; unfreezing restores it", async () => {
    const member = await registerMember(server);
    await server.deps.db.updateTable('members').set({ frozen: 1 }).where('username', '=', member.username).execute();
    const frozen = await server.call(ApiPath.userInfo, { token: member.token, lang: 'en' });
    expect(frozen.body).toMatchObject({ code: 403, data: null });
    const loginFrozen = await server.call(ApiPath.login, {
      username: member.username,
      password: member.password,
      lang: 'en',
    });
    expect(loginFrozen.body.code).toBe(1069);
    expect(frozen.body.info).toBe(loginFrozen.body.info);
    await server.deps.db.updateTable('members').set({ frozen: 0 }).where('username', '=', member.username).execute();
    expect((await server.call(ApiPath.userInfo, { token: member.token })).body.code).toBe(1);
  });
});

describe('pruneExpiredSessions (run at start)', () => {
  it('deletes expired and idle rows only', async () => {
    const live = await loginDemo(server);
    const demo = await server.deps.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'demo01')
      .executeTakeFirstOrThrow();
    const now = server.clock.now;
    const row = { member_id: demo.id, created_at: now - 1, user_agent: '', ip: '' };
    await server.deps.db
      .insertInto('sessions')
      .values([
        { ...row, token_hash: 'e'.repeat(64), expires_at: now - 1, last_used_at: now - 1 },
        // Within its lifetime, but unused for SESSION_IDLE_DAYS.
        { ...row, token_hash: 'd'.repeat(64), expires_at: now + 1000, last_used_at: now - SESSION_IDLE_DAYS * DAY_MS },
      ])
      .execute();
    await pruneExpiredSessions(server.deps);
    const hashes = (await server.deps.db.selectFrom('sessions').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(hashes).not.toContain('e'.repeat(64));
    expect(hashes).not.toContain('d'.repeat(64));
    expect((await server.call(ApiPath.userInfo, { token: live })).body.code).toBe(1);
  });
});

describe('/api/Game/getuserinfo', () => {
  it("answers the member's own profile", async () => {
    const member = await registerMember(server, { lang: 'chs' });
    const { body } = await server.call<UserInfo>(ApiPath.userInfo, { token: member.token });
    expect(body).toEqual({
      code: 1,
      info: 'ok',
      data: {
        name: member.username,
        nickname: member.username,
        level: 1,
        money: 0,
        totalWin: 0,
        noPassword2: 1,
        lang: 'chs',
      },
    });
  });

  it('shows money in USD from integer cents', async () => {
    const member = await registerMember(server);
    await server.deps.db
      .updateTable('members')
      .set({ money_cents: 123_45 })
      .where('username', '=', member.username)
      .execute();
    const { body } = await server.call<UserInfo>(ApiPath.userInfo, { token: member.token });
    expect(body.data.money).toBe(123.45);
  });
});
