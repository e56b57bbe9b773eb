import { Suspense } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { INTRODUCTION_ARTICLE_ID } from '../../../shared/content';
import { LOCALE_NAMES } from '../../../shared/locale';
import { FIRST_VIP_LEVEL } from '../../../shared/constants';
import { vipLevel } from '../../../shared/vip';
import { useSession } from '../../api';
import { useActivePause, useConfig, useProfile } from '../../data';
import { useLocale, formatUsd } from '../../i18n';
import { Icon, LanguageFlag, LevelBadge, levelName, navigate, PauseBanner, StaleBadge, type IconName } from '../../ui';
import { BannerCarousel } from './BannerCarousel';
import { BrandMark } from './BrandMark';
import { GameTiles } from './GameTiles';
import { WinnersTicker } from './WinnersTicker';
import { pathTo } from '../../routing/paths';
import './home.css';

/**
 * Home (SPEC.md section 2): logo by language, language switcher, banners, welcome bar (nickname,
 * VIP level, balance), game tiles, the winners ticker and the quick menu.
 */
export default function HomePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const languageName = LOCALE_NAMES[locale];
  const { member } = useSession();
  // The go-VIP action (SPEC.md section 2): a guest logs in first, a member sees the VIP rooms.
  const goVip = () => navigate(member ? pathTo('roomList', { type: 1 }) : pathTo('login'));
  // A cool-off or self-exclusion in force: said first, and home offers no play, VIP or promotion.
  const pause = useActivePause();

  return (
    <div className="page home-page">
      <header className="home-header">
        <BrandMark />
        <Link
          href={pathTo('language')}
          className="chip home-language"
          aria-label={t`Language: ${languageName}`}
          data-testid="home-language"
        >
          <LanguageFlag locale={locale} size={21} />
          <span className="home-language-name">{languageName}</span>
        </Link>
      </header>
      <main className="page-body">
        <h1 className="visually-hidden">{t`Home`}</h1>
        {/* Parts of their own (Suspense): a server-rendered home is taken over one part at a time, the
            browser free between them, not in one long task. */}
        <Suspense fallback={null}>{pause ? <PauseBanner pause={pause} /> : <BannerCarousel />}</Suspense>
        <Suspense fallback={null}>
          <WelcomeCard goVip={pause ? null : goVip} />
        </Suspense>
        {!pause && (
          <Suspense fallback={null}>
            <GameTiles />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <WinnersTicker />
        </Suspense>
        <Suspense fallback={null}>
          <QuickMenu goVip={pause ? null : goVip} />
        </Suspense>
      </main>
    </div>
  );
}

/** The member's name, VIP level and balance, or an invitation to log in. */
function WelcomeCard({ goVip }: { goVip: (() => void) | null }) {
  const { t, i18n } = useLingui();
  const { member } = useSession();
  const profile = useProfile();
  const user = member ? profile.data : undefined;
  const nickname = user ? user.nickname || user.name : '';
  const level = vipLevel(user?.level ?? FIRST_VIP_LEVEL);
  return (
    <section className="welcome card" aria-label={t`Welcome`}>
      {member ? (
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
            {user && (
              <p className="welcome-level">
                <LevelBadge level={level} size={24} />
                <span data-testid="home-level">{t`VIP ${level}`}</span>
                <span className="welcome-level-name">{levelName(i18n, level)}</span>
              </p>
            )}
            <p className="welcome-balance">
              <span className="welcome-label">{t`Balance (USD)`}</span>
              <span className="figure" data-testid="home-balance">
                {user ? formatUsd(user.money) : '—'}
              </span>
            </p>
            <StaleBadge status={profile.status} updatedAt={profile.updatedAt} validating={profile.isValidating} />
          </div>
          <div className="welcome-buttons">
            {goVip && (
              <button type="button" className="btn btn-primary" onClick={goVip} data-testid="go-vip">
                <Icon name="crown" size={18} />
                {t`Go VIP`}
              </button>
            )}
            <Link href={pathTo('account')} className="btn btn-secondary">
              {t`My account`}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="welcome-greeting">{t`Log in to see your balance and join a room.`}</p>
          <div className="welcome-actions">
            <Link href={pathTo('login')} className="btn btn-primary">
              {t`Log in`}
            </Link>
            <Link href={pathTo('register')} className="btn btn-secondary">
              {t`Register`}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

/** Customer service, the pages without a tab of their own, and the VIP rooms (none while play is paused). */
function QuickMenu({ goVip }: { goVip: (() => void) | null }) {
  const { t } = useLingui();
  const config = useConfig().data;
  // The trend, finance and messages pages have no tab of their own (SPEC.md section 2): home leads there.
  const quickLinks: { href: string; icon: IconName; label: string }[] = [
    { href: pathTo('info', { id: INTRODUCTION_ARTICLE_ID }), icon: 'info', label: t`About` },
    { href: pathTo('helpList'), icon: 'book', label: t`Help` },
    { href: pathTo('lotteryPrize'), icon: 'chart', label: t`Market trend` },
    { href: pathTo('messages'), icon: 'inbox', label: t`Messages` },
    { href: pathTo('language'), icon: 'globe', label: t`Language` },
  ];
  return (
    <nav className="quick-menu" aria-label={t`Quick menu`}>
      <ul>
        <li>
          {config?.serviceUrl ? (
            <a href={config.serviceUrl} target="_blank" rel="noopener noreferrer" className="quick-item">
              <Icon name="headset" />
              <span>{t`Customer service`}</span>
            </a>
          ) : (
            <Link href={pathTo('service')} className="quick-item">
              <Icon name="headset" />
              <span>{t`Customer service`}</span>
            </Link>
          )}
        </li>
        {quickLinks.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className="quick-item">
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </Link>
          </li>
        ))}
        {goVip && (
          <li>
            <button type="button" className="quick-item" onClick={goVip} data-testid="quick-vip">
              <Icon name="crown" />
              <span>{t`VIP rooms`}</span>
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
