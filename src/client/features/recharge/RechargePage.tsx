import { useEffect, useId } from 'react';
import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../shared/errors';
import { useConfig } from '../../data';
import { textOfCode } from '../../i18n';
import { Icon, Page, toast, useScreenActive, ContactServiceButton } from '../../ui';
import './recharge.css';

/**
 * Deposits are disabled (SPEC.md section 1): the page only gives the 2056 notice and points to
 * customer service. The spec's presets (100, 500, 2000, 5000) are deliberately not offered.
 */
export default function RechargePage() {
  const { t } = useLingui();
  const { back } = useParams<{ back?: string }>();
  const serviceUrl = useConfig().data?.serviceUrl ?? '';
  const active = useScreenActive();
  const warning = textOfCode(ErrorCode.ContactServiceForDeposit);
  const headingId = useId();

  // Each visit to the tab gives the warning toast, as tapping Recharge does everywhere else.
  useEffect(() => {
    if (active) toast.warn(textOfCode(ErrorCode.ContactServiceForDeposit));
  }, [active]);

  return (
    <Page title={t`Recharge`} back={back !== undefined}>
      <section className="recharge-card card" aria-labelledby={headingId}>
        <span className="recharge-icon" aria-hidden="true">
          <Icon name="wallet" size={30} />
        </span>
        <h2 id={headingId} className="recharge-heading">
          {t`Deposits through customer service`}
        </h2>
        <div className="notice notice-warning" data-testid="recharge-notice">
          <Icon name="alert" size={22} />
          <p>{warning}</p>
        </div>
        <ContactServiceButton serviceUrl={serviceUrl} />
      </section>
    </Page>
  );
}
