import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Sheet } from '../../ui';
import { SheetLoading } from './SheetLoading';

/** The list reads the device's order history (Dexie): its code loads when the sheet first opens, not with the room. */
const OrderHistoryList = lazy(() => import('./OrderHistoryList'));

/** The member's order history of this game (getGamelog), newest first, from the device: what was synced opens offline. */
export function RecordSheet({ open, gametype, onClose }: { open: boolean; gametype?: number; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Sheet open={open} title={t`Order history`} onClose={onClose} testId="order-history">
      {/* Mounted while open only, so each opening asks for the newest orders (the last seen show meanwhile). */}
      <Suspense fallback={<SheetLoading />}>
        <OrderHistoryList gametype={gametype} />
      </Suspense>
    </Sheet>
  );
}
