import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { Icon, UnreadBadge, type IconName } from '../ui';
import { pathTo } from '../routing/paths';
import { useConfig } from '../data/resources';
import { useMessageReads } from '../data/messageReads';

function TabLink({
  href,
  icon,
  label,
  active,
  unread,
}: {
  href: string;
  icon: IconName;
  label: string;
  active: boolean;
  /** Unread messages behind this tab: a count on its icon. */
  unread?: number;
}) {
  return (
    <li>
      <Link href={href} className={`tab${active ? ' is-active' : ''}`} aria-current={active ? 'page' : undefined}>
        <Icon name={icon} />
        <span>{label}</span>
        <UnreadBadge count={unread} className="tab-badge" />
      </Link>
    </li>
  );
}

/** Home, Recharge (warning only), Service (external, from the app config), My account (SPEC.md section 2). */
export function TabBar() {
  const serviceUrl = useConfig().data?.serviceUrl ?? '';
  const [location] = useLocation();
  const { t } = useLingui();
  const unread = useMessageReads().data?.unread;
  return (
    <nav className="tabbar" aria-label={t`Main`}>
      <ul>
        <TabLink href={pathTo('home')} icon="home" label={t`Home`} active={location === pathTo('home')} />
        <TabLink
          href={pathTo('recharge')}
          icon="wallet"
          label={t`Recharge`}
          active={location.startsWith(pathTo('recharge'))}
        />
        <li>
          {serviceUrl ? (
            <a className="tab" href={serviceUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="headset" />
              <span>{t`Service`}</span>
            </a>
          ) : (
            <Link href={pathTo('service')} className="tab">
              <Icon name="headset" />
              <span>{t`Service`}</span>
            </Link>
          )}
        </li>
        <TabLink
          href={pathTo('account')}
          icon="user"
          label={t({ message: 'My account', context: 'tab bar, keep short' })}
          active={location === pathTo('account')}
          unread={unread}
        />
      </ul>
    </nav>
  );
}
