import { useEffect, useEffectEvent } from 'react';
import { useScreenActive } from '../../ui';

/**
 * Runs `forget` when the member leaves the page: a typed withdrawal password is never kept for
 * later, not while the page stays alive in the background, nor in the browser's back/forward cache.
 */
export function useForgetOnLeave(forget: () => void): void {
  const onLeave = useEffectEvent(forget);
  const active = useScreenActive();
  useEffect(() => {
    if (active) return () => onLeave();
  }, [active]);
  useEffect(() => {
    const onPageHide = () => onLeave();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);
}
