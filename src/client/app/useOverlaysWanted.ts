import { useEffect, useState } from 'react';
import { useToasts } from '../ui/toast';
import { useOpenDialog } from '../ui/dialog';

/** Later than this, the overlays load anyway (a browser without idle callbacks, or a busy start). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Whether the overlays (toasts, dialogs, the update and install prompts) should be loaded: once
 * the start-up is idle, so their code does not compete with the first screen for the network,
 * or at once when a toast or a dialog is asked for before then.
 */
export function useOverlaysWanted(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(done, IDLE_TIMEOUT_MS / 2);
    return () => clearTimeout(timer);
  }, []);
  const toasts = useToasts();
  const dialog = useOpenDialog();
  return idle || toasts.length > 0 || dialog !== null;
}
