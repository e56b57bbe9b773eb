import { registerSW } from 'virtual:pwa-register';
import { attachRegistration, setNeedRefresh, setUpdateApplier } from './updates';

/**
 * Service worker in 'prompt' mode (DESIGN.md section 2): updates are looked for on an interval and
 * when the page becomes visible, and only while online; a new version waits for the member.
 */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

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
      attachRegistration(registration, swUrl);
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
  setUpdateApplier(() => {
    requested = true;
    void updateServiceWorker(true);
  });
}
