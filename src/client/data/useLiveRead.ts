import { useCallback, useEffect, useRef, useState } from 'react';
import { OfflineError } from '../api/errors';
import { isBrowserOnline, useBrowserOnline, useOnline } from '../api/online';
import { clockNow } from './clock';

/**
 * A live read: figures that are only true now (the room's round, the live orders, the member's
 * orders of this round), asked for while a screen shows them rather than cached first. It loads
 * when enabled, optionally every `pollMs` while the browser is online, and again when the network
 * comes back; it keeps the last good answer, since when it is good, and whether it is stale.
 */
export interface LiveReadOptions<T> {
  /** What is being read (a room, a round): answers of another scope are dropped. */
  scope: string;
  fetch: () => Promise<T>;
  /** Loads when this turns true (entry, page visible again) and while it stays true. */
  enabled: boolean;
  /** Ask again this often (ms) while enabled and the browser is online. */
  pollMs?: number;
  /** A reload while one is in flight: share it (default), or start anew and drop the older answer. */
  whileBusy?: 'share' | 'restart';
  /** Called with each answer that is kept, before it is shown. */
  onAnswer?: (answer: T) => void;
  /** Called after the network came back and a reload was started. */
  onReconnect?: () => void;
}

export interface LiveRead<T> {
  /** The last good answer of this scope (this visit's, or the seeded one until then). */
  data: T | undefined;
  /** Device time of that answer; null when there is none. */
  goodAt: number | null;
  /** Whether `data` came from the server in this visit (not seeded from a cache). */
  confirmed: boolean;
  /** The last attempt's failure (OfflineError when the browser is offline); null after a success. */
  error: unknown;
  /** At least one attempt (or the offline verdict) is done. */
  settled: boolean;
  pending: boolean;
  /** Offline, or the last attempt failed: what is shown is as of `goodAt`. */
  stale: boolean;
  reload: () => Promise<void>;
  /** Show an older answer (from the cache) until the first one of this visit arrives. */
  seed: (data: T, updatedAt: number) => void;
}

interface State<T> {
  scope: string;
  data: T | undefined;
  goodAt: number | null;
  confirmed: boolean;
  error: unknown;
  settled: boolean;
  pending: boolean;
}

const initial = <T>(scope: string): State<T> => ({
  scope,
  data: undefined,
  goodAt: null,
  confirmed: false,
  error: null,
  settled: false,
  pending: false,
});

export function useLiveRead<T>(options: LiveReadOptions<T>): LiveRead<T> {
  const { scope, enabled, pollMs, whileBusy = 'share' } = options;
  const [stored, setState] = useState<State<T>>(() => initial(scope));
  const state = stored.scope === scope ? stored : initial<T>(scope);
  const online = useOnline();
  const browserOnline = useBrowserOnline();

  const latest = useRef(options);
  const currentScope = useRef(scope);
  useEffect(() => {
    latest.current = options;
    currentScope.current = scope;
  });
  const inflight = useRef<{ scope: string; ticket: number; run: Promise<void> } | null>(null);
  const tickets = useRef(0);

  /** Patches this scope's state; a late call for a scope no longer shown changes nothing. */
  const update = useCallback(
    (patch: Partial<State<T>>) =>
      setState((previous) =>
        currentScope.current !== scope
          ? previous
          : { ...(previous.scope === scope ? previous : initial<T>(scope)), ...patch },
      ),
    [scope],
  );

  const reload = useCallback((): Promise<void> => {
    const running = inflight.current;
    if (running?.scope === scope && whileBusy === 'share') return running.run;
    if (!isBrowserOnline()) {
      update({ error: new OfflineError(), settled: true });
      return Promise.resolve();
    }
    const ticket = ++tickets.current;
    const kept = () => ticket === tickets.current && currentScope.current === scope;
    const run = (async () => {
      await Promise.resolve();
      if (kept()) update({ pending: true });
      try {
        const data = await latest.current.fetch();
        if (!kept()) return;
        latest.current.onAnswer?.(data);
        update({ data, goodAt: clockNow(), confirmed: true, error: null, settled: true, pending: false });
      } catch (error) {
        if (kept()) update({ error, settled: true, pending: false });
      } finally {
        if (inflight.current?.ticket === ticket) inflight.current = null;
      }
    })();
    inflight.current = { scope, ticket, run };
    return run;
  }, [scope, whileBusy, update]);

  // On entry, when enabled again, and every pollMs; a poll waits for the browser to be online
  // (offline, the browser's online event restarts it).
  const running = enabled && (pollMs === undefined || browserOnline);
  useEffect(() => {
    if (!running) return;
    void reload();
    if (!pollMs) return;
    const timer = setInterval(() => void reload(), pollMs);
    return () => clearInterval(timer);
  }, [running, pollMs, reload]);

  // Another request found the server again: catch up now rather than at the next tick.
  const wasOnline = useRef(online);
  useEffect(() => {
    const came = online && !wasOnline.current;
    wasOnline.current = online;
    if (came && running) {
      void reload();
      latest.current.onReconnect?.();
    }
  }, [online, running, reload]);

  const seed = useCallback(
    (data: T, updatedAt: number) =>
      setState((previous) => {
        const current = previous.scope === scope ? previous : initial<T>(scope);
        return current.data === undefined ? { ...current, data, goodAt: updatedAt } : current;
      }),
    [scope],
  );

  return { ...state, stale: !online || state.error !== null, reload, seed };
}
