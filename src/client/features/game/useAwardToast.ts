import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../ui';
import { fetchAward } from './gameApi';
import { formatMoney } from '../../i18n';

/**
 * When the next round arrives, the one just drawn may have paid the member: say so (SPEC.md
 * section 7, /api/Game/current: award shown as a toast), with the payout and the net gain over
 * what the member staked in that round, each labelled.
 */
export function useAwardToast(seqno: string | null, gametype: number | null): void {
  const { t } = useLingui();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const previous = seen.current;
    seen.current = seqno;
    if (!previous || !seqno || previous === seqno || gametype === null) return;
    fetchAward(previous, gametype).then(
      ({ awardCents, stakeCents }) => {
        if (awardCents <= 0) return;
        const payout = formatMoney(awardCents);
        const gain = awardCents - stakeCents;
        const net = `${gain > 0 ? '+' : ''}${formatMoney(gain)}`;
        toast.success(t`Round ${previous}: payout ${payout} USD, net gain ${net} USD.`);
      },
      () => undefined,
    );
  }, [seqno, gametype, t]);
}
