import { m } from 'framer-motion';
import { MotionScope } from '../../ui/MotionScope';
import { useLingui } from '@lingui/react/macro';
import type { DrawnNumbers } from './model';

/** The three numbers of a draw and their sum; `reveal` plays the result-reveal motion. */
export function DrawNumbers({
  numbers,
  sum,
  reveal = false,
}: {
  numbers: DrawnNumbers;
  sum: number;
  reveal?: boolean;
}) {
  const { t } = useLingui();
  const [a, b, c] = numbers;
  return (
    <MotionScope>
      <span className="draw" role="img" aria-label={t`${a} + ${b} + ${c} = ${sum}`}>
        {numbers.map((n, i) => (
          <m.span
            key={i}
            className="ball"
            initial={reveal ? { opacity: 0, scale: 0.3, rotate: -120 } : false}
            animate={{ opacity: 1, scale: 1, rotate: 0 }}
            transition={{ type: 'spring', stiffness: 420, damping: 22, delay: reveal ? 0.12 + i * 0.18 : 0 }}
          >
            {n}
          </m.span>
        ))}
        <span className="draw-eq" aria-hidden="true">
          =
        </span>
        <m.span
          className="ball ball-sum"
          initial={reveal ? { opacity: 0, scale: 0.6 } : false}
          animate={{ opacity: 1, scale: 1 }}
          transition={{ delay: reveal ? 0.7 : 0 }}
        >
          {sum}
        </m.span>
      </span>
    </MotionScope>
  );
}

/** A draw's place before any draw: the same row of balls, empty (the first draw then moves nothing). */
export function NoDrawNumbers() {
  return (
    <span className="draw" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <span key={i} className="ball">
          –
        </span>
      ))}
      <span className="draw-eq">=</span>
      <span className="ball ball-sum">–</span>
    </span>
  );
}
