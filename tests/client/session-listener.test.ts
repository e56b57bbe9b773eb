/** The session store (src/client/api/sessionStore.ts): its storage listener, one while subscribed, gone after; no token kept. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../src/client/api/sessionStore';
import { ownerOf } from '../../src/client/api/owner';

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
    localStorage.setItem('member', 'm0000abcd');
    localStorage.setItem('isLogin', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'member' }));
    expect(sessions.get().member).toBe('m0000abcd');
    expect(seen).toHaveBeenCalled();
    stop();
  });
});

describe('a token an older version of the app kept', () => {
  it('goes from storage when the app starts; the member stays logged in under its key', () => {
    localStorage.setItem('token', 'a'.repeat(64));
    localStorage.setItem('isLogin', '1');
    const sessions = createSessionStore(localStorage, window);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessions.get()).toEqual({ member: ownerOf('a'.repeat(64)), isLogin: true });
  });
});
