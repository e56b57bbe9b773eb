import { AnimatePresence, m } from 'framer-motion';
import { MotionScope } from '../../ui/MotionScope';
import { useFirstKeys } from '../../ui/useFirstKeys';
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
 * A round that arrives while the screen is open is revealed with motion; the first list is drawn as
 * it is, without motion (useFirstKeys).
 * Older rounds are verified by number (VerifyRoundForm).
 */
export function ResultsList({ roomid, history }: { roomid: number; history: readonly GameRound[] }) {
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const drawn = history.filter((round) => numbersOf(round) !== null).slice(0, SHOWN);
  const firstSeqnos = useFirstKeys(drawn.map((round) => round.seqno));
  return (
    <MotionScope>
      <section className="card results" aria-labelledby="results-title">
        <h2 id="results-title" className="card-title">
          {t`Latest results`}
        </h2>
        {drawn.length === 0 ? (
          <p className="text-muted">{t`No round has been drawn in this room yet.`}</p>
        ) : (
          <ol className="results-list" data-testid="results">
            <AnimatePresence initial={false}>
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
                return firstSeqnos === null || firstSeqnos.has(round.seqno) ? (
                  <li key={round.seqno} className={className} data-testid="result" data-seqno={round.seqno}>
                    {row}
                  </li>
                ) : (
                  <m.li
                    key={round.seqno}
                    className={className}
                    data-testid="result"
                    data-seqno={round.seqno}
                    initial={{ opacity: 0, y: -14 }}
                    animate={{ opacity: 1, y: 0 }}
                    exit={{ opacity: 0 }}
                    transition={{ duration: 0.35 }}
                  >
                    {row}
                  </m.li>
                );
              })}
            </AnimatePresence>
          </ol>
        )}
        <VerifyRoundForm roomid={roomid} />
      </section>
    </MotionScope>
  );
}
