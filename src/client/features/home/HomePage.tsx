import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES } from '../../../shared/locale';
import { formatUsd } from '../../../shared/money';
import { useSession } from '../../api';
import { useConfig, useProfile } from '../../data';
import { useLocale } from '../../i18n';
import { Icon, Logo, StaleBadge, navigate } from '../../ui';
import { GameTiles } from './GameTiles';
import './home.css';

/** Home for now: brand, language switcher, welcome bar, game tiles and quick menu. Banners come later. */
export default function HomePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const config = useConfig().data;
  const { token } = useSession();
  const profile = useProfile();
  const user = token ? profile.data : undefined;
  const languageName = LOCALE_NAMES[locale];
  const nickname = user ? user.nickname || user.name : '';

  return (
    <div className="page home-page">
      <header className="home-header">
        <div className="home-brand">
          <Logo size={36} />
          <span className="home-site">{config?.siteName || 'RoundPlay'}</span>
        </div>
        <Link href="/languageSet" className="chip" aria-label={t`Language: ${languageName}`}>
          <Icon name="globe" size={18} />
          <span>{languageName}</span>
        </Link>
      </header>
      <main className="page-body">
        <h1 className="visually-hidden">{t`Home`}</h1>
        <section className="welcome card" aria-label={t`Welcome`}>
          {token ? (
            <>
              <div className="welcome-text">
                <p className="welcome-greeting">
                  {user ? (
                    <Trans>
                      Welcome back, <strong data-testid="home-nickname">{nickname}</strong>
                    </Trans>
                  ) : (
                    t`Welcome back`
                  )}
                </p>
                <p className="welcome-balance">
                  <span className="welcome-label">{t`Balance (USD)`}</span>
                  <span className="figure" data-testid="home-balance">
                    {user ? formatUsd(user.money) : '—'}
                  </span>
                </p>
                <StaleBadge status={profile.status} updatedAt={profile.updatedAt} validating={profile.isValidating} />
              </div>
              <Link href="/user" className="btn btn-secondary btn-small">
                {t`My account`}
              </Link>
            </>
          ) : (
            <>
              <p className="welcome-greeting">{t`Log in to see your balance and join a room.`}</p>
              <div className="welcome-actions">
                <Link href="/login" className="btn btn-primary">
                  {t`Log in`}
                </Link>
                <Link href="/register" className="btn btn-secondary">
                  {t`Register`}
                </Link>
              </div>
            </>
          )}
        </section>

        <GameTiles />

        <nav className="quick-menu" aria-label={t`Quick menu`}>
          <ul>
            <li>
              {config?.serviceUrl ? (
                <a href={config.serviceUrl} target="_blank" rel="noopener noreferrer" className="quick-item">
                  <Icon name="headset" />
                  <span>{t`Customer service`}</span>
                </a>
              ) : (
                <Link href="/ServicePage" className="quick-item">
                  <Icon name="headset" />
                  <span>{t`Customer service`}</span>
                </Link>
              )}
            </li>
            <li>
              <Link href="/info/26" className="quick-item">
                <Icon name="book" />
                <span>{t`Introduction`}</span>
              </Link>
            </li>
            <li>
              <Link href="/languageSet" className="quick-item">
                <Icon name="globe" />
                <span>{t`Language`}</span>
              </Link>
            </li>
            <li>
              <button type="button" className="quick-item" onClick={() => navigate(token ? '/room_list/1' : '/login')}>
                <Icon name="crown" />
                <span>{t`VIP rooms`}</span>
              </button>
            </li>
          </ul>
        </nav>
      </main>
    </div>
  );
}
