import { useState } from 'react';
import { useToasts } from '../ui/toast';
import { useOpenDialog } from '../ui/dialog';
import { useNeedRefresh } from '../pwa/updates';

/**
 * Whether the overlays (toasts, dialogs, the update prompt) should be loaded: from
 * the first time one of them has something to show, and from then on. Until then their code and
 * the animation engine stay off the network, so a first visit loads only what its screen needs.
 */
export function useOverlaysWanted(): boolean {
  const [loaded, setLoaded] = useState(false);
  const toasts = useToasts();
  const dialog = useOpenDialog();
  const update = useNeedRefresh();
  const wanted = loaded || toasts.length > 0 || dialog !== null || update;
  if (wanted && !loaded) setLoaded(true);
  return wanted;
}
