import { Component, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { QueryCache } from './queryCache';
import { db } from './db';

/** useLiveQuery's answer before its first read of the database (undefined means "no such row"). */
const READING = Symbol('reading');

/**
 * Observes, with dexie-react-hooks' useLiveQuery, the cached row of every key a screen shows, and
 * hands what the database holds to the query cache: its first read, then every committed write, in
 * this tab or in another one. Mounted once for the whole app (AppProviders), from the chunk that
 * loads Dexie, so the first screen paints without waiting for it; until then screens show what
 * the network answers.
 */
export function CachedRows({ cache }: { cache: QueryCache }) {
  const hashes = useSyncExternalStore(cache.subscribeWatched, cache.watched, cache.watched);
  return hashes.map((hash) => (
    <Unreadable key={hash} hash={hash} cache={cache}>
      <CachedRow hash={hash} cache={cache} />
    </Unreadable>
  ));
}

function CachedRow({ hash, cache }: { hash: string; cache: QueryCache }) {
  const row = useLiveQuery(() => db.cache.get(hash), [hash], READING);
  useEffect(() => {
    if (row !== READING) cache.receivedRow(hash, row);
  }, [hash, row, cache]);
  return null;
}

/** A row the database cannot read (useLiveQuery throws its error) is a key with nothing cached. */
class Unreadable extends Component<{ hash: string; cache: QueryCache; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('[cache] could not read', this.props.hash, error);
    this.props.cache.unreadable(this.props.hash);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
