/**
 * A small read-through cache for public reads that every app start or home page asks for
 * (articles, banners, finance tiers, winners). The admin command changes them from another
 * process, so nothing can tell this one to drop an entry: an entry simply lives `ttlMs` by the
 * cache clock. A burst of requests after expiry shares one load. ttlMs <= 0 turns it off.
 */

/**
 * Milliseconds by a monotonic clock, for the age of cached entries: real elapsed time in
 * production (`performance.now`), a clock the test moves in tests (so no test sleeps for a TTL).
 * Not the wall clock of rounds and sessions (`Deps.clock`), which tests move separately.
 */
export type CacheClock = () => number;
export const realTime: CacheClock = () => performance.now();

interface Entry<V> {
  value: V;
  loadedAt: number;
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: CacheClock = realTime,
    /** Keys come from request bodies (ids, categories): bounded, starting again when full. */
    private readonly maxEntries = 1_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) return Promise.resolve(entry.value);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, loadedAt: this.now() });
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forget everything (after a change made by this process). */
  clear(): void {
    this.entries.clear();
  }
}
