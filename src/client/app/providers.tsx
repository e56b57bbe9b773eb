import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { LazyMotion, MotionConfig } from 'framer-motion';
import { i18n } from '../i18n';

const loadMotionFeatures = () => import('./motion-features').then((module) => module.default);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      {/* Honour prefers-reduced-motion everywhere. */}
      <MotionConfig reducedMotion="user">
        <LazyMotion features={loadMotionFeatures} strict>
          {children}
        </LazyMotion>
      </MotionConfig>
    </I18nProvider>
  );
}
