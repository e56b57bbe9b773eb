import { useLingui } from '@lingui/react/macro';
import { usePlayLimits } from '../../data';
import { Page, SyncedSection } from '../../ui';
import { pathTo } from '../../routing/paths';
import { LimitForm } from './LimitForm';
import { LimitList } from './LimitList';
import { PauseSection } from './PauseSection';
import { PlayHistory } from './PlayHistory';
import { RealityCheckField } from './RealityCheckField';
import './play.css';

/**
 * Responsible play (/responsible_play, from the account menu): the limits the member set with
 * what is used of each in this period, the pause, the reality check and the history of changes.
 * Read through the cache like the other private pages, so it opens offline (marked stale); the
 * changes are writes, refused offline.
 */
export default function PlayLimitsPage() {
  const { t } = useLingui();
  const play = usePlayLimits();
  return (
    <Page title={t`Responsible play`} backTo={pathTo('account')} className="play-page">
      <p className="page-lead">
        {t`Limits you set for yourself, a break from play, and a reminder of your time and result. They hold on every device.`}
      </p>
      <SyncedSection synced={play} unavailableTitle={t`Your limits are unavailable`}>
        {(data) => (
          <>
            <PauseSection key={data.pause?.until ?? 'none'} pause={data.pause} />
            <h2 className="section-title">{t`Your limits`}</h2>
            <LimitList limits={data.limits} />
            <LimitForm limits={data.limits} />
            <RealityCheckField minutes={data.realityCheck} />
            <PlayHistory history={data.history} />
          </>
        )}
      </SyncedSection>
    </Page>
  );
}
