import { useSyncExternalStore } from 'react';
import { online } from './stores';

/** Online as far as the browser knows: writes are refused when this is false. */
export const isBrowserOnline = (): boolean => online.isBrowserOnline();

/** Online and the server answered the last request. */
export const isOnline = (): boolean => online.isOnline();

export const subscribeOnline = (listener: () => void): (() => void) => online.subscribe(listener);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isBrowserOnline, () => true);
}
