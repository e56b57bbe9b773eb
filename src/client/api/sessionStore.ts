import { ownerOf } from './owner';

/**
 * The member's session on this device, as the app knows it: who is logged in and the login flag
 * (SPEC.md section 3), persisted locally. The token itself is never kept by the app: the server
 * holds it in an HttpOnly cookie (server routes/sessionCookie.ts) that carries every call, so a
 * script injected into the page cannot read the session. What is kept is the member's key, a short
 * hash of the token (owner.ts): it says a member is logged in and whose rows the device holds.
 * A tiny store so the API client, the auth guard and screens read the same value.
 */
const MEMBER_KEY = 'member';
const LOGIN_FLAG_KEY = 'isLogin';
/** Where an older version of the app kept the token itself: removed on start. */
const OLD_TOKEN_KEY = 'token';

export interface Session {
  /** The logged-in member's key (owner.ts), null when no one is. */
  member: string | null;
  isLogin: boolean;
}

const LOGGED_OUT: Session = { member: null, isLogin: false };

/** The session kept in storage (localStorage; none when storage is unavailable), an older version's token read as its key. */
export function storedSession(storage: Storage | null): Session {
  try {
    const oldToken = storage?.getItem(OLD_TOKEN_KEY);
    const member = storage?.getItem(MEMBER_KEY) ?? (oldToken ? ownerOf(oldToken) : null);
    const isLogin = storage?.getItem(LOGIN_FLAG_KEY) === '1';
    return member && isLogin ? { member, isLogin } : LOGGED_OUT;
  } catch {
    return LOGGED_OUT;
  }
}

/** A token an older version kept goes (its session lives on in the cookie, if it has one, until it ends). */
function forgetOldToken(storage: Storage | null): void {
  try {
    const token = storage?.getItem(OLD_TOKEN_KEY);
    if (!token) return;
    storage?.removeItem(OLD_TOKEN_KEY);
    storage?.setItem(MEMBER_KEY, ownerOf(token));
  } catch {
    // Nothing stored.
  }
}

export function createSessionStore(storage: Storage | null, events: Window | null) {
  forgetOldToken(storage);
  let session = storedSession(storage);
  const listeners = new Set<() => void>();
  const endHandlers = new Set<() => void>();

  function publish(next: Session): void {
    session = next;
    listeners.forEach((listener) => listener());
  }

  /** Another tab logging in or out changes this one too. */
  function onStorage(event: StorageEvent): void {
    if (event.key === MEMBER_KEY || event.key === LOGIN_FLAG_KEY || event.key === null) {
      const next = storedSession(storage);
      if (next.member !== session.member) publish(next);
    }
  }

  /** Forgets the member and login flag (logout, or a 409/403 answer). */
  function clear(): void {
    try {
      storage?.removeItem(MEMBER_KEY);
      storage?.removeItem(LOGIN_FLAG_KEY);
    } catch {
      // Nothing stored.
    }
    if (session.member !== null || session.isLogin) publish(LOGGED_OUT);
  }

  return {
    get: (): Session => session,
    /** A login's or registration's token (whose cookie the server has set): only its key is kept. */
    start(token: string): void {
      const member = ownerOf(token);
      try {
        storage?.setItem(MEMBER_KEY, member);
        storage?.setItem(LOGIN_FLAG_KEY, '1');
      } catch {
        // Storage unavailable: the session lives in memory for this visit.
      }
      publish({ member, isLogin: true });
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
