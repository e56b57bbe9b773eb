import { useMotionKit } from '../../ui/useMotionKit';
import { useStillKeys } from '../../ui/useStillKeys';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { GameRound } from '../../../shared/api/types';
import { DrawNumbers } from './DrawNumbers';
import { VerifyRoundForm } from './VerifyRoundForm';
import { numbersOf, resultOutcomes } from './model';
import { useOutcomeName } from '../../i18n';
import { pathTo } from '../../routing/paths';

const SHOWN = 10;

/**
 * The latest drawn rounds, newest first: round number, the three numbers and their sum, the
 * winning outcomes named in the member's language, and a link to the round's fairness proof.
 * A round that arrives while the screen is open is revealed with motion; the first list, and what
 * arrives before the motion code has loaded, is drawn as it is (useStillKeys). A round pushed off
 * the end simply leaves.
 * Older rounds are verified by number (VerifyRoundForm).
 */
export function ResultsList({ roomid, history }: { roomid: number; history: readonly GameRound[] }) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const drawn = history.filter((round) => numbersOf(round) !== null).slice(0, SHOWN);
  const kit = useMotionKit();
  const stillSeqnos = useStillKeys(
    drawn.map((round) => round.seqno),
    kit !== null,
  );
  return (
    <section className="card results" aria-labelledby="results-title">
      <h2 id="results-title" className="card-title">
        {t`Latest results`}
      </h2>
      {drawn.length === 0 ? (
        <p className="text-muted">{t`No round has been drawn in this room yet.`}</p>
      ) : (
        <ol className="results-list" data-testid="results">
          {drawn.map((round, index) => {
            const numbers = numbersOf(round)!;
            const seqno = round.seqno;
            const sum = round.sum ?? numbers[0] + numbers[1] + numbers[2];
            const names = resultOutcomes(round).map(nameOf).join(' · ');
            const row = (
              <>
                <span className="result-seq">{round.seqno}</span>
                <DrawNumbers numbers={numbers} sum={sum} />
                <span className="result-names" data-testid="result-names">
                  {names}
                </span>
                <Link
                  href={pathTo('fairness', { roomid, seqno: round.seqno })}
                  className="result-proof"
                  aria-label={t`Check the fairness of round ${seqno}`}
                >
                  {t`Proof`}
                </Link>
              </>
            );
            const className = `result${index === 0 ? ' is-latest' : ''}`;
            return kit && !stillSeqnos.has(seqno) ? (
              <kit.MotionScope key={seqno}>
                <kit.m.li
                  className={className}
                  data-testid="result"
                  data-seqno={seqno}
                  initial={{ opacity: 0, y: -14 }}
                  animate={{ opacity: 1, y: 0 }}
                  transition={{ duration: 0.35 }}
                >
                  {row}
                </kit.m.li>
              </kit.MotionScope>
            ) : (
              <li key={seqno} className={className} data-testid="result" data-seqno={seqno}>
                {row}
              </li>
            );
          })}
        </ol>
      )}
      <VerifyRoundForm roomid={roomid} />
    </section>
  );
}
