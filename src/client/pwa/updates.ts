import { observable, useObservable } from '../lib/observable';
import { isBrowserOnline } from '../api/online';

/**
 * The app's update state, shared by the update prompt and the version page. The service worker is
 * registered in 'prompt' mode (register.ts): a new version waits until the member says reload, so
 * nothing reloads by itself and no half-filled form is lost.
 */
export type UpdateCheck = 'update-available' | 'up-to-date' | 'offline' | 'failed' | 'unsupported';

/** How long a check waits for a new worker found by update() to finish installing. */
const INSTALL_WAIT_MS = 30_000;

/** A new version is waiting for the member's word. */
const needRefresh = observable(false);

/** What register.ts hands over: the registration, the worker's URL, and how to apply a waiting update. */
const worker: {
  registration: ServiceWorkerRegistration | null;
  scriptUrl: string | null;
  applyUpdate: (() => void) | null;
} = { registration: null, scriptUrl: null, applyUpdate: null };

export function setNeedRefresh(value: boolean): void {
  needRefresh.set(value);
}

/** register.ts hands over the registration and the worker's URL once the browser has registered it. */
export function attachRegistration(next: ServiceWorkerRegistration | null, swUrl: string | null): void {
  worker.registration = next;
  worker.scriptUrl = swUrl;
}

/** register.ts says how to apply a waiting update (activate it, then reload). */
export function setUpdateApplier(apply: (() => void) | null): void {
  worker.applyUpdate = apply;
}

export function reloadToUpdate(): void {
  if (worker.applyUpdate) worker.applyUpdate();
  else window.location.reload();
}

export function dismissUpdate(): void {
  setNeedRefresh(false);
}

export function useNeedRefresh(): boolean {
  return useObservable(needRefresh, false);
}

/** Resolves once the installing worker (if any) is installed, gone, or the wait is over. */
function settleInstalling(reg: ServiceWorkerRegistration, timeoutMs: number): Promise<void> {
  const worker = reg.installing;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    const onChange = () => {
      if (worker.state !== 'installing') done();
    };
    const timer = setTimeout(done, timeoutMs);
    worker.addEventListener('statechange', onChange);
  });
}

/**
 * Asks the server for a new version now (the version page's button). When one is found it waits
 * as usual and the update prompt offers the reload.
 */
export async function checkForUpdate(): Promise<UpdateCheck> {
  const reg = worker.registration;
  if (!reg) return 'unsupported';
  if (!isBrowserOnline()) return 'offline';
  if (reg.waiting) {
    setNeedRefresh(true);
    return 'update-available';
  }
  try {
    // As the periodic check does: only ask for an update when the server answers for the worker.
    if (worker.scriptUrl) {
      const response = await fetch(worker.scriptUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
      // The server answered, but not with the worker: a server fault, not the member's network.
      if (!response.ok) return 'failed';
    }
    await reg.update();
  } catch {
    return 'offline';
  }
  await settleInstalling(reg, INSTALL_WAIT_MS);
  if (reg.waiting) {
    setNeedRefresh(true);
    return 'update-available';
  }
  return 'up-to-date';
}
