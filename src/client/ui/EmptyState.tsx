import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** A titled empty panel: what is (not) here, in plain words. */
export function EmptyState({
  title,
  text,
  icon = 'inbox',
  action,
}: {
  title: string;
  text?: string;
  icon?: IconName;
  action?: ReactNode;
}) {
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state-icon">
        <Icon name={icon} size={30} />
      </div>
      <h2 className="empty-state-title">{title}</h2>
      {text && <p className="empty-state-text">{text}</p>}
      {action}
    </section>
  );
}
