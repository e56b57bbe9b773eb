/** The session store's storage listener (src/client/api/session.ts): one while subscribed, gone after. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../src/client/api/sessionStore';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const storageCalls = (spy: ReturnType<typeof vi.spyOn>) =>
  spy.mock.calls.filter((call: unknown[]) => call[0] === 'storage').map((call: unknown[]) => call[1]);

describe('session storage listener', () => {
  const sessions = createSessionStore(localStorage, window);

  it('is added with the first subscriber and the same one removed with the last', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const first = sessions.subscribe(() => undefined);
    const second = sessions.subscribe(() => undefined);
    first();
    first();
    expect(storageCalls(removed)).toHaveLength(0);
    second();
    expect(storageCalls(added)).toHaveLength(1);
    expect(storageCalls(removed)).toEqual(storageCalls(added));
  });

  it('another tab logging in reaches this one while subscribed', () => {
    const seen = vi.fn();
    const stop = sessions.subscribe(seen);
    localStorage.setItem('token', 'from-another-tab');
    localStorage.setItem('isLogin', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(sessions.get().token).toBe('from-another-tab');
    expect(seen).toHaveBeenCalled();
    stop();
  });
});
