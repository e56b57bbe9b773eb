import { useEffect, useState } from 'react';
import { useLocation, useRouter } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useActivePause, usePlayLimits } from '../data';
import { useSession } from '../api';
import { Icon } from '../ui';
import {
  acceptInstallOffer,
  dismissInstallOffer,
  markInstallOfferShown,
  useInstallOffer,
  type InstallOffer,
} from '../pwa';
import { findRoute } from './routes';

type Shown = { path: string; kind: NonNullable<InstallOffer>['kind'] };

/**
 * The app's own install offer (pwa/installOffer.ts says when): Install in Chromium, a hint on iOS.
 * It shows on the tab-bar screens only (home, account...: never in a room, over its amount and
 * Buy), in the page's flow above the screen, so it covers nothing. It opens with a page, never
 * under a finger: an offer that becomes possible while a page is up waits for the next page. It
 * stays on the page it opened with and is gone once the member leaves it; that was its one showing.
 * While the member's play is paused it is not offered at all, nor before the member's play
 * settings have been read (a pause not yet known).
 */
export function InstallPrompt() {
  const offer = useInstallOffer();
  // A member who paused play is offered nothing that draws them back meanwhile; while a member's
  // play settings are not read yet, whether they paused is not known, and nothing is offered either.
  const paused = useActivePause() !== null;
  const { member } = useSession();
  const settings = usePlayLimits().data;
  const settingsKnown = member === null || settings !== undefined;
  const { t } = useLingui();
  const [path] = useLocation();
  const { parser } = useRouter();
  const [seenPath, setSeenPath] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);

  // Decided while rendering, at each new page (React's pattern for state that follows a change).
  if (path !== seenPath) {
    setSeenPath(path);
    if (shown) setShown(null);
    else if (offer && settingsKnown && !paused && findRoute(path, parser)?.tabBar === true)
      setShown({ path, kind: offer.kind });
  }
  const showing = shown !== null && shown.path === path;
  useEffect(() => {
    if (showing) markInstallOfferShown();
  }, [showing]);
  if (!showing) return null;

  const close = () => setShown(null);
  return (
    <section className="install-offer" aria-label={t`Install the app`} data-testid="install-prompt">
      <Icon name="download" />
      <p>
        {shown.kind === 'prompt'
          ? t`Install the app: it opens from your home screen and reads your fund log offline.`
          : t`To install the app, tap Share, then Add to Home Screen.`}
      </p>
      <div className="install-offer-actions">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => {
            dismissInstallOffer();
            close();
          }}
        >
          {t`Not now`}
        </button>
        {shown.kind === 'prompt' && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => {
              close();
              void acceptInstallOffer();
            }}
          >
            {t`Install`}
          </button>
        )}
      </div>
    </section>
  );
}
