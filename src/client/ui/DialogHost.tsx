import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { AnimatePresence, m } from 'framer-motion';
import { useOpenDialog } from './dialog';
import { appRoot, overlayRoot } from './overlay';

/** The one modal dialog: focus moves in, Escape cancels, the app behind is inert. */
export function DialogHost() {
  const dialog = useOpenDialog();
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!dialog) return;
    const root = appRoot();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (root) {
      root.inert = true;
      root.setAttribute('aria-hidden', 'true');
    }
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dialog.resolve(false);
      } else if (event.key === 'Tab' && panelRef.current) {
        const buttons = [...panelRef.current.querySelectorAll<HTMLButtonElement>('button')];
        if (buttons.length === 0) return;
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (root) {
        root.inert = false;
        root.removeAttribute('aria-hidden');
      }
      previous?.focus();
    };
  }, [dialog]);

  return createPortal(
    <AnimatePresence>
      {dialog && (
        <m.div
          key={dialog.id}
          className="dialog-backdrop"
          initial={{ opacity: 0 }}
          animate={{ opacity: 1 }}
          exit={{ opacity: 0 }}
          transition={{ duration: 0.15 }}
          onClick={(event) => {
            if (event.target === event.currentTarget) dialog.resolve(false);
          }}
        >
          <m.div
            ref={panelRef}
            className="dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={dialog.message ? messageId : undefined}
            initial={{ opacity: 0, y: 24, scale: 0.97 }}
            animate={{ opacity: 1, y: 0, scale: 1 }}
            exit={{ opacity: 0, y: 16, scale: 0.98 }}
            transition={{ type: 'spring', stiffness: 420, damping: 34 }}
          >
            <h2 id={titleId} className="dialog-title">
              {dialog.title}
            </h2>
            {dialog.message && (
              <p id={messageId} className="dialog-message">
                {dialog.message}
              </p>
            )}
            <div className="dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={() => dialog.resolve(false)}>
                {dialog.cancelLabel}
              </button>
              <button
                ref={confirmRef}
                type="button"
                className={`btn ${dialog.tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
                onClick={() => dialog.resolve(true)}
              >
                {dialog.confirmLabel}
              </button>
            </div>
          </m.div>
        </m.div>
      )}
    </AnimatePresence>,
    overlayRoot(),
  );
}
