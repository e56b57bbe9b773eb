import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { AnimatePresence, m } from 'framer-motion';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './icons';
import { appRoot, overlayRoot } from './overlay';

/**
 * A bottom sheet: slides up over the screen, modal while open (focus moves in, Escape and the
 * backdrop close it, the app behind is inert). Motion follows the app's MotionConfig, so
 * prefers-reduced-motion turns the slide into a fade.
 */
export function Sheet({
  open,
  title,
  onClose,
  children,
  footer,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const root = appRoot();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (root) root.inert = true;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // A confirmation dialog over the sheet handles its own Escape.
      if (event.key === 'Escape' && !document.querySelector('.dialog')) {
        event.preventDefault();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (root) root.inert = false;
      previous?.focus();
    };
  }, [open]);

  return createPortal(
    <AnimatePresence>
      {open && (
        <m.div
          key="sheet"
          className="sheet-backdrop"
          initial={{ opacity: 0 }}
          animate={{ opacity: 1 }}
          exit={{ opacity: 0 }}
          transition={{ duration: 0.18 }}
          onClick={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <m.div
            ref={panelRef}
            className="sheet"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            data-testid={testId}
            tabIndex={-1}
            initial={{ y: '100%' }}
            animate={{ y: 0 }}
            exit={{ y: '100%' }}
            transition={{ type: 'spring', stiffness: 380, damping: 38 }}
          >
            <header className="sheet-header">
              <span className="sheet-grip" aria-hidden="true" />
              <h2 id={titleId} className="sheet-title">
                {title}
              </h2>
              <button type="button" className="icon-btn" onClick={onClose} aria-label={t`Close`}>
                <Icon name="close" />
              </button>
            </header>
            <div className="sheet-body">{children}</div>
            {footer && <div className="sheet-footer">{footer}</div>}
          </m.div>
        </m.div>
      )}
    </AnimatePresence>,
    overlayRoot(),
  );
}
