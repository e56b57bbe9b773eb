import { useSyncExternalStore } from 'react';

/**
 * One value that tells its listeners when it changes: the external store React's
 * useSyncExternalStore reads. The app's small stores (toasts, dialogs, the open modals, the motion
 * kit, the update and install offers) each hold their state in one, made by their factory.
 */
export interface Observable<T> {
  get: () => T;
  /** Replaces the value and tells every listener; the same value again tells no one. */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function observable<T>(initial: T): Observable<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The value in a component, redrawn when it changes; `serverValue` while rendering without a browser. */
export function useObservable<T>(store: Observable<T>, serverValue: T = store.get()): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}
