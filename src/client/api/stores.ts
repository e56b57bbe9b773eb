import { createApiBase, manifestUrlOf } from './base';
import { createOnlineStore } from './onlineStore';
import { createPageAnswers } from './pageAnswers';
import { PAGE_ANSWERS_ELEMENT_ID } from '../../shared/api/pageAnswers';
import { createSessionStore } from './sessionStore';

/**
 * The API layer's state that outlives a screen, created here and nowhere else: the session,
 * whether the network is there, where the API is, and what the server wrote into the page. Modules
 * read these through their own small functions and hooks (session.ts, online.ts); a test drives
 * them through the same methods the app uses, or makes a fresh one with the same factory.
 */
const browser = typeof window === 'undefined' ? null : window;

export function localStorageOrNull(): Storage | null {
  try {
    return browser?.localStorage ?? null;
  } catch {
    return null;
  }
}

export const session = createSessionStore(localStorageOrNull(), browser);

export const online = createOnlineStore(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
browser?.addEventListener('online', () => online.browserChanged(true));
browser?.addEventListener('offline', () => online.browserChanged(false));

/** What the server wrote into the page for its first screen, taken once by the API client. */
export const pageAnswers = createPageAnswers(
  () => browser?.document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent,
  () => Date.now(),
);

export const apiBase = createApiBase(localStorageOrNull(), manifestUrlOf(import.meta.env.BASE_URL), () =>
  pageAnswers.apiWebUrl(),
);
