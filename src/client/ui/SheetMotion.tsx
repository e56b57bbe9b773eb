import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { AnimatePresence, m } from 'framer-motion';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './icons';
import { useModalDialog } from './modal';
import { overlayRoot } from './overlay';
import { useEntrance } from './useMotionKit';
import { MotionScope } from './MotionScope';
import type { SheetProps } from './Sheet';

/**
 * The bottom sheet itself (Sheet.tsx loads it): slides up over the screen as a native modal dialog
 * (focus stays inside, the page behind is inert; Escape, Back and the backdrop close it). Motion
 * follows the app's MotionConfig, so prefers-reduced-motion turns the slide into a fade.
 */
export default function SheetMotion({ open, ...props }: SheetProps) {
  return createPortal(
    <MotionScope>
      <AnimatePresence>{open && <SheetDialog key="sheet" {...props} />}</AnimatePresence>
    </MotionScope>,
    overlayRoot(),
  );
}

function SheetDialog({ title, onClose, children, footer, testId }: Omit<SheetProps, 'open'>) {
  const { t } = useLingui();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useModalDialog(dialogRef, onClose);
  const backdropFrom = useEntrance({ opacity: 0 });
  const sheetFrom = useEntrance({ y: '100%' });

  return (
    <m.dialog
      ref={dialogRef}
      className="sheet-backdrop"
      aria-labelledby={titleId}
      data-testid={testId}
      initial={backdropFrom}
      animate={{ opacity: 1 }}
      exit={{ opacity: 0 }}
      transition={{ duration: 0.18 }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <m.div
        className="sheet"
        initial={sheetFrom}
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
    </m.dialog>
  );
}
