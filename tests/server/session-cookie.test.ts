/**
 * The session cookie beside the contract's token: set by login and registration, cleared by logout
 * and by an ended session, honoured only for a same-origin JSON call (a cross-site form post finds
 * no session and changes nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { SESSION_TTL_DAYS } from '../../src/shared/constants';
import { SESSION_COOKIE } from '../../src/server/routes/sessionCookie';
import { registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A call as a browser page makes it: headers as given, the cookie header from `cookie`. */
async function browserCall(
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<{ code: number; setCookie: string[] }> {
  const response = await server.app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body) });
  const raw = response.headers['set-cookie'];
  const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return { code: (JSON.parse(response.body) as { code: number }).code, setCookie };
}

const SAME_ORIGIN = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

async function logIn(username: string, password: string): Promise<{ token: string; cookie: string }> {
  const response = await server.app.inject({
    method: 'POST',
    url: ApiPath.login,
    headers: SAME_ORIGIN,
    payload: JSON.stringify({ username, password }),
  });
  const answer = JSON.parse(response.body) as { code: number; data: { token: string } };
  expect(answer.code).toBe(1);
  const raw = response.headers['set-cookie'];
  const line = String(Array.isArray(raw) ? raw[0] : raw);
  return { token: answer.data.token, cookie: line };
}

function cookieValue(line: string): string {
  return line.split(';')[0].slice(`${SESSION_COOKIE}=`.length);
}

describe('the session cookie', () => {
  it('login sets it: the token, HttpOnly, SameSite=Strict, the whole site, as long as a session lasts', async () => {
    const member = await registerMember(server);
    const { token, cookie } = await logIn(member.username, member.password);
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(cookieValue(cookie)).toBe(token);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toContain(`; Max-Age=${SESSION_TTL_DAYS * 86_400}`);
    // Served over plain HTTP here (HTTPS=on sends Secure: below).
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('registration sets it too', async () => {
    const registered = await server.call(ApiPath.register, {});
    expect(registered.body.code).not.toBe(1);
    expect(registered.headers.get('set-cookie')).toBeNull();
    const member = await registerMember(server);
    const me = await browserCall(ApiPath.userInfo, {}, { ...SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${member.token}` });
    expect(me.code).toBe(1);
  });

  it('a same-origin JSON call carried by the cookie alone is the member’s', async () => {
    const member = await registerMember(server);
    const { cookie } = await logIn(member.username, member.password);
    const me = await browserCall(ApiPath.userInfo, {}, { ...SAME_ORIGIN, cookie: cookie.split(';')[0] });
    expect(me.code).toBe(1);
    // An older browser without Sec-Fetch-Site: the Origin names this host.
    const byOrigin = await browserCall(
      ApiPath.userInfo,
      {},
      {
        'content-type': 'application/json',
        origin: 'http://localhost:8080',
        host: 'localhost:8080',
        cookie: cookie.split(';')[0],
      },
    );
    expect(byOrigin.code).toBe(1);
  });

  it('a cross-site form post with the cookie finds no session and changes nothing', async () => {
    const member = await registerMember(server);
    const { cookie } = await logIn(member.username, member.password);
    const jar = cookie.split(';')[0];
    const before = await server.call<{ money: number }>(ApiPath.userInfo, { token: member.token });
    // A form can only send text/plain, form-urlencoded or multipart; text/plain can hold JSON.
    const attempts: Record<string, string>[] = [
      { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', cookie: jar },
      { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin', cookie: jar },
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', cookie: jar },
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', cookie: jar },
      { 'content-type': 'application/json', origin: 'https://evil.example', cookie: jar },
    ];
    for (const headers of attempts) {
      const out = await browserCall(ApiPath.logout, {}, headers);
      expect(out.code, JSON.stringify(headers)).toBe(409);
      const changed = await browserCall(
        ApiPath.changeLoginPassword,
        { passwd: member.password, npasswd: 'taken999' },
        headers,
      );
      expect(changed.code, JSON.stringify(headers)).toBe(409);
    }
    // The session lives on and the password is as it was.
    const after = await server.call<{ money: number }>(ApiPath.userInfo, { token: member.token });
    expect(after.body.code).toBe(1);
    expect(after.body.data.money).toBe(before.body.data.money);
    expect((await server.call(ApiPath.login, { username: member.username, password: member.password })).body.code).toBe(
      1,
    );
  });

  it('the body’s token is taken as before, whatever carries it (the contract’s clients)', async () => {
    const member = await registerMember(server);
    const me = await browserCall(ApiPath.userInfo, { token: member.token }, { 'content-type': 'text/plain' });
    expect(me.code).toBe(1);
  });

  it('logout clears it, and a call carried by it afterwards finds no session', async () => {
    const member = await registerMember(server);
    const { cookie } = await logIn(member.username, member.password);
    const jar = cookie.split(';')[0];
    const out = await browserCall(ApiPath.logout, {}, { ...SAME_ORIGIN, cookie: jar });
    expect(out.code).toBe(1);
    expect(out.setCookie).toHaveLength(1);
    expect(out.setCookie[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(out.setCookie[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await browserCall(ApiPath.userInfo, {}, { ...SAME_ORIGIN, cookie: jar })).code).toBe(409);
  });

  it('a session that has ended takes its cookie with it', async () => {
    const member = await registerMember(server);
    const { token, cookie } = await logIn(member.username, member.password);
    // Ended elsewhere (logout by the body's token, as another client would).
    expect((await server.call(ApiPath.logout, { token })).body.code).toBe(1);
    const refused = await browserCall(ApiPath.userInfo, {}, { ...SAME_ORIGIN, cookie: cookie.split(';')[0] });
    expect(refused.code).toBe(409);
    expect(refused.setCookie[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    // No cookie sent: none is cleared.
    const bare = await browserCall(ApiPath.userInfo, {}, SAME_ORIGIN);
    expect(bare.setCookie).toHaveLength(0);
    // An ended token in the body beside a live cookie: refused, and the cookie's session is left alone.
    const live = await logIn(member.username, member.password);
    const stale = await browserCall(ApiPath.userInfo, { token }, { ...SAME_ORIGIN, cookie: live.cookie.split(';')[0] });
    expect(stale.code).toBe(409);
    expect(stale.setCookie).toHaveLength(0);
  });

  it('over HTTPS it is Secure', async () => {
    await server.restart({ https: true });
    try {
      const member = await registerMember(server);
      const { cookie } = await logIn(member.username, member.password);
      expect(cookie).toMatch(/; Secure/);
    } finally {
      await server.restart({ https: false });
    }
  });
});
