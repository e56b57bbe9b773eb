import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './icons';
import { goBack } from './navigation';
import { pathTo } from '../routing/paths';

/** A screen with its header: back button, one h1, optional actions on the right. */
export function Page({
  title,
  back = true,
  backTo = pathTo('home'),
  actions,
  children,
  className,
}: {
  title: string;
  back?: boolean;
  /** Where back goes when the page was opened directly. */
  backTo?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div className={`page${className ? ` ${className}` : ''}`}>
      <header className="page-header">
        {back ? (
          <button type="button" className="icon-btn" onClick={() => goBack(backTo)} aria-label={t`Back`}>
            <Icon name="back" />
          </button>
        ) : (
          <span className="icon-btn-spacer" aria-hidden="true" />
        )}
        <h1 className="page-title">{title}</h1>
        <div className="page-actions">{actions ?? <span className="icon-btn-spacer" aria-hidden="true" />}</div>
      </header>
      <main className="page-body">{children}</main>
    </div>
  );
}
