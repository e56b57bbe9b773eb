/** The session store's storage listener (src/client/api/session.ts): one while subscribed, gone after. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, subscribeSession } from '../../src/client/api/session';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const storageCalls = (spy: ReturnType<typeof vi.spyOn>) =>
  spy.mock.calls.filter((call: unknown[]) => call[0] === 'storage').map((call: unknown[]) => call[1]);

describe('session storage listener', () => {
  it('is added with the first subscriber and the same one removed with the last', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const first = subscribeSession(() => undefined);
    const second = subscribeSession(() => undefined);
    first();
    first();
    expect(storageCalls(removed)).toHaveLength(0);
    second();
    expect(storageCalls(added)).toHaveLength(1);
    expect(storageCalls(removed)).toEqual(storageCalls(added));
  });

  it('another tab logging in reaches this one while subscribed', () => {
    const seen = vi.fn();
    const stop = subscribeSession(seen);
    localStorage.setItem('token', 'from-another-tab');
    localStorage.setItem('isLogin', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getToken()).toBe('from-another-tab');
    expect(seen).toHaveBeenCalled();
    stop();
  });
});
