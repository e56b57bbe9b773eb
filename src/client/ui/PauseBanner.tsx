import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { PlayPause } from '../../shared/api/types';
import { formatDateTime, PAUSE_NAMES } from '../i18n';
import { pathTo } from '../routing/paths';
import { Icon } from './icons';
import './pause-banner.css';

/** What a pause in force means for orders, in one sentence with its end: the reason Buy gives too. */
export function usePauseText(): (pause: PlayPause) => string {
  const { t, i18n } = useLingui();
  return (pause) => {
    const kind = i18n._(PAUSE_NAMES[pause.kind]);
    const until = formatDateTime(pause.until);
    return t`${kind} until ${until}: orders are refused until then.`;
  };
}

/**
 * A cool-off or self-exclusion in force, said where play is offered (home, every room): its kind
 * and end, and the way to the responsible-play page. The screens that show it offer no play, VIP
 * or install prompt meanwhile.
 */
export function PauseBanner({ pause }: { pause: PlayPause }) {
  const { t } = useLingui();
  const text = usePauseText()(pause);
  return (
    <section className="card pause-banner" role="status" data-testid="pause-banner" aria-label={t`Play is paused`}>
      <Icon name="timer" size={20} />
      <div>
        <p className="pause-banner-title">{t`Play is paused`}</p>
        <p className="pause-banner-text">{text}</p>
        <Link href={pathTo('responsiblePlay')} className="pause-banner-link">
          {t`Responsible play`}
        </Link>
      </div>
    </section>
  );
}
