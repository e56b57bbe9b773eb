import { onPushMessages } from '../pwa/pushMessages';
import { navigate } from '../ui/navigation';
import { toast } from '../ui/toast';

/** A notification read in the page stays a little longer than a usual toast: it is news, not an echo. */
const PUSH_TOAST_MS = 6_000;

/**
 * Where a push that arrived while the member looks at the app is said (the service worker shows no
 * system notification then): a toast with the server's words, toned as the news is (a result won,
 * lost); and where a tapped notification's page opens in this window.
 */
export function connectPushMessages(): () => void {
  return onPushMessages({
    shown: ({ title, body, net }) => {
      const text = `${title} · ${body}`;
      const options = { durationMs: PUSH_TOAST_MS };
      if (net !== null && net > 0) toast.success(text, options);
      else if (net !== null && net < 0) toast.loss(text, options);
      else toast.info(text, options);
    },
    open: (url) => navigate(url),
  });
}
