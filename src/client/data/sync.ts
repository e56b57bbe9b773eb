import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { OfflineError } from '../api/errors';
import { isBrowserOnline, useBrowserOnline, useOnline } from '../api/online';
import { clockNow } from './clock';
import type { AppDatabase, CacheRow } from './db';
import { isMemberKey, type QueryKey } from './key';
import { currentOwner } from './owner';

/**
 * The cache-first sync layer (DESIGN.md section 5): a screen gets the cached row at once, the
 * network revalidates it and writes it back, and the screen learns whether what it shows is
 * fresh (confirmed by the server in this session), stale (cached, not confirmed or offline) or
 * empty (nothing cached yet). Rows are keyed by the read (key.ts) in one Dexie table (db.ts).
 *
 * Dexie loads after the first paint (it is a third of the entry's weight otherwise): the first
 * read waits for its chunk, which the service worker serves from its cache, while the screen
 * shows its skeleton. An answer from the network is drawn at once from this page's copy of the
 * row (pageRows) while it is being stored: on a first visit, opening the database costs a phone
 * hundreds of milliseconds that the first screen should not wait for.
 */
export type SyncStatus = 'fresh' | 'stale' | 'empty';

export interface Synced<T> {
  data: T | undefined;
  status: SyncStatus;
  /** Epoch ms of the cached answer, null when nothing is cached. */
  updatedAt: number | null;
  /** The last revalidation's failure, if it failed. */
  error: unknown;
  /** True until the cache has been read, and while an empty key is being fetched. */
  isLoading: boolean;
  /** True while a request for this key is in flight (or about to be). */
  isValidating: boolean;
  refresh: () => Promise<void>;
}

interface SyncMeta {
  /** Outcome of the last revalidation in this session: null = none yet. */
  ok: boolean | null;
  error: unknown;
  pending: boolean;
  checkedAt: number;
  /**
   * An answer was written to the cache in this session. Dexie tells the screen of the new row a
   * moment after the write; until then the key still counts as loading, so a screen never draws
   * "nothing" between its skeleton and its data (a layout shift).
   */
  written: boolean;
}

const NO_META: SyncMeta = { ok: null, error: null, pending: false, checkedAt: 0, written: false };
const metas = new Map<QueryKey, SyncMeta>();
const inflight = new Map<QueryKey, Promise<void>>();
const listeners = new Set<() => void>();
/** Bumped by clearPrivateRows, so an answer that arrives after logout is not written back. */
let privateGeneration = 0;

function setMeta(key: QueryKey, patch: Partial<SyncMeta>): void {
  metas.set(key, { ...(metas.get(key) ?? NO_META), ...patch });
  listeners.forEach((listener) => listener());
}

function subscribeMeta(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let database: Promise<AppDatabase> | null = null;

/** The cache database, loaded on first use. */
function cacheDb(): Promise<AppDatabase> {
  return (database ??= import('./db').then((module) => module.db));
}

/**
 * Which rows changed since a screen read them: a version per key, and one for every row (logout).
 * Other tabs of the app hear of a change through a BroadcastChannel, so a row written in one tab
 * shows in the others as it does in the writer.
 */
const rowVersions = new Map<QueryKey, number>();
let everyRowVersion = 0;
const rowListeners = new Set<() => void>();
const otherTabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('roundplay-cache');

/** The rows this page has read or written: what its screens draw, the database's copy kept in step. */
const pageRows = new Map<QueryKey, CacheRow<unknown>>();

function rowsChanged(key: QueryKey | null): void {
  if (key === null) everyRowVersion += 1;
  else rowVersions.set(key, (rowVersions.get(key) ?? 0) + 1);
  rowListeners.forEach((listener) => listener());
}

// Another tab stored or cleared rows: this page's copies of them are read again from the database.
otherTabs?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const key = typeof event.data === 'string' ? (event.data as QueryKey) : null;
  if (key === null) pageRows.clear();
  else pageRows.delete(key);
  rowsChanged(key);
});

function subscribeRows(listener: () => void): () => void {
  rowListeners.add(listener);
  return () => rowListeners.delete(listener);
}

/** A member row of another session counts as none. */
function ownRow<T>(row: CacheRow<unknown> | undefined): CacheRow<T> | undefined {
  if (row && row.owner !== '' && row.owner !== currentOwner()) return undefined;
  return row as CacheRow<T> | undefined;
}

/** The cached row of a read. */
export async function readCached<T>(key: QueryKey): Promise<CacheRow<T> | undefined> {
  const kept = pageRows.get(key);
  if (kept) return ownRow<T>(kept);
  const generation = everyRowVersion;
  const row = ownRow<T>(await (await cacheDb()).cache.get(key));
  // Kept for this page unless a write or a clear came while the database was being read.
  if (row && !pageRows.has(key) && generation === everyRowVersion) pageRows.set(key, row);
  return row;
}

/**
 * Store an answer: this page's screens have it at once; the promise settles when the database
 * has it, and then the app's other tabs are told.
 */
export async function writeCached<T>(key: QueryKey, data: T, updatedAt = clockNow()): Promise<void> {
  const row: CacheRow<T> = { key, data, updatedAt, owner: isMemberKey(key) ? currentOwner() : '' };
  pageRows.set(key, row);
  rowsChanged(key);
  await (await cacheDb()).cache.put(row);
  otherTabs?.postMessage(key);
}

/** Reads of one row at one version, shared by every screen part showing it, so they change together. */
const readsInFlight = new Map<string, Promise<CacheRow<unknown> | undefined>>();

function sharedRead<T>(key: QueryKey, version: string): Promise<CacheRow<T> | undefined> {
  const id = `${version} ${key}`;
  let read = readsInFlight.get(id);
  if (!read) {
    read = readCached(key);
    readsInFlight.set(id, read);
    const forget = () => readsInFlight.delete(id);
    read.then(forget, forget);
  }
  return read as Promise<CacheRow<T> | undefined>;
}

/**
 * A key's cached row, read again whenever it changes: undefined while the first read runs, null
 * when nothing is cached. While a changed row is being read, the previous one stays on screen.
 */
function useCachedRow<T>(key: QueryKey | null): CacheRow<T> | null | undefined {
  const version = useSyncExternalStore(
    subscribeRows,
    () => (key ? `${everyRowVersion}:${rowVersions.get(key) ?? 0}` : ''),
    () => '',
  );
  const [read, setRead] = useState<{ key: QueryKey; row: CacheRow<T> | null } | null>(null);
  useEffect(() => {
    if (!key || ownRow(pageRows.get(key))) return;
    let current = true;
    sharedRead<T>(key, version).then(
      (row) => current && setRead({ key, row: row ?? null }),
      () => current && setRead({ key, row: null }),
    );
    return () => {
      current = false;
    };
  }, [key, version]);
  if (!key) return null;
  const kept = ownRow<T>(pageRows.get(key));
  if (kept) return kept;
  return read?.key === key ? read.row : undefined;
}

export interface RevalidateOptions {
  /** Skip the request when the key was confirmed less than this long ago (ms). */
  maxAgeMs?: number;
}

/**
 * Fetch a key from the network and write it back. Concurrent calls share one request.
 * Offline (as far as the browser knows) nothing is sent and the cached row stays, marked stale.
 */
export function revalidate<T>(
  key: QueryKey,
  fetcher: () => Promise<T>,
  options: RevalidateOptions = {},
): Promise<void> {
  const running = inflight.get(key);
  if (running) return running;
  const meta = metas.get(key) ?? NO_META;
  if (options.maxAgeMs && meta.ok && clockNow() - meta.checkedAt < options.maxAgeMs) return Promise.resolve();
  if (!isBrowserOnline()) {
    setMeta(key, { ok: false, error: new OfflineError(), pending: false, checkedAt: clockNow() });
    return Promise.resolve();
  }
  const generation = privateGeneration;
  let run: Promise<void> | null = null;
  run = (async () => {
    setMeta(key, { pending: true });
    try {
      const data = await fetcher();
      if (isMemberKey(key) && generation !== privateGeneration) return;
      const stored = writeCached(key, data);
      setMeta(key, { ok: true, error: null, pending: false, checkedAt: clockNow(), written: true });
      // The answer is on screen: the next revalidation need not wait for the database.
      if (inflight.get(key) === run) inflight.delete(key);
      // A database that cannot store the answer costs only the offline copy.
      await stored.catch((error: unknown) => console.warn('[cache] could not store', key, error));
    } catch (error) {
      setMeta(key, { ok: false, error, pending: false, checkedAt: clockNow() });
    } finally {
      if (inflight.get(key) === run) {
        inflight.delete(key);
        if (metas.get(key)?.pending) setMeta(key, { pending: false });
      }
    }
  })();
  inflight.set(key, run);
  return run;
}

/** Logout: the member's rows go, public ones (config, articles, banners, rooms, games) stay. */
export async function clearPrivateRows(): Promise<void> {
  privateGeneration += 1;
  for (const [key, row] of pageRows) if (row.owner !== '') pageRows.delete(key);
  rowsChanged(null);
  await (await cacheDb()).cache.where('owner').notEqual('').delete();
  rowsChanged(null);
  otherTabs?.postMessage(null);
  for (const key of [...metas.keys()]) {
    if (isMemberKey(key)) metas.delete(key);
  }
  listeners.forEach((listener) => listener());
}

/** Test helper: forget what this session confirmed. */
export function resetSyncState(): void {
  metas.clear();
  pageRows.clear();
  inflight.clear();
  listeners.forEach((listener) => listener());
}

export interface UseSyncedOptions extends RevalidateOptions {
  /** Revalidate when the page becomes visible again and the last check is older than this (ms). */
  refreshOnVisibleAfterMs?: number;
}

const DEFAULT_MAX_AGE_MS = 2_000;

/**
 * Cache-first read of a key. `key = null` disables it (e.g. the profile while logged out).
 * The fetcher may change between renders; the latest one is used.
 */
export function useSynced<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  options: UseSyncedOptions = {},
): Synced<T> {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const visibleAfter = options.refreshOnVisibleAfterMs ?? 60_000;

  // undefined while reading, null when nothing is cached.
  const row = useCachedRow<T>(key);
  const meta = useSyncExternalStore(
    subscribeMeta,
    () => (key ? (metas.get(key) ?? NO_META) : NO_META),
    () => NO_META,
  );
  const online = useOnline();
  const browserOnline = useBrowserOnline();

  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  const run = useCallback(
    (force: boolean) => {
      if (!key) return Promise.resolve();
      return revalidate(key, () => fetcherRef.current(), { maxAgeMs: force ? 0 : maxAgeMs });
    },
    [key, maxAgeMs],
  );

  useEffect(() => {
    if (browserOnline) void run(false);
  }, [run, browserOnline]);

  useEffect(() => {
    if (!key) return;
    const onVisible = () => {
      const current = metas.get(key) ?? NO_META;
      if (document.visibilityState === 'visible' && clockNow() - current.checkedAt > visibleAfter) void run(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [key, run, visibleAfter]);

  const refresh = useCallback(() => run(true), [run]);

  const cached = row ?? null;
  const status: SyncStatus = cached === null ? 'empty' : online && meta.ok === true ? 'fresh' : 'stale';
  return {
    data: cached?.data,
    status,
    updatedAt: cached?.updatedAt ?? null,
    error: meta.ok === false ? meta.error : null,
    isLoading:
      key !== null &&
      (row === undefined ||
        (cached === null && (((meta.pending || meta.ok === null) && browserOnline) || meta.written))),
    // Not yet tried in this session counts as validating, so a badge does not flash before the first request.
    isValidating: key !== null && (meta.pending || (meta.ok === null && browserOnline)),
    refresh,
  };
}
