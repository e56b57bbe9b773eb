import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { GameRound } from '../../../shared/api/types';
import { formatCountdown } from '../../../shared/game';
import { StaleBadge } from '../../ui';
import { DrawNumbers, NoDrawNumbers } from './DrawNumbers';
import { numbersOf, resultOutcomes, type RoundPhaseClock } from './model';
import { useOutcomeName } from '../../i18n';
import { useRoundClock } from './useRoundClock';
import type { RoundState } from './useRound';

/**
 * Round number, whether orders are taken and the order clock, with the last draw under it (the
 * result reveal plays there when a new draw arrives); stale when the round is not confirmed.
 * While open, the big figure counts down to when orders close (the time a member can act in), the
 * draw's countdown beside it; once closed, it counts down to the draw. Past the draw with no answer
 * since (offline), what the round is doing is unknown: it says so, with since when, rather than a
 * countdown stuck at 00:00.
 */
export function RoundPanel({
  game,
  round,
  clock,
  last,
}: {
  game: GameRound;
  /** How the round is known: its clock offset (for the countdown), and since when when stale. */
  round: Pick<RoundState, 'offset' | 'stale' | 'goodAt'>;
  clock: RoundPhaseClock;
  last?: GameRound;
}) {
  const { offset, stale, goodAt } = round;
  const { t } = useLingui();
  const nameOf = useOutcomeName();
  const { phase } = clock;
  const unknown = stale && phase === 'drawn';
  const shown = unknown ? 'unknown' : phase;
  const open = phase === 'open';
  const stateText = unknown
    ? t`State unknown`
    : open
      ? clock.closingSoon
        ? t`Orders closing`
        : t`Open for orders`
      : phase === 'closed'
        ? t`Closed for orders`
        : t`Drawing…`;
  const lastNumbers = last ? numbersOf(last) : null;
  const lastSeqno = last?.seqno ?? '';
  const seqno = game.seqno;
  return (
    <section className={`card round-panel is-${shown}`} data-testid="round-panel" aria-label={t`Current round`}>
      <div className="round-head">
        <p className="round-seq">
          <span className="round-label">{t`Round`}</span>
          <span className="round-seqno" data-testid="round-seqno">
            {seqno}
          </span>
        </p>
        <span
          className={`round-state is-${shown}${clock.closingSoon ? ' is-closing' : ''}`}
          data-testid="round-state"
          data-phase={shown}
        >
          {stateText}
        </span>
      </div>
      <Countdown round={game} offset={offset} stale={stale} />
      {stale && <StaleBadge status="stale" updatedAt={goodAt} />}
      {last && lastNumbers ? (
        <LastDraw
          label={t`Last draw ${lastSeqno}`}
          names={resultOutcomes(last).map(nameOf).join(' · ')}
          seqno={last.seqno}
        >
          <DrawNumbers
            key={last.seqno}
            numbers={lastNumbers}
            sum={last.sum ?? lastNumbers[0] + lastNumbers[1] + lastNumbers[2]}
            reveal
          />
        </LastDraw>
      ) : (
        // A room with no draw yet keeps the draw's place, so the first one moves nothing below it.
        <LastDraw label={t`Last draw`} names={t`No round drawn yet`}>
          <NoDrawNumbers />
        </LastDraw>
      )}
    </section>
  );
}

/** The room's last draw (or its empty place): a label, the numbers and the outcomes they made. */
function LastDraw({
  label,
  names,
  seqno,
  children,
}: {
  label: string;
  names: string;
  seqno?: string;
  children: ReactNode;
}) {
  const drawn = seqno !== undefined;
  return (
    <div
      className={drawn ? 'last-draw' : 'last-draw is-none'}
      data-testid={drawn ? 'last-draw' : 'last-draw-none'}
      data-seqno={seqno}
    >
      <span className="last-draw-label">{label}</span>
      {children}
      <span className="result-names">{names}</span>
    </div>
  );
}

/**
 * The figures that change every second, drawn on their own: the rest of the room is not drawn again
 * for them.
 */
function Countdown({ round, offset, stale }: { round: GameRound; offset: number; stale: boolean }) {
  const { t } = useLingui();
  const clock = useRoundClock(round, offset);
  if (!clock) return null;
  const { phase } = clock;
  const unknown = stale && phase === 'drawn';
  const shown = unknown ? 'unknown' : phase;
  const open = phase === 'open';
  const drawIn = formatCountdown(clock.secondsLeft);
  return (
    <>
      <div
        className={`countdown${clock.closingSoon ? ' is-closing' : ''}`}
        role="timer"
        aria-label={unknown ? t`Time left` : open ? t`Time left to order` : t`Time to the draw`}
        data-testid="countdown"
        data-phase={shown}
      >
        {unknown ? '--:--' : formatCountdown(open ? clock.secondsToClose : clock.secondsLeft)}
      </div>
      {phase !== 'drawn' && (
        <p className="countdown-caption" data-testid="countdown-caption">
          {open ? t`left to order · draw in ${drawIn}` : t`until the draw`}
        </p>
      )}
    </>
  );
}
