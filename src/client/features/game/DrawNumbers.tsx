import { useState, type ReactNode } from 'react';
import { useMotionKit, type MotionKit } from '../../ui/useMotionKit';
import { useLingui } from '@lingui/react/macro';
import type { DrawnNumbers } from './model';

/**
 * The three numbers of a draw and their sum; `reveal` plays the result-reveal motion. A draw shown
 * as it is (every row of the results list) is plain markup: ten rows of four animated balls were a
 * quarter of a slow phone's work in drawing the room. A draw revealed before the motion code has
 * loaded (the room's last draw on its first paint) is shown as it is too, and stays so: the kit it
 * found when it was first drawn decides.
 */
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
  const loadedKit = useMotionKit();
  const [kitWhenDrawn] = useState(loadedKit);
  const kit = reveal ? kitWhenDrawn : null;
  const [a, b, c] = numbers;
  const draw = (
    <span className="draw" role="img" aria-label={t`${a} + ${b} + ${c} = ${sum}`}>
      {numbers.map((n, i) => (
        <Ball key={i} kit={kit} from={{ opacity: 0, scale: 0.3, rotate: -120 }} delay={0.12 + i * 0.18} spring>
          {n}
        </Ball>
      ))}
      <span className="draw-eq" aria-hidden="true">
        =
      </span>
      <Ball kit={kit} from={{ opacity: 0, scale: 0.6 }} delay={0.7} sum>
        {sum}
      </Ball>
    </span>
  );
  return kit ? <kit.MotionScope>{draw}</kit.MotionScope> : draw;
}

/** One ball: animated in from `from` when revealed with the kit, plain otherwise. */
function Ball({
  kit,
  from,
  delay,
  spring = false,
  sum = false,
  children,
}: {
  kit: MotionKit | null;
  from: { opacity: number; scale: number; rotate?: number };
  delay: number;
  spring?: boolean;
  sum?: boolean;
  children: ReactNode;
}) {
  const className = sum ? 'ball ball-sum' : 'ball';
  if (!kit) return <span className={className}>{children}</span>;
  return (
    <kit.m.span
      className={className}
      initial={from}
      animate={{ opacity: 1, scale: 1, rotate: 0 }}
      transition={spring ? { type: 'spring', stiffness: 420, damping: 22, delay } : { delay }}
    >
      {children}
    </kit.m.span>
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
