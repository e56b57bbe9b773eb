import { useSyncExternalStore } from 'react';
import { useScreenActive } from './screen';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const isDocumentVisible = () => document.visibilityState !== 'hidden';

/** Whether the member can see this screen: the browser tab is not hidden and the screen is the one shown. */
export function usePageVisible(): boolean {
  const visible = useSyncExternalStore(subscribeVisibility, isDocumentVisible, () => true);
  const active = useScreenActive();
  return visible && active;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION)
    : null;
}

function subscribeReducedMotion(listener: () => void): () => void {
  const query = reducedMotionQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const prefersReducedMotion = () => reducedMotionQuery()?.matches === true;

/** The member asked the system for less motion: no automatic movement (carousels, tickers). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}
