import type { ReactNode } from 'react';
import { LazyMotion, MotionConfig } from 'framer-motion';

const loadMotionFeatures = () => import('./motion-features').then((module) => module.default);

/**
 * Where framer-motion's `m` components animate: its configuration (prefers-reduced-motion
 * honoured: transforms turn into fades) and the animation features, loaded on first use. Each
 * animated part wraps itself in one, so no motion code is on the first screen's path; imported by
 * path, not through the ui index, for the same reason.
 */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
