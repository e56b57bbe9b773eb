import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../ui';
import { overlayRoot } from '../ui/overlay';
import { acceptInstallOffer, dismissInstallOffer, useInstallOffer } from '../pwa';

/** The app's own install offer (pwa/installOffer.ts says when): Install in Chromium, a hint on iOS. */
export function InstallPrompt() {
  const offer = useInstallOffer();
  const { t } = useLingui();
  if (!offer) return null;
  return createPortal(
    <section className="update-prompt install-prompt" aria-label={t`Install the app`} data-testid="install-prompt">
      <Icon name="download" />
      <p>
        {offer.kind === 'prompt'
          ? t`Install the app: it opens from your home screen and reads your fund log offline.`
          : t`To install the app, tap Share, then Add to Home Screen.`}
      </p>
      <div className="install-prompt-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={dismissInstallOffer}>
          {t`Not now`}
        </button>
        {offer.kind === 'prompt' && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => void acceptInstallOffer()}>
            {t`Install`}
          </button>
        )}
      </div>
    </section>,
    overlayRoot(),
  );
}
