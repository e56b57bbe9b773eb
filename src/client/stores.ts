import { createApiBase, manifestUrlOf } from './api/base';
import { createOnlineStore } from './api/onlineStore';
import { createPageAnswers } from './api/pageAnswers';
import { PAGE_ANSWERS_ELEMENT_ID } from '../shared/api/pageAnswers';
import { createSessionStore } from './api/sessionStore';
import { clockNow } from './data/clock';
import { createAppQueryClient } from './data/queryClient';
import { createCacheGate } from './data/cacheGate';
import { whenIdle } from './idle';
import { ownerOf } from './data/owner';

/**
 * The client's state that outlives a screen, created here and nowhere else: the session, whether
 * the network is there, where the API is, and the query cache. Modules read these through their
 * own small functions and hooks (api/session.ts, api/online.ts, data/sync.ts); a test drives them
 * through the same methods the app uses, or makes a fresh one with the same factory.
 */
const browser = typeof window === 'undefined' ? null : window;

function localStorageOrNull(): Storage | null {
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

/** Whose member rows are current (owner.ts): the cache's rows and the play session are kept per member. */
export const currentOwner = (): string => ownerOf(session.get().token);

/** When the cache database opens: at once where rows were stored, after the first screen on a first visit. */
export const cacheGate = createCacheGate({
  storage: localStorageOrNull(),
  whenIdle: (run) => (browser ? whenIdle(run, browser) : run()),
  setTimeout: (run, ms) => setTimeout(run, ms),
});

/** The one cache of answers: TanStack Query's client, persisted to the cache database (data/queryClient.ts). */
export const appQueries = createAppQueryClient({
  now: clockNow,
  isOnline: online.isOnline,
  subscribeOnline: (listener) => online.subscribe(listener),
  owner: currentOwner,
  mayRead: () => cacheGate.isOpen(),
  openDatabase: () =>
    cacheGate
      .ready()
      .then(() => import('./data/cacheDb'))
      .then((module) => module.openCacheDatabase(() => cacheGate.rowStored())),
});
session.subscribe(() => appQueries.sessionChanged());
