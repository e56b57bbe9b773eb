import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../ui';
import { pathTo } from '../../routing/paths';
import { copyText } from '../../lib/copyText';

/** How long "Copied" stays beside the commitment. */
const COPIED_MS = 2_500;

/** A SHA-256 in hex as it fits a phone's line: its first and last eight characters. */
export function shortHash(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}

/**
 * The fairness promise of the open round, before anyone bets (DESIGN.md section 3): the SHA-256
 * commitment to its seed, published before it opened, in short form; a tap copies the whole (so a
 * member can keep it and compare after the draw) and says so. The link leads to the round's proof
 * page, which explains the check and runs it once the seed is revealed. Keyed by the commitment
 * where it is used, so a new round starts without the last one's "Copied".
 */
export function RoundCommitment({ roomid, seqno, commitment }: { roomid: number; seqno: string; commitment: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function onCopy() {
    const done = await copyText(commitment);
    setCopied(done ? 'yes' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    if (done) timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  }

  return (
    <section className="card commitment" aria-labelledby="commitment-title" data-testid="round-commitment">
      <h2 id="commitment-title" className="commitment-title">
        <Icon name="shield" size={18} />
        {t`Round ${seqno} is committed before any order`}
      </h2>
      <p className="commitment-label text-muted">{t`SHA-256 of its seed, revealed after the draw:`}</p>
      <div className="commitment-row">
        <button
          type="button"
          className="btn btn-ghost btn-small commitment-hash mono"
          onClick={() => void onCopy()}
          aria-label={t`Copy the whole commitment ${commitment}`}
          data-testid="commitment-copy"
          data-commitment={commitment}
        >
          {shortHash(commitment)}
          <Icon name="copy" size={18} />
        </button>
        <span className="commitment-copied" role="status" data-testid="commitment-copied">
          {copied === 'yes' ? t`Copied` : ''}
        </span>
      </div>
      {copied === 'failed' && (
        // The browser refused the clipboard: the whole value, to select by hand.
        <p className="mono commitment-full" data-testid="commitment-full">
          {commitment}
        </p>
      )}
      <Link href={pathTo('fairness', { roomid, seqno })} className="commitment-how" data-testid="commitment-how">
        {t`How to check it`}
      </Link>
    </section>
  );
}
