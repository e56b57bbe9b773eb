import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatUsd } from '../../../shared/money';
import { toast } from '../../ui';
import { fetchAward } from './gameApi';

/**
 * When the next round arrives, the one just drawn may have paid the member: say so (SPEC.md
 * section 7, /api/Game/current: award shown as a toast).
 */
export function useAwardToast(seqno: string | null, gametype: number | null): void {
  const { t } = useLingui();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const previous = seen.current;
    seen.current = seqno;
    if (!previous || !seqno || previous === seqno || gametype === null) return;
    fetchAward(previous, gametype).then(
      (award) => {
        if (award <= 0) return;
        const amount = formatUsd(award);
        toast.success(t`You won ${amount} USD in round ${previous}.`);
      },
      () => undefined,
    );
  }, [seqno, gametype, t]);
}
