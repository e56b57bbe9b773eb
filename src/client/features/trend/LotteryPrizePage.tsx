import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page } from '../../ui';

/** Trend page (tab bar); filled by the trend issue. */
export default function LotteryPrizePage() {
  const { t } = useLingui();
  return (
    <Page title={t`Trend`} back={false}>
      <EmptyState
        title={t`No figures yet`}
        text={t`Yesterday's and today's results and the price list will appear here.`}
        icon="chart"
      />
    </Page>
  );
}
