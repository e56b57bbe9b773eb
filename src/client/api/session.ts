import { useSyncExternalStore } from 'react';
import { session } from './stores';
import type { Session } from './sessionStore';

export type { Session } from './sessionStore';

export const getSession = (): Session => session.get();

/** The logged-in member's key (api/owner.ts), null when no one is logged in. */
export const getMember = (): string | null => session.get().member;

export const startSession = (token: string): void => session.start(token);

/** Forgets the token and login flag (logout, or a 409/403 answer). */
export const clearSession = (): void => session.clear();

const subscribeSession = (listener: () => void): (() => void) => session.subscribe(listener);

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
