import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from '../ui';

function TabLink({ href, icon, label, active }: { href: string; icon: IconName; label: string; active: boolean }) {
  return (
    <li>
      <Link href={href} className={`tab${active ? ' is-active' : ''}`} aria-current={active ? 'page' : undefined}>
        <Icon name={icon} />
        <span>{label}</span>
      </Link>
    </li>
  );
}

/** Home, Recharge (warning only), Service (external), My account (SPEC.md section 2). */
export function TabBar({ serviceUrl }: { serviceUrl: string }) {
  const [location] = useLocation();
  const { t } = useLingui();
  return (
    <nav className="tabbar" aria-label={t`Main`}>
      <ul>
        <TabLink href="/" icon="home" label={t`Home`} active={location === '/'} />
        <TabLink href="/recharge" icon="wallet" label={t`Recharge`} active={location.startsWith('/recharge')} />
        <li>
          {serviceUrl ? (
            <a className="tab" href={serviceUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="headset" />
              <span>{t`Service`}</span>
            </a>
          ) : (
            <Link href="/ServicePage" className="tab">
              <Icon name="headset" />
              <span>{t`Service`}</span>
            </Link>
          )}
        </li>
        <TabLink
          href="/user"
          icon="user"
          label={t({ message: 'My account', context: 'tab bar, keep short' })}
          active={location === '/user'}
        />
      </ul>
    </nav>
  );
}
