/** Set once a row has been stored: the browser's cache database then has something to read. */
export const STORED_ROWS_KEY = 'cacheStored';

/** However the first screen goes, the database opens at most this long after it was first asked for. */
export const FIRST_SCREEN_WAIT_MS = 3_000;

export interface CacheGateDeps {
  /** Null where storage is refused (private mode): the database opens at once, as before. */
  storage: Storage | null;
  /** Runs `run` when the main thread is next idle. */
  whenIdle: (run: () => void) => void;
  setTimeout: (run: () => void, ms: number) => unknown;
}

/**
 * When the cache database opens. A browser that has stored rows opens it at once: a returning
 * member's screens draw what it holds before the network answers, and offline it is all there is.
 * A browser that never has (a first visit) has nothing to read there, and opening it (Dexie's
 * module and IndexedDB's open: about 100 ms of a slow phone's main thread, and a 31 KiB chunk)
 * competed with the first screen's own answers: it opens once those are drawn, and the answers are
 * stored then.
 */
export function createCacheGate(deps: CacheGateDeps) {
  let open: (() => void) | null = null;
  let opened: Promise<void> | null = null;
  let isOpen = false;
  let known: boolean | null = null;

  /** Whether rows were stored in this browser (read once, then remembered). */
  function hasStoredRows(): boolean {
    if (known === null) {
      try {
        known = deps.storage === null || deps.storage.getItem(STORED_ROWS_KEY) === '1';
      } catch {
        known = true;
      }
    }
    return known;
  }

  /** Settles when the database may open. */
  function ready(): Promise<void> {
    if (!opened) {
      opened = new Promise<void>(
        (resolve) =>
          (open = () => {
            isOpen = true;
            resolve();
          }),
      );
      if (hasStoredRows()) open!();
      else deps.setTimeout(() => open!(), FIRST_SCREEN_WAIT_MS);
    }
    return opened;
  }

  return {
    ready,
    /** Whether the database may open now (what `ready` will settle with at once). */
    isOpen(): boolean {
      void ready();
      return isOpen;
    },
    /** The first screen's answers are in (or failed, or the browser is offline): open when next idle. */
    firstScreenDrawn(): void {
      void ready();
      deps.whenIdle(() => open!());
    },
    /** A row was stored: the next visits open the database at once. */
    rowStored(): void {
      if (hasStoredRows()) return;
      known = true;
      try {
        deps.storage?.setItem(STORED_ROWS_KEY, '1');
      } catch {
        // Storage refused: the next visit waits for its first screen, as this one did.
      }
    },
  };
}
