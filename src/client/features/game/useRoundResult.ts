import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../ui';
import { fetchRoundResult } from './gameApi';
import { formatMoney } from '../../i18n';
import { roundTally, type RoundTally } from './model';

/**
 * A round is settled at its draw; if the answer says not yet, or none comes, it is asked again after
 * each of these waits: soon at first, then further apart, for about a minute in all, so a server busy
 * at the draw (or a phone starved of CPU) still tells the member, at a handful of requests.
 */
const SETTLE_RETRIES_MS = [2_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** A round's result stays up longer than a passing toast: it is money. */
const RESULT_TOAST_MS = 8_000;

/**
 * When the next round arrives, what the round just drawn did for the member (SPEC.md section 7,
 * /api/Game/current: the award, shown as a toast): what was staked, what was paid back and the net,
 * worded and coloured by the net's sign, so a loss is never told as a gain and a pure loss is told
 * too. Only for a round the member played, which is handed to `onPlayed` (the room keeps its lines
 * in "My orders"). A round not yet settled, or whose result did not come, is asked for again
 * shortly. Rounds drawn after the one shown that this phone never showed (a stream dropped for a
 * round, a phone too busy to ask in time) are read from the room's recent rounds and told as well:
 * the member may have played them here or on another device.
 */
export function useRoundResult(
  seqno: string | null,
  gametype: number | null,
  handlers: {
    /** The room's recent drawn rounds, newest first (getGameinfo's `his`), of the same answer as `seqno`. */
    recent: readonly { seqno: string }[];
    onPlayed: (drawnSeqno: string) => void;
    /** Known to have been played without asking (ordered in during this visit). */
    playedHere: (drawnSeqno: string) => boolean;
  },
): void {
  const { t } = useLingui();
  const seen = useRef<string | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    const shown = seen.current;
    seen.current = seqno;
    if (!shown || !seqno || shown === seqno || gametype === null) return;

    const tell = (drawn: string) => {
      if (latest.current.playedHere(drawn)) latest.current.onPlayed(drawn);

      const say = (tally: RoundTally) => {
        const stake = formatMoney(tally.stakeCents);
        const paid = formatMoney(tally.paidCents);
        const net = formatMoney(Math.abs(tally.netCents));
        const options = { durationMs: RESULT_TOAST_MS };
        if (tally.verdict === 'won') {
          toast.success(t`Round ${drawn}: won. Staked ${stake} USD, paid ${paid} USD, net +${net} USD.`, options);
        } else if (tally.verdict === 'lost') {
          toast.loss(t`Round ${drawn}: lost. Staked ${stake} USD, paid ${paid} USD, net -${net} USD.`, options);
        } else {
          toast.info(t`Round ${drawn}: even. Staked ${stake} USD, paid back ${paid} USD, net ${net} USD.`, options);
        }
      };
      const ask = (retry: number) => {
        const again = () => {
          if (retry >= SETTLE_RETRIES_MS.length) return;
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            ask(retry + 1);
          }, SETTLE_RETRIES_MS[retry]);
          timers.current.add(timer);
        };
        fetchRoundResult(drawn, gametype).then(
          ({ stakeCents, awardCents, settled }) => {
            if (stakeCents <= 0) return;
            latest.current.onPlayed(drawn);
            if (settled) say(roundTally(stakeCents, awardCents));
            // Drawn but not settled yet: the lines are the member's, the payout not known.
            else again();
          },
          // No answer (a dropped connection, a busy server at the draw): the result is money, asked again.
          again,
        );
      };
      ask(0);
    };
    // Sequence numbers of one game sort as they were drawn (YYYYMMDD-NNNN).
    const missed = latest.current.recent
      .map((round) => round.seqno)
      .filter((drawn) => drawn > shown && drawn < seqno)
      .sort();
    new Set([shown, ...missed]).forEach(tell);
  }, [seqno, gametype, t]);
}
