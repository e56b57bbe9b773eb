import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { AnimatePresence, m } from 'framer-motion';
import { MotionScope } from './MotionScope';
import { useOpenDialog, type OpenDialog } from './dialog';
import { useModalDialog } from './modal';
import { overlayRoot } from './overlay';
import { useEntrance } from './useMotionKit';

/** The confirmation dialog: a native modal dialog; Escape, Back and the backdrop cancel. */
export function DialogHost() {
  const dialog = useOpenDialog();
  return createPortal(
    <MotionScope>
      <AnimatePresence>{dialog && <ConfirmDialog key={dialog.id} dialog={dialog} />}</AnimatePresence>
    </MotionScope>,
    overlayRoot(),
  );
}

function ConfirmDialog({ dialog }: { dialog: OpenDialog }) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useModalDialog(dialogRef, () => dialog.resolve(false), confirmRef);
  const backdropFrom = useEntrance({ opacity: 0 });
  const dialogFrom = useEntrance({ opacity: 0, y: 24, scale: 0.97 });

  return (
    <m.dialog
      ref={dialogRef}
      className="dialog-backdrop"
      aria-labelledby={titleId}
      aria-describedby={dialog.message ? messageId : undefined}
      initial={backdropFrom}
      animate={{ opacity: 1 }}
      exit={{ opacity: 0 }}
      transition={{ duration: 0.15 }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.resolve(false);
      }}
    >
      <m.div
        className="dialog"
        initial={dialogFrom}
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
    </m.dialog>
  );
}
