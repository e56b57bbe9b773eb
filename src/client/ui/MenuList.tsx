import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from './icons';
import { UnreadBadge } from './UnreadBadge';

/** A list of navigation rows (account menu, security page). */
export function MenuList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <nav className="menu-list" aria-label={label}>
      <ul>{children}</ul>
    </nav>
  );
}

export function MenuLink({
  to,
  icon,
  label,
  detail,
  unread,
}: {
  to: string;
  icon: IconName;
  label: string;
  detail?: string;
  /** Messages behind this row not read yet (a count beside the label). */
  unread?: number;
}) {
  return (
    <li>
      <Link href={to} className="menu-item">
        <span className="menu-icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="menu-label">{label}</span>
        <UnreadBadge count={unread} />
        {detail && <span className="menu-detail">{detail}</span>}
        <Icon name="chevron" size={18} className="menu-chevron" />
      </Link>
    </li>
  );
}
