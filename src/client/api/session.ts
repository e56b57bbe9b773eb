import { useSyncExternalStore } from 'react';

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

function read(): Session {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const isLogin = localStorage.getItem(LOGIN_FLAG_KEY) === '1';
    return token && isLogin ? { token, isLogin } : { token: null, isLogin: false };
  } catch {
    return { token: null, isLogin: false };
  }
}

let session: Session = read();
const listeners = new Set<() => void>();

function publish(next: Session): void {
  session = next;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session {
  return session;
}

export function getToken(): string | null {
  return session.token;
}

export function startSession(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(LOGIN_FLAG_KEY, '1');
  } catch {
    // Storage unavailable: the session lives in memory for this visit.
  }
  publish({ token, isLogin: true });
}

/** Forgets the token and login flag (logout, or a 409/403 answer). */
export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(LOGIN_FLAG_KEY);
  } catch {
    // Nothing stored.
  }
  if (session.token !== null || session.isLogin) publish({ token: null, isLogin: false });
}

/** Another tab logging in or out changes this one too. */
function onStorage(event: StorageEvent): void {
  if (event.key === TOKEN_KEY || event.key === LOGIN_FLAG_KEY || event.key === null) {
    const next = read();
    if (next.token !== session.token) publish(next);
  }
}

/** One storage listener while anything subscribes, removed with the last subscriber. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    if (!listeners.delete(listener)) return;
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
