import { useEffect } from 'react';
import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../shared/errors';
import { useConfig } from '../../data';
import { textOfCode } from '../../i18n';
import { Icon, Page, toast, useScreenActive } from '../../ui';

/** Deposits are disabled (SPEC.md section 1): the page only says so and points to customer service. */
export default function RechargePage() {
  const { t } = useLingui();
  const { back } = useParams<{ back?: string }>();
  const serviceUrl = useConfig().data?.serviceUrl ?? '';
  const active = useScreenActive();
  const warning = textOfCode(ErrorCode.ContactServiceForDeposit);

  // Each visit to the tab gives the warning toast, as tapping Recharge does everywhere else.
  useEffect(() => {
    if (active) toast.warn(textOfCode(ErrorCode.ContactServiceForDeposit));
  }, [active]);

  return (
    <Page title={t`Recharge`} back={back !== undefined}>
      <div className="notice notice-warning">
        <Icon name="alert" size={22} />
        <p>{warning}</p>
      </div>
      {serviceUrl && (
        <a className="btn btn-primary btn-block" href={serviceUrl} target="_blank" rel="noopener noreferrer">
          <Icon name="headset" size={20} />
          {t`Contact customer service`}
        </a>
      )}
    </Page>
  );
}
