import { localStorageOrNull, online, session } from '../api/stores';
import { whenIdle } from '../lib/idle';
import { clockNow } from './clock';
import { createAppQueryClient } from './queryClient';
import { createCacheGate } from './cacheGate';

/**
 * The data layer's state that outlives a screen, created here and nowhere else: the query cache
 * and when its database opens. Modules read the cache through their own functions and hooks
 * (sync.ts, query.ts); a test makes a fresh one with the same factory.
 */
const browser = typeof window === 'undefined' ? null : window;

/** Whose member rows are current (owner.ts): the cache's rows and the play session are kept per member. */
export const currentOwner = (): string => session.get().member ?? '';

/** When the cache database opens: at once where rows were stored, after the first screen on a first visit. */
export const cacheGate = createCacheGate({
  storage: localStorageOrNull(),
  whenIdle: (run) => (browser ? whenIdle(run, browser) : run()),
  setTimeout: (run, ms) => setTimeout(run, ms),
});

/** The one cache of answers: TanStack Query's client, persisted to the cache database (queryClient.ts). */
export const appQueries = createAppQueryClient({
  now: clockNow,
  isOnline: online.isOnline,
  subscribeOnline: (listener) => online.subscribe(listener),
  owner: currentOwner,
  mayRead: () => cacheGate.isOpen(),
  // The server's renderer (src/client/ssr/) keeps nothing: its database never opens.
  openDatabase: () =>
    browser === null
      ? Promise.reject(new Error('no cache database on the server'))
      : cacheGate
          .ready()
          .then(() => import('./cacheDb'))
          .then((module) => module.openCacheDatabase(() => cacheGate.rowStored())),
});
session.subscribe(() => appQueries.sessionChanged());
