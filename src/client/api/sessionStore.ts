/**
 * The member's session on this device: token and login flag, persisted locally (SPEC.md section 3).
 * A tiny store so the API client, the auth guard and screens read the same value.
 */
const TOKEN_KEY = 'token';
const LOGIN_FLAG_KEY = 'isLogin';

export interface Session {
  token: string | null;
  isLogin: boolean;
}

const LOGGED_OUT: Session = { token: null, isLogin: false };

/** The session kept in storage (localStorage; none when storage is unavailable). */
export function storedSession(storage: Storage | null): Session {
  try {
    const token = storage?.getItem(TOKEN_KEY) ?? null;
    const isLogin = storage?.getItem(LOGIN_FLAG_KEY) === '1';
    return token && isLogin ? { token, isLogin } : LOGGED_OUT;
  } catch {
    return LOGGED_OUT;
  }
}

export function createSessionStore(storage: Storage | null, events: Window | null) {
  let session = storedSession(storage);
  const listeners = new Set<() => void>();
  const endHandlers = new Set<() => void>();

  function publish(next: Session): void {
    session = next;
    listeners.forEach((listener) => listener());
  }

  /** Another tab logging in or out changes this one too. */
  function onStorage(event: StorageEvent): void {
    if (event.key === TOKEN_KEY || event.key === LOGIN_FLAG_KEY || event.key === null) {
      const next = storedSession(storage);
      if (next.token !== session.token) publish(next);
    }
  }

  /** Forgets the token and login flag (logout, or a 409/403 answer). */
  function clear(): void {
    try {
      storage?.removeItem(TOKEN_KEY);
      storage?.removeItem(LOGIN_FLAG_KEY);
    } catch {
      // Nothing stored.
    }
    if (session.token !== null || session.isLogin) publish(LOGGED_OUT);
  }

  return {
    get: (): Session => session,
    start(token: string): void {
      try {
        storage?.setItem(TOKEN_KEY, token);
        storage?.setItem(LOGIN_FLAG_KEY, '1');
      } catch {
        // Storage unavailable: the session lives in memory for this visit.
      }
      publish({ token, isLogin: true });
    },
    clear,
    /** The server said the session is dead (code 409 or 403): forgotten here, then the app is told. */
    ended(): void {
      clear();
      endHandlers.forEach((handler) => handler());
    },
    /** What a dead session means to the app (clear the member's rows, go to /login). */
    onEnded(handler: () => void): () => void {
      endHandlers.add(handler);
      return () => endHandlers.delete(handler);
    },
    /** One storage listener while anything subscribes, removed with the last subscriber. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1) events?.addEventListener('storage', onStorage);
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage);
      };
    },
  };
}
