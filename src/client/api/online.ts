import { useSyncExternalStore } from 'react';

/**
 * One online/offline signal for the whole app: the browser's own flag (navigator.onLine plus its
 * online/offline events) and what requests teach us (a timeout or a refused connection means the
 * server is out of reach even when the browser thinks it is online).
 */
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
let unreachable = false;
const listeners = new Set<() => void>();
let probe: (() => void) | null = null;
let probeTimer: ReturnType<typeof setInterval> | null = null;
const PROBE_INTERVAL_MS = 15_000;

function publish(): void {
  listeners.forEach((listener) => listener());
  syncProbe();
}

function syncProbe(): void {
  const wanted = browserOnline && unreachable && probe !== null;
  if (wanted && probeTimer === null) {
    probeTimer = setInterval(() => probe?.(), PROBE_INTERVAL_MS);
  } else if (!wanted && probeTimer !== null) {
    clearInterval(probeTimer);
    probeTimer = null;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    browserOnline = true;
    unreachable = false;
    publish();
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    publish();
  });
}

/** Online as far as the browser knows: writes are refused when this is false. */
export function isBrowserOnline(): boolean {
  return browserOnline;
}

/** Online and the server answered the last request. */
export function isOnline(): boolean {
  return browserOnline && !unreachable;
}

/** Requests report here: a network failure marks the server unreachable, any answer clears it. */
export function reportRequestOutcome(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  publish();
}

/** While the server is unreachable, this runs every few seconds to find out when it is back. */
export function setReachabilityProbe(run: (() => void) | null): void {
  probe = run;
  syncProbe();
}

export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isBrowserOnline, () => true);
}

/** Test helper. */
export function setOnlineStateForTest(state: { browserOnline?: boolean; unreachable?: boolean }): void {
  if (state.browserOnline !== undefined) browserOnline = state.browserOnline;
  if (state.unreachable !== undefined) unreachable = state.unreachable;
  publish();
}
