import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '../../api';
import { useQuery } from '../../data';
import { Icon, Page, StaleBadge, SyncedSection, useScreenActive } from '../../ui';
import { PriceList } from './PriceList';
import { TrendChart } from './TrendChart';
import { trendQuery } from './trendApi';
import { pathTo } from '../../routing/paths';
import './trend.css';
import { formatUsd } from '../../i18n';

function Figure({ label, value, signed, testId }: { label: string; value: number; signed?: boolean; testId: string }) {
  const tone = signed ? (value > 0 ? ' is-positive' : value < 0 ? ' is-negative' : '') : '';
  return (
    <div>
      <dt>{label}</dt>
      <dd className={`figure${tone}`} data-testid={testId}>
        {signed && value > 0 ? '+' : ''}
        {formatUsd(value)}
      </dd>
    </div>
  );
}

function MemberFigures() {
  const { t } = useLingui();
  const trend = useQuery(trendQuery, { refreshOnVisibleAfterMs: 30_000 });
  const active = useScreenActive();

  // Kept alive: coming back after playing a round confirms the figures.
  const { refresh } = trend;
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void refresh();
    wasActive.current = active;
  }, [active, refresh]);

  return (
    <SyncedSection
      synced={trend}
      badge={false}
      unavailableTitle={t`Figures unavailable`}
      unavailableText={t`Your figures could not be loaded. Try again in a moment.`}
      offlineText={t`You are offline. Your figures will appear once you are back online.`}
      loading={<div className="card trend-figures-skeleton skeleton" aria-busy="true" aria-label={t`Loading`} />}
    >
      {(data) => (
        <section className="card trend-card" aria-label={t`My results`} data-testid="trend-figures">
          <StaleBadge status={trend.status} updatedAt={trend.updatedAt} validating={trend.isValidating} />
          <div className="trend-days">
            <div className="trend-day">
              <h3>{t`Yesterday`}</h3>
              <dl>
                <Figure label={t`Win/loss (USD)`} value={data.yeswin} signed testId="trend-yeswin" />
                <Figure label={t`Stakes (USD)`} value={data.yestotal} testId="trend-yestotal" />
              </dl>
            </div>
            <div className="trend-day">
              <h3>{t`Today`}</h3>
              <dl>
                <Figure label={t`Win/loss (USD)`} value={data.todaywin} signed testId="trend-todaywin" />
                <Figure label={t`Stakes (USD)`} value={data.todaytotal} testId="trend-todaytotal" />
              </dl>
            </div>
          </div>
          <TrendChart points={data.chartdata} />
        </section>
      )}
    </SyncedSection>
  );
}

function LogInCard() {
  const { t } = useLingui();
  return (
    <section className="card trend-login" data-testid="trend-login">
      <Icon name="user" size={28} />
      <p>{t`Log in to see your figures: yesterday's and today's wins and stakes, and a chart of your days.`}</p>
      <Link href={pathTo('login')} className="btn btn-primary btn-small">
        {t`Log in`}
      </Link>
    </section>
  );
}

/** Trend (/lotteryprize, tab bar): the member's own figures, then the live price list. */
export default function LotteryPrizePage() {
  const { t } = useLingui();
  const { member } = useSession();
  return (
    <Page title={t`Trend`} back={false} className="trend-page">
      <h2 className="section-title">{t`My results`}</h2>
      {member ? <MemberFigures /> : <LogInCard />}
      <PriceList />
    </Page>
  );
}
