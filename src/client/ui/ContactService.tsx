import { useLingui } from '@lingui/react/macro';
import { Icon } from './icons';

/**
 * Where the app sends a member for what it cannot do online (deposits, mining-pool transfers):
 * the customer-service link from app config, or a plain line when none is configured.
 */
export function ContactServiceButton({ serviceUrl }: { serviceUrl: string | undefined }) {
  const { t } = useLingui();
  if (!serviceUrl) return <p className="text-muted">{t`The customer-service link is not available right now.`}</p>;
  return (
    <a className="btn btn-primary btn-block" href={serviceUrl} target="_blank" rel="noopener noreferrer">
      <Icon name="headset" size={20} />
      {t`Contact customer service`}
    </a>
  );
}
