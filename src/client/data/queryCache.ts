import { persistsAnswer } from '../../shared/api/calls';
import { OfflineError } from '../api/errors';
import type { CacheRow } from './db';
import { hashKey, isMemberKey, prefixMatches, type KeyPrefix, type QueryKey } from './key';

/**
 * What a screen reads of one key: the row it shows and what this visit knows of it. A new object
 * on every change, so React can compare snapshots.
 */
export interface KeyState<T = unknown> {
  /** undefined until the cache has been read; null when nothing is cached (or it is another member's). */
  row: CacheRow<T> | null | undefined;
  /** Outcome of the last revalidation in this visit: null = none yet. */
  ok: boolean | null;
  error: unknown;
  pending: boolean;
  checkedAt: number;
}

export interface RevalidateOptions {
  /** Skip the request when the key was confirmed less than this long ago (ms). */
  maxAgeMs?: number;
  /**
   * When the promise settles: once the database has the answer too ('stored', the default), or
   * once screens have it ('answered'): what a first render waits for, which must not wait for
   * the database to open.
   */
  until?: 'stored' | 'answered';
}

/**
 * The cache database's side, in the chunk that loads Dexie (cacheDb.ts). Rows are observed there
 * too, by dexie-react-hooks' useLiveQuery (CachedRows.tsx), which tells `receivedRow` of every
 * committed change, in this tab or another.
 */
export interface CacheDatabase {
  get(key: string): Promise<CacheRow | undefined>;
  put(row: CacheRow): Promise<void>;
  /** Every row of a member (owner other than ''). */
  deleteMemberRows(): Promise<void>;
  /** Marks a row read now, so eviction keeps it. */
  touch(key: string, readAt: number): Promise<void>;
}

export interface QueryCacheDeps {
  now: () => number;
  isBrowserOnline: () => boolean;
  /** Whose member rows are current (owner.ts). */
  owner: () => string;
  /** Opens the database (loading its chunk); asked once, on the first read. */
  openDatabase: () => Promise<CacheDatabase>;
}

interface Entry {
  key: QueryKey;
  state: KeyState;
  listeners: Set<() => void>;
  /** The latest fetch a screen gave for this key: what an invalidation asks again with. */
  fetcher: (() => Promise<unknown>) | null;
  inflight: Promise<void> | null;
  /** Of the request in flight: settles once its answer (or its failure) is on screen. */
  answering: Promise<void> | null;
  /** Writes of this page still being stored: until they are, the database's older row is not shown. */
  storing: number;
  /** The row shown was written by this page and the database has not shown it back yet. */
  unconfirmed: boolean;
  /** What screens were last given, for the owner then current: the same object until either changes. */
  view: { state: KeyState; owner: string; shown: KeyState } | null;
}

const EMPTY: KeyState = { row: undefined, ok: null, error: null, pending: false, checkedAt: 0 };

/** A row is touched at most this often, so reading does not write on every visit. */
const TOUCH_EVERY_MS = 24 * 60 * 60 * 1000;

export type QueryCache = ReturnType<typeof createQueryCache>;

/**
 * The cache-first sync layer (DESIGN.md section 5), one store for every read: a screen gets the
 * cached row at once, the network revalidates it and writes it back, and the screen learns whether
 * what it shows is fresh, stale or empty.
 *
 * An answer is drawn from this store the moment it arrives while the database stores it behind (on
 * a first visit, opening IndexedDB costs a phone hundreds of milliseconds the first screen should
 * not wait for). What the database holds reaches the store through dexie-react-hooks' useLiveQuery,
 * one per key a screen shows (`watched`, observed by CachedRows.tsx in the chunk that loads Dexie),
 * which Dexie tells of every committed write, in this tab or another: the library's job, not ours.
 */
export function createQueryCache(deps: QueryCacheDeps) {
  const entries = new Map<string, Entry>();
  /** The keys (as stored) some screen shows: what CachedRows observes. A new array on every change. */
  let watched: readonly string[] = [];
  const watchers = new Set<() => void>();
  /** Rows being written to the database now (`clear` waits for them). */
  const pendingWrites = new Set<Promise<void>>();
  let opened: Promise<CacheDatabase> | null = null;
  /** Told of every invalidation: the histories kept as records (fundHistory.ts) sync on it. */
  const invalidationListeners = new Set<(prefixes: readonly KeyPrefix[]) => void>();
  /** Bumped when the member's rows are cleared, so an answer that arrives after logout is not kept. */
  let memberGeneration = 0;

  const database = () => (opened ??= deps.openDatabase());

  function entryOf(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = entries.get(hash);
    if (!entry) {
      entry = {
        key,
        state: EMPTY,
        listeners: new Set(),
        fetcher: null,
        inflight: null,
        answering: null,
        storing: 0,
        unconfirmed: false,
        view: null,
      };
      entries.set(hash, entry);
    }
    return entry;
  }

  function patch(entry: Entry, change: Partial<KeyState>): void {
    entry.state = { ...entry.state, ...change };
    entry.listeners.forEach((listener) => listener());
  }

  /** A member row of another session counts as none. */
  function own<T>(row: CacheRow | undefined): CacheRow<T> | null {
    if (!row || (row.owner !== '' && row.owner !== deps.owner())) return null;
    return row as CacheRow<T>;
  }

  /** What the database told of a row (its first read, or a commit since). */
  function received(entry: Entry, row: CacheRow | undefined): void {
    if (entry.storing > 0) return;
    const current = entry.state.row;
    // A read that began before this page's newer answer was stored: that answer stays.
    if (row === undefined ? entry.unconfirmed : current && row.updatedAt < current.updatedAt) return;
    if (row !== undefined) entry.unconfirmed = false;
    const shown = own(row);
    if (shown !== null && shown.readAt + TOUCH_EVERY_MS < deps.now()) {
      void database()
        .then((database) => database.touch(shown.key, deps.now()))
        .catch(() => undefined);
    }
    if (shown === entry.state.row) return;
    patch(entry, { row: shown });
  }

  function setWatched(next: readonly string[]): void {
    watched = next;
    watchers.forEach((listener) => listener());
  }

  /** What the database holds of a watched key (its first read, or a commit since): from useLiveQuery. */
  function receivedRow(hash: string, row: CacheRow | undefined): void {
    const entry = entries.get(hash);
    if (entry) received(entry, row);
  }

  /** The database cannot be read (private mode, a chunk that cannot load): the key reads as nothing cached. */
  function unreadable(hash: string): void {
    const entry = entries.get(hash);
    if (entry && entry.state.row === undefined) patch(entry, { row: null });
  }

  /** The row a key holds now, from this page or the database; undefined when there is none. */
  async function getQueryData<T>(key: QueryKey): Promise<CacheRow<T> | undefined> {
    const entry = entryOf(key);
    if (entry.state.row !== undefined) return own<T>(entry.state.row ?? undefined) ?? undefined;
    const generation = memberGeneration;
    const row = own<T>(await (await database()).get(hashKey(key)));
    if (isMemberKey(key) && generation !== memberGeneration) return undefined;
    return row ?? undefined;
  }

  /**
   * Store an answer (or an event's news) under a key: screens have it at once; the promise settles
   * when the database has it, and liveQuery tells the other tabs.
   */
  async function setQueryData<T>(key: QueryKey, data: T, updatedAt = deps.now()): Promise<void> {
    const entry = entryOf(key);
    const now = deps.now();
    const row: CacheRow<T> = {
      key: hashKey(key),
      data,
      updatedAt,
      readAt: now,
      owner: isMemberKey(key) ? deps.owner() : '',
    };
    entry.unconfirmed = true;
    patch(entry, { row });
    // A figure only true now (the call table's `persists`) is shown, never stored.
    if (!persistsAnswer(key[0])) return;
    entry.storing += 1;
    const stored = database().then((database) => database.put(row));
    pendingWrites.add(stored);
    try {
      await stored;
    } finally {
      entry.storing -= 1;
      pendingWrites.delete(stored);
    }
  }

  /**
   * Changes a cached row in place (the balance an order's answer carries, say); nothing happens
   * when the key holds nothing yet.
   */
  async function updateQueryData<T>(key: QueryKey, update: (data: T) => T): Promise<void> {
    const row = await getQueryData<T>(key);
    if (row) await setQueryData(key, update(row.data));
  }

  /**
   * Fetch a key from the network and write it back. Concurrent calls share one request. Offline
   * (as far as the browser knows) nothing is sent and the cached row stays, marked stale.
   */
  function revalidate<T>(key: QueryKey, fetcher: () => Promise<T>, options: RevalidateOptions = {}): Promise<void> {
    const entry = entryOf(key);
    const untilAnswered = options.until === 'answered';
    if (entry.inflight) return untilAnswered && entry.answering ? entry.answering : entry.inflight;
    const { state } = entry;
    if (options.maxAgeMs && state.ok && deps.now() - state.checkedAt < options.maxAgeMs) return Promise.resolve();
    if (!deps.isBrowserOnline()) {
      patch(entry, { ok: false, error: new OfflineError(), pending: false, checkedAt: deps.now() });
      return Promise.resolve();
    }
    const generation = memberGeneration;
    let answered: () => void = () => undefined;
    const answering = new Promise<void>((resolve) => (answered = resolve));
    let run: Promise<void> | null = null;
    run = (async () => {
      patch(entry, { pending: true });
      try {
        const data = await fetcher();
        if (isMemberKey(key) && generation !== memberGeneration) return;
        const stored = setQueryData(key, data);
        patch(entry, { ok: true, error: null, pending: false, checkedAt: deps.now() });
        // The answer is on screen: the next revalidation need not wait for the database.
        entry.inflight = null;
        answered();
        // A database that cannot store the answer costs only the offline copy.
        await stored.catch((error: unknown) => console.warn('[cache] could not store', entry.key[0], error));
      } catch (error) {
        patch(entry, { ok: false, error, pending: false, checkedAt: deps.now() });
      } finally {
        answered();
        if (entry.inflight === run) {
          entry.inflight = null;
          if (entry.state.pending) patch(entry, { pending: false });
        }
      }
    })();
    entry.inflight = run;
    entry.answering = answering;
    return untilAnswered ? answering : run;
  }

  /**
   * The reads a change touched, by key prefix: no longer counted as confirmed, and asked again now
   * if a screen read them in this visit (a page kept alive behind, or one the member goes back to),
   * after the request already under way, which may predate the change.
   */
  async function invalidate(prefixes: readonly KeyPrefix[]): Promise<void> {
    invalidationListeners.forEach((listener) => listener(prefixes));
    const asked: Promise<void>[] = [];
    for (const entry of entries.values()) {
      if (!prefixes.some((prefix) => prefixMatches(prefix, entry.key))) continue;
      patch(entry, { checkedAt: 0 });
      const fetcher = entry.fetcher;
      if (!fetcher) continue;
      const before = entry.inflight ?? Promise.resolve();
      asked.push(before.then(() => revalidate(entry.key, fetcher)));
    }
    await Promise.all(asked);
  }

  /** Logout: the member's rows go, public ones (config, articles, banners, rooms, games) stay. */
  async function clearMemberRows(): Promise<void> {
    memberGeneration += 1;
    for (const entry of entries.values()) {
      if (!isMemberKey(entry.key)) continue;
      entry.unconfirmed = false;
      patch(entry, { ...EMPTY, row: entry.state.row === undefined ? undefined : null });
    }
    await (await database()).deleteMemberRows();
  }

  /** A key's state as screens see it: a member row of another session (another tab logged in) is none. */
  function stateOf(key: QueryKey): KeyState {
    const entry = entryOf(key);
    const owner = deps.owner();
    const { view } = entry;
    if (view && view.state === entry.state && view.owner === owner) return view.shown;
    const row = entry.state.row;
    const shown = row && own(row) === null ? { ...entry.state, row: null } : entry.state;
    entry.view = { state: entry.state, owner, shown };
    return shown;
  }

  /** Screens subscribe to a key: the first one has its row watched, the last one ends that. */
  function subscribe(key: QueryKey, listener: () => void): () => void {
    const entry = entryOf(key);
    const hash = hashKey(key);
    entry.listeners.add(listener);
    if (!watched.includes(hash)) {
      setWatched([...watched, hash]);
      // Opens the database now (its chunk also holds the observer); without one, nothing is cached.
      database().catch(() => unreadable(hash));
    }
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size === 0 && entries.get(hash) === entry) setWatched(watched.filter((h) => h !== hash));
    };
  }

  /** Forgets what this visit knows (every row is read again from the database, every key confirmed again). */
  async function clear(): Promise<void> {
    memberGeneration += 1;
    entries.clear();
    if (watched.length > 0) setWatched([]);
    // What this visit was still storing lands before the caller goes on (a clean slate stays clean).
    await Promise.allSettled([...pendingWrites]);
  }

  return {
    subscribe,
    /** The keys (as stored) screens show now; the same array until that changes. */
    watched: () => watched,
    /** Hears which reads a change touched, whether or not a screen reads them through this cache. */
    onInvalidate: (listener: (prefixes: readonly KeyPrefix[]) => void): (() => void) => {
      invalidationListeners.add(listener);
      return () => invalidationListeners.delete(listener);
    },
    subscribeWatched: (listener: () => void): (() => void) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    receivedRow,
    unreadable,
    /** What a key holds now (the same object until it changes). */
    stateOf,
    /** The fetch a screen reads a key with, kept for invalidations. */
    setFetcher: (key: QueryKey, fetcher: () => Promise<unknown>) => {
      entryOf(key).fetcher = fetcher;
    },
    getQueryData,
    setQueryData,
    updateQueryData,
    revalidate,
    invalidate,
    clearMemberRows,
    clear,
  };
}
