import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/**
 * Service worker in 'prompt' mode (DESIGN.md section 2): a new version waits until the member
 * says reload; updates are looked for on an interval and when the page becomes visible, and only
 * while online. Nothing reloads by itself, so no half-filled form is lost.
 */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

let needRefresh = false;
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function setNeedRefresh(value: boolean): void {
  needRefresh = value;
  listeners.forEach((listener) => listener());
}

export function startPwa(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let requested = false;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => setNeedRefresh(true),
    // Another tab accepted the update and the new worker took over: ask here too, never reload unasked.
    onNeedReload: () => (requested ? window.location.reload() : setNeedRefresh(true)),
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      const check = async () => {
        if (!navigator.onLine || registration.installing) return;
        try {
          const response = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
          if (response.status === 200) await registration.update();
        } catch {
          // Offline or server away: try again at the next chance.
        }
      };
      setInterval(() => void check(), UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void check();
      });
    },
  });
  applyUpdate = () => {
    requested = true;
    void updateServiceWorker(true);
  };
}

export function reloadToUpdate(): void {
  if (applyUpdate) applyUpdate();
  else window.location.reload();
}

export function dismissUpdate(): void {
  setNeedRefresh(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNeedRefresh(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => needRefresh,
    () => false,
  );
}
