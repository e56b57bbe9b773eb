/**
 * One online/offline signal for the whole app: the browser's own flag (navigator.onLine plus its
 * online/offline events) and what requests teach us (a timeout or a refused connection means the
 * server is out of reach even when the browser thinks it is online).
 */

const PROBE_INTERVAL_MS = 15_000;

export function createOnlineStore(initiallyOnline: boolean) {
  let browserOnline = initiallyOnline;
  let unreachable = false;
  const listeners = new Set<() => void>();
  let probe: (() => void) | null = null;
  let probeTimer: ReturnType<typeof setInterval> | null = null;

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

  return {
    /** Online as far as the browser knows: writes are refused when this is false. */
    isBrowserOnline: () => browserOnline,
    /** Online and the server answered the last request. */
    isOnline: () => browserOnline && !unreachable,
    /** The browser's online and offline events; coming online trusts the server again. */
    browserChanged(online: boolean): void {
      browserOnline = online;
      if (online) unreachable = false;
      publish();
    },
    /** Requests report here: a network failure marks the server unreachable, any answer clears it. */
    reported(reached: boolean): void {
      if (unreachable === !reached) return;
      unreachable = !reached;
      publish();
    },
    /** While the server is unreachable, this runs every few seconds to find out when it is back. */
    setProbe(run: (() => void) | null): void {
      probe = run;
      syncProbe();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
