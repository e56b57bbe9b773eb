import {
  CancelledError,
  hydrate,
  QueryClient,
  type DehydratedState,
  notifyManager,
  onlineManager,
  type Query,
  type QueryFunction,
  type QueryFunctionContext,
} from '@tanstack/react-query';
import type { CachePersister, CachePersisterPolicy } from './cachePersister';
import { persistsAnswer } from '../../shared/api/calls';
import { OfflineError } from '../api/errors';
import type { CacheRow } from './db';
import { hashKey, isMemberKey, type QueryKey } from './key';

/** The cache database's side, in the chunk that loads Dexie (cacheDb.ts). */
export interface CacheDatabase {
  get(key: string): Promise<CacheRow | undefined>;
  put(row: CacheRow): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every row of a member (owner other than ''). */
  deleteMemberRows(): Promise<void>;
  /** Marks a row read now, so eviction keeps it. */
  touch(key: string, readAt: number): Promise<void>;
  /** TanStack's persister over the table (cachePersister.ts), in the same chunk. */
  createPersister(policy: CachePersisterPolicy): CachePersister;
}

export interface AppQueryClientDeps {
  now: () => number;
  /** Online and the server reachable (api/onlineStore.ts): TanStack's onlineManager follows it. */
  isOnline: () => boolean;
  subscribeOnline: (listener: () => void) => () => void;
  /** Whose member rows are current (owner.ts). */
  owner: () => string;
  /** Whether the database may be read now (data/cacheGate.ts): a first visit has nothing there yet. */
  mayRead: () => boolean;
  /** Opens the database (loading its chunk); asked once, when first needed. */
  openDatabase: () => Promise<CacheDatabase>;
}

/** A query's persister, as TanStack calls it: its fetch, the fetch's context and the query. */
type QueryPersister = <T>(
  queryFn: QueryFunction<T, readonly unknown[]>,
  context: QueryFunctionContext<readonly unknown[]>,
  query: Query,
) => Promise<T>;

/** How long a confirmed answer is not asked again for, unless a change invalidates it. */
export const CONFIRMED_FOR_MS = 2_000;

/** A row is touched at most this often, so reading does not write on every visit. */
const TOUCH_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The app's one cache of answers (DESIGN.md section 5): TanStack Query's client, whose answers
 * persist, query by query, through TanStack's own persister into the Dexie cache table. A screen's
 * first read of a key restores the stored answer before asking the network; offline, or with the
 * server out of reach, the stored answer is all it shows, marked stale.
 *
 * What this adds to the library is the app's own policy: which answers are a member's (stored
 * under the member, dropped when the session ends), which are never stored, and which answers
 * this visit has confirmed with the server (`isConfirmed`), which is what a "fresh" screen means.
 */
export function createAppQueryClient(deps: AppQueryClientDeps) {
  let opened: Promise<CacheDatabase> | null = null;
  const database = () => (opened ??= deps.openDatabase());
  /** Answers the server gave in this visit (by query hash): the rest were restored from the device. */
  const confirmed = new Set<string>();
  /** Rows being written now: a clean slate waits for them. */
  const pendingWrites = new Set<Promise<unknown>>();
  /** Bumped when the session changes, so an answer asked for the member before is not kept after. */
  let memberGeneration = 0;
  /** Whose answers this visit holds: when the session's owner changes, the member's answers go. */
  let owner = deps.owner();

  /**
   * TanStack's persister over the cache table, loaded with the database (its chunk stays off the
   * first screen's path; a first visit has nothing to restore before the database may open).
   */
  let persisterLoaded: Promise<CachePersister> | null = null;
  const persister = () =>
    (persisterLoaded ??= database().then((db) =>
      db.createPersister({
        now: deps.now,
        owner: deps.owner,
        read: (rowKey) => (deps.mayRead() ? readRow(rowKey) : Promise.resolve(undefined)),
        write,
        remove: (rowKey) =>
          database()
            .then((db) => db.delete(rowKey))
            .catch(() => undefined),
      }),
    ));

  /** This session's row of a key, marked read; none when it is another member's or unreadable. */
  async function readRow<T>(rowKey: string): Promise<CacheRow<T> | undefined> {
    try {
      const row = await (await database()).get(rowKey);
      if (!row || (row.owner !== '' && row.owner !== deps.owner())) return undefined;
      if (row.readAt + TOUCH_EVERY_MS < deps.now()) {
        void database().then((db) => db.touch(row.key, deps.now()).catch(() => undefined));
      }
      return row as CacheRow<T>;
    } catch (error) {
      console.warn('[cache] could not read', rowKey, error);
      return undefined;
    }
  }

  /** A query's answer into the database, where its call's answers persist. */
  function persistQuery(query: Query): Promise<void> {
    // A query without an answer has nothing to store (a row without one would read as expired).
    if (!persistsAnswer((query.queryKey as QueryKey)[0]) || query.state.data === undefined) return Promise.resolve();
    // A database that cannot open costs only the offline copy.
    const stored = persister().then(
      (loaded) => loaded.persistQuery(query),
      () => undefined,
    );
    pendingWrites.add(stored);
    return stored.finally(() => pendingWrites.delete(stored));
  }

  /** A row into the database; a database that cannot store it costs only the offline copy. */
  function write(row: CacheRow): Promise<void> {
    // The answer of a query no longer in the cache (the member's answers dropped, the visit
    // forgotten) is not stored: TanStack's persister stores an answer a tick after it came.
    if (!client.getQueryCache().get(row.key)) return Promise.resolve();
    const stored = database()
      .then((db) => db.put(row))
      .catch((error: unknown) => console.warn('[cache] could not store', row.key, error));
    pendingWrites.add(stored);
    return stored.finally(() => pendingWrites.delete(stored));
  }

  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryKeyHashFn: (key) => hashKey(key as unknown as QueryKey),
        // The first attempt runs offline too: it restores the stored answer (the guard below sends nothing).
        networkMode: 'offlineFirst',
        // An answer restored from the device, or written by an event, is asked for once a screen reads it.
        staleTime: (query) => (confirmed.has(query.queryHash) ? CONFIRMED_FOR_MS : 0),
        retry: false,
        persister: (queryFn, context, query) => restoreThenFetch(queryFn, context, query),
      },
    },
  });

  /**
   * The network's side of a fetch: an answer that comes back for a session that has ended
   * meanwhile is dropped (never shown or stored); one that is kept counts as confirmed.
   */
  const fromNetwork: QueryPersister = async (queryFn, context, query) => {
    const generation = memberGeneration;
    const data = await queryFn(context);
    if (generation !== memberGeneration && isMemberKey(query.queryKey as QueryKey)) throw new CancelledError();
    confirmed.add(query.queryHash);
    return data;
  };

  /**
   * The persister around a screen's fetch: the stored answer first, and then, behind what it
   * shows, the network at once; offline nothing is sent.
   */
  const restoreThenFetch: QueryPersister = async (queryFn, context, query) => {
    let fetched = false;
    const guarded: typeof queryFn = (ctx) => {
      fetched = true;
      if (!deps.isOnline()) throw new OfflineError();
      return fromNetwork(queryFn, ctx, query);
    };
    // Nothing stored to restore yet (a first visit), or no database: the answer is stored once it opens.
    const loaded = deps.mayRead() ? await persister().catch(() => null) : null;
    if (!loaded) {
      const data = await guarded(context);
      // Once the query holds the answer (as TanStack's persister schedules it), not before.
      notifyManager.schedule(() => void persistQuery(query));
      return data;
    }
    const data = (await loaded.persisterFn(guarded, context, query)) as Awaited<ReturnType<typeof queryFn>>;
    if (!fetched) setTimeout(() => void query.fetch().catch(() => undefined), 0);
    return data;
  };

  // TanStack's online signal is the app's (the browser's flag and whether the server answers).
  onlineManager.setEventListener((setOnline) => {
    setOnline(deps.isOnline());
    return deps.subscribeOnline(() => setOnline(deps.isOnline()));
  });

  /** The member's answers leave this visit's memory (an answer still on its way is not kept). */
  function dropMemberAnswers(): void {
    memberGeneration += 1;
    const member = { predicate: (query: Query) => isMemberKey(query.queryKey as QueryKey) };
    for (const query of client.getQueryCache().findAll(member)) {
      query.reset();
      confirmed.delete(query.queryHash);
    }
    client.removeQueries(member);
  }

  return {
    client,
    /**
     * Starts the visit from the answers a server-rendered page was made from (TanStack's hydrate):
     * the server gave them in this visit, so they count as confirmed and are not asked again. They
     * are dated when the app starts (a slow phone's start is not their age: the page was made for it),
     * and stored where their calls' answers persist.
     */
    hydrate(state: DehydratedState): void {
      const now = deps.now();
      const queries = state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } }));
      hydrate(client, { ...state, queries });
      for (const { queryHash } of state.queries) {
        confirmed.add(queryHash);
        // Kept for offline as a fetched answer is (once the database opens): the app asked for none.
        const query = client.getQueryCache().get(queryHash);
        if (query) void persistQuery(query);
      }
    },
    /**
     * A query's persister for a fetch that goes to the network whatever the online signal says
     * (the first screen, the probe, a decision that needs the server's word): nothing restored,
     * nothing stored (the caller persists what it keeps).
     */
    fromNetwork,
    /** Whether the server gave this key's answer in this visit. */
    isConfirmed: (key: QueryKey) => confirmed.has(hashKey(key)),
    /** The answer a key holds, into the database (where its call's answers persist). */
    persist: async (key: QueryKey): Promise<void> => {
      const query = client.getQueryCache().find({ queryKey: key, exact: true });
      if (query) await persistQuery(query);
    },
    /** What the database holds of a key for this session, without touching the cache. */
    storedAnswer: <T>(key: QueryKey): Promise<CacheRow<T> | undefined> => readRow<T>(hashKey(key)),
    /** The session changed (login, logout, another tab): another member's answers are not shown. */
    sessionChanged(): void {
      const next = deps.owner();
      if (next === owner) return;
      owner = next;
      dropMemberAnswers();
    },
    /** Logout: the member's answers go, from memory and the device; public ones stay. */
    async clearMemberRows(): Promise<void> {
      owner = deps.owner();
      dropMemberAnswers();
      await (await database()).deleteMemberRows();
    },
    /** Forgets this visit (tests: every answer read again from the database, and confirmed again). */
    async forgetVisit(): Promise<void> {
      memberGeneration += 1;
      client.clear();
      confirmed.clear();
      owner = deps.owner();
      await Promise.allSettled([...pendingWrites]);
    },
  };
}
