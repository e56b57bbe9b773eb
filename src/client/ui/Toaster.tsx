import { createPortal } from 'react-dom';
import { AnimatePresence, m, useIsPresent } from 'framer-motion';
import { MotionScope } from './MotionScope';
import { useLingui } from '@lingui/react/macro';
import { toast, useToasts, type ToastItem, type ToastKind } from './toast';
import { Icon, type IconName } from './icons';
import { useTopModal } from './modal';
import { overlayRoot } from './overlay';
import { useEntrance } from './useMotionKit';

const TOAST_ICONS: Record<ToastKind, IconName> = {
  success: 'check',
  warning: 'alert',
  info: 'info',
  loss: 'trendDown',
};

/**
 * Toast region: warnings are alerts, the rest polite status messages. While a modal dialog is open
 * the region lives inside it: outside, the dialog's backdrop would cover it and make it inert.
 */
/**
 * One toast. While it fades out it is still in the page, but no longer said: hidden from assistive
 * technology from the moment it was dismissed.
 */
function ToastCard({ item, dismissLabel }: { item: ToastItem; dismissLabel: string }) {
  const present = useIsPresent();
  const from = useEntrance({ opacity: 0, y: -16, scale: 0.98 });
  return (
    <m.div
      className={`toast toast-${item.kind}`}
      role={item.kind === 'warning' ? 'alert' : 'status'}
      aria-hidden={present ? undefined : true}
      data-leaving={present ? undefined : ''}
      initial={from}
      animate={{ opacity: 1, y: 0, scale: 1 }}
      exit={{ opacity: 0, y: -10, transition: { duration: 0.15 } }}
      transition={{ type: 'spring', stiffness: 500, damping: 36 }}
    >
      <Icon name={TOAST_ICONS[item.kind]} size={20} />
      <span className="toast-text">{item.text}</span>
      <button type="button" className="toast-close" onClick={() => toast.dismiss(item.id)} aria-label={dismissLabel}>
        <Icon name="close" size={16} />
      </button>
    </m.div>
  );
}

export function Toaster() {
  const items = useToasts();
  const modal = useTopModal();
  const { t } = useLingui();
  return createPortal(
    <div className="toast-region" aria-live="polite">
      <MotionScope>
        <AnimatePresence initial={false}>
          {items.map((item) => (
            <ToastCard key={item.id} item={item} dismissLabel={t`Dismiss`} />
          ))}
        </AnimatePresence>
      </MotionScope>
    </div>,
    modal ?? overlayRoot(),
  );
}
