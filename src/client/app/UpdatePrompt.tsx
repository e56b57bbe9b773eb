import { createPortal } from 'react-dom';
import { AnimatePresence, m } from 'framer-motion';
import { MotionScope } from '../ui/MotionScope';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../ui';
import { overlayRoot } from '../ui/overlay';
import { useEntrance } from '../ui/useMotionKit';
import { dismissUpdate, reloadToUpdate, useNeedRefresh } from '../pwa';

export function UpdatePrompt() {
  const needRefresh = useNeedRefresh();
  const { t } = useLingui();
  const from = useEntrance({ opacity: 0, y: 24 });
  return createPortal(
    <MotionScope>
      <AnimatePresence>
        {needRefresh && (
          <m.section
            className="update-prompt"
            aria-label={t`App update`}
            initial={from}
            animate={{ opacity: 1, y: 0 }}
            exit={{ opacity: 0, y: 24 }}
          >
            <Icon name="download" />
            <p role="status">{t`A new version is available.`}</p>
            <button type="button" className="btn btn-ghost btn-small" onClick={dismissUpdate}>
              {t`Later`}
            </button>
            <button type="button" className="btn btn-primary btn-small" onClick={reloadToUpdate}>
              {t`Reload`}
            </button>
          </m.section>
        )}
      </AnimatePresence>
    </MotionScope>,
    overlayRoot(),
  );
}
