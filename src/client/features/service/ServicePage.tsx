import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../../data';
import { EmptyState, Icon, Page } from '../../ui';

/** Online support: the customer-service link from app config. */
export default function ServicePage() {
  const { t } = useLingui();
  const serviceUrl = useConfig().data?.serviceUrl ?? '';
  return (
    <Page title={t`Customer service`}>
      {serviceUrl ? (
        <section className="card service-card">
          <Icon name="headset" size={32} />
          <p>{t`Our support team answers in a separate window.`}</p>
          <a className="btn btn-primary btn-block" href={serviceUrl} target="_blank" rel="noopener noreferrer">
            {t`Open customer service`}
          </a>
        </section>
      ) : (
        <EmptyState
          title={t`No support link configured`}
          text={t`The operator has not set a customer-service address yet.`}
          icon="headset"
        />
      )}
    </Page>
  );
}
