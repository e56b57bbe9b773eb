import { useSyncExternalStore } from 'react';
import { useScreenActive } from '../../ui';

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const isVisible = () => document.visibilityState !== 'hidden';

/** Whether the member can see this screen: the page is not hidden and the screen is the one shown. */
export function usePageVisible(): boolean {
  const visible = useSyncExternalStore(subscribe, isVisible, () => true);
  const active = useScreenActive();
  return visible && active;
}
