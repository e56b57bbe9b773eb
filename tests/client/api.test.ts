import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from '../../src/client/api/client';
import { ApiError } from '../../src/client/api/errors';
import { api, onSessionEnd } from '../../src/client/api';
import { ApiPath } from '../../src/shared/api/paths';
import { ErrorCode, MessageKey } from '../../src/shared/errors';
import { PASSWORD_CHECK_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../src/shared/constants';
import { pathsWhere } from '../../src/shared/api/calls';
import { getSession, startSession, clearSession } from '../../src/client/api/session';
import { isOnline } from '../../src/client/api/online';
import { online } from '../../src/client/api/stores';
import { setQueryData, getQueryData } from '../../src/client/data/sync';
import { endSession } from '../../src/client/data/session';
import { failureText, textOfCode } from '../../src/client/i18n';
import { API_BASE, fakeFetch, ok, refused, resetClientState } from './helpers';
import { USER } from './wallet-fixtures';
import { queryKey } from '../../src/client/data/key';
import { ownerOf } from '../../src/client/api/owner';

function client(overrides: Partial<ApiClientDeps> & { fetch: typeof fetch }) {
  const warn = vi.fn<(text: string) => void>();
  const ended = vi.fn();
  const log = vi.fn();
  const deps: ApiClientDeps = {
    base: async () => API_BASE,
    getLang: () => 'vi',
    onFailure: (failure) => warn(failureText(failure)),
    onSessionEnd: ended,
    isOffline: () => false,
    log,
    ...overrides,
  };
  return { client: createApiClient(deps), warn, ended, log };
}

beforeEach(async () => {
  await resetClientState();
});

afterEach(() => {
  vi.useRealTimers();
  onSessionEnd(() => clearSession());
});

describe('API client', () => {
  it('POSTs JSON to base + path with lang added to the body (never a token: the cookie carries the session), and returns data on code 1', async () => {
    const fake = fakeFetch({ [ApiPath.login]: () => ok({ token: 'new-token' }) });
    const { client: c, warn } = client({ fetch: fake.fetch });
    const answer = await c.call(ApiPath.login, { username: 'demo01', password: 'demo1234' });
    expect(answer).toEqual({ token: 'new-token' });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].url).toBe(`${API_BASE}/api/Index/login`);
    expect(fake.calls[0].body).toEqual({ username: 'demo01', password: 'demo1234', lang: 'vi' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends lang for every language', async () => {
    const fake = fakeFetch({ [ApiPath.slide]: () => ok([]) });
    const { client: c } = client({ fetch: fake.fetch, getLang: () => 'cht' });
    await c.call(ApiPath.slide, {});
    expect(fake.calls[0].body).toEqual({ lang: 'cht' });
  });

  it("a success whose data is not of its schema: a failure in the member's words (1004), never the data", async () => {
    const fake = fakeFetch({ [ApiPath.leftMoney]: () => ok({ leftmoney: '12.50' }) });
    const { client: c } = client({ fetch: fake.fetch });
    const error = await c.call(ApiPath.leftMoney, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.NetworkErrorRefresh, kind: 'malformed', isNetwork: true });
    expect(textOfCode(ErrorCode.NetworkErrorRefresh)).toBe('Network error, please refresh');
  });

  it('code other than 1: warns with the server info and throws an ApiError carrying the code', async () => {
    const fake = fakeFetch({ [ApiPath.register]: () => refused(1013, 'Tài khoản đã được đăng ký') });
    const { client: c, warn } = client({ fetch: fake.fetch });
    const error = await c.call(ApiPath.register, {} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1013, kind: 'refused', info: 'Tài khoản đã được đăng ký' });
    expect(warn).toHaveBeenCalledWith('Tài khoản đã được đăng ký');
  });

  it('without info, the warning is the catalogue text of data.errCode (login/register) or of the code', async () => {
    const fake = fakeFetch({
      [ApiPath.login]: () => refused(1003, '', { errCode: 1003 }),
      [ApiPath.userInfo]: () => refused(2002, ''),
    });
    const { client: c, warn } = client({ fetch: fake.fetch });
    await expect(c.call(ApiPath.login, { username: 'a', password: 'b' })).rejects.toMatchObject({ code: 1003 });
    expect(warn).toHaveBeenLastCalledWith(textOfCode(1003));
    expect(textOfCode(1003)).not.toMatch(/code 1003/);
    await expect(c.call(ApiPath.userInfo, {})).rejects.toMatchObject({ code: 2002 });
    expect(warn).toHaveBeenLastCalledWith(textOfCode(2002));
  });

  it('silent calls throw without a toast', async () => {
    const fake = fakeFetch({ [ApiPath.userInfo]: () => refused(2002, 'boom') });
    const { client: c, warn } = client({ fetch: fake.fetch });
    await expect(c.call(ApiPath.userInfo, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([409, 403])('code %i ends the session', async (code) => {
    const fake = fakeFetch({ [ApiPath.userInfo]: () => refused(code, 'Login expired') });
    const { client: c, ended } = client({ fetch: fake.fetch });
    await expect(c.call(ApiPath.userInfo, {})).rejects.toMatchObject({ code, kind: 'session' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a timeout becomes a coded network error, only logged, and marks the server unreachable', async () => {
    const hang: typeof fetch = (input) =>
      new Promise((_, reject) => {
        const signal = input instanceof Request ? input.signal : undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const {
      client: c,
      warn,
      log,
    } = client({
      fetch: hang,
      timeoutMs: 50,
      onReachability: (reached) => online.reported(reached),
    });
    const error = await c.call(ApiPath.userInfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.NetworkError, kind: 'timeout' });
    expect((error as ApiError).isNetwork).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('timeout'));
    expect(isOnline()).toBe(false);
  });

  it('times out after the contract’s 6 seconds by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hang: typeof fetch = () => new Promise(() => undefined);
    const { client: c } = client({ fetch: hang });
    let settled: unknown = 'pending';
    const call = c.call(ApiPath.userInfo, {}).catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 10);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(20);
    await call;
    expect(settled).toMatchObject({ kind: 'timeout', code: ErrorCode.NetworkError });
  });

  it('waits up to 20 seconds for a call that checks a password (a login), 6 for the others', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hang: typeof fetch = () => new Promise(() => undefined);
    const { client: c } = client({ fetch: hang });
    let settled: unknown = 'pending';
    const call = c
      .call(ApiPath.login, { quhao: '+84', username: 'demo01', password: 'play1234' })
      .catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1_000);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_TIMEOUT_MS - REQUEST_TIMEOUT_MS - 1_010);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(20);
    await call;
    expect(settled).toMatchObject({ kind: 'timeout', code: ErrorCode.NetworkError });
    // Only the calls that hash: the call table says which.
    expect(pathsWhere((call) => call.checksPassword === true).sort()).toEqual(
      [
        ApiPath.addBankCard,
        ApiPath.changeLoginPassword,
        ApiPath.changePayPassword,
        ApiPath.endOtherSessions,
        ApiPath.login,
        ApiPath.register,
        ApiPath.resetPassword,
        ApiPath.withdraw,
      ].sort(),
    );
  });

  it('HTTP 401/403 without an envelope are only logged', async () => {
    const fake = fakeFetch({ [ApiPath.userInfo]: () => new Response('Forbidden', { status: 403 }) });
    const { client: c, warn, ended, log } = client({ fetch: fake.fetch });
    await expect(c.call(ApiPath.userInfo, {})).rejects.toMatchObject({ kind: 'http', status: 403 });
    expect(warn).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('a refused connection is a network error', async () => {
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const { client: c, warn } = client({ fetch: down });
    await expect(c.call(ApiPath.getConfig, {})).rejects.toMatchObject({
      kind: 'network',
      code: ErrorCode.NetworkError,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('writes are refused offline with the offline message, and nothing is sent', async () => {
    const fake = fakeFetch({ [ApiPath.changeLoginPassword]: () => ok(null), [ApiPath.userInfo]: () => ok({}) });
    const { client: c, warn } = client({ fetch: fake.fetch, isOffline: () => true });
    await expect(c.call(ApiPath.changeLoginPassword, { passwd: 'a', npasswd: 'b' })).rejects.toMatchObject({
      code: MessageKey.Offline,
      kind: 'offline',
    });
    expect(fake.calls).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(textOfCode(MessageKey.Offline));
    expect(textOfCode(MessageKey.Offline)).not.toMatch(/code offline/);
  });
});

describe('the app’s API client', () => {
  it('adds the active language; the token is neither sent by the app nor kept on the device', async () => {
    const fake = fakeFetch({ [ApiPath.userInfo]: () => ok(USER) });
    vi.stubGlobal('fetch', fake.fetch);
    try {
      startSession('session-token');
      await api.call(ApiPath.userInfo, {});
      expect(fake.calls[0].body).toEqual({ lang: 'en' });
      const kept = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
      expect(kept.some((value) => value.includes('session-token'))).toBe(false);
      expect(getSession().member).toBe(ownerOf('session-token'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('409 clears token, login flag and private rows, then runs the session-end handler', async () => {
    const fake = fakeFetch({ [ApiPath.userInfo]: () => refused(409, 'Please log in again') });
    vi.stubGlobal('fetch', fake.fetch);
    const navigated = vi.fn();
    onSessionEnd(() => {
      void endSession();
      navigated('/login');
    });
    try {
      startSession('dead-token');
      await setQueryData(queryKey(ApiPath.userInfo, {}), { nickname: 'demo' });
      await expect(api.call(ApiPath.userInfo, {})).rejects.toMatchObject({ kind: 'session' });
      expect(getSession()).toEqual({ member: null, isLogin: false });
      expect(localStorage.getItem('isLogin')).toBeNull();
      expect(navigated).toHaveBeenCalledWith('/login');
      await vi.waitFor(async () => expect(await getQueryData(queryKey(ApiPath.userInfo, {}))).toBeUndefined());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
