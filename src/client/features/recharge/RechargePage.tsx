import { useId } from 'react';
import { Link, useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../../shared/errors';
import { useConfig, useProfile } from '../../data';
import { textOfCode } from '../../i18n';
import { pathTo } from '../../routing/paths';
import { Icon, Page, ContactServiceButton } from '../../ui';
import './recharge.css';

/**
 * How to add money, said once. The app takes no deposits (SPEC.md section 1, 2056): the operator
 * credits a member's balance. The page gives the operator's own instructions (the
 * depositInstructions setting: method, hours, limits, what to quote) as written, the account name
 * to quote, and where the credit will be told (a message with its amount and reference). The
 * spec's presets (100, 500, 2000, 5000) are deliberately not offered.
 */
export default function RechargePage() {
  const { t } = useLingui();
  const { back } = useParams<{ back?: string }>();
  const config = useConfig().data;
  const account = useProfile().data?.name;
  const instructions = config?.depositInstructions.trim() ?? '';
  const headingId = useId();

  return (
    <Page title={t`Recharge`} back={back !== undefined}>
      <section className="recharge-card card" aria-labelledby={headingId}>
        <span className="recharge-icon" aria-hidden="true">
          <Icon name="wallet" size={30} />
        </span>
        <h2 id={headingId} className="recharge-heading">
          {t`How to add money`}
        </h2>
        <p className="recharge-notice" data-testid="recharge-notice">
          {textOfCode(ErrorCode.ContactServiceForDeposit)}
        </p>
        {instructions !== '' && (
          <div className="recharge-instructions">
            <h3 className="recharge-subheading">{t`The operator's instructions`}</h3>
            <p data-testid="deposit-instructions">{instructions}</p>
          </div>
        )}
        {account && (
          <p className="recharge-quote" data-testid="deposit-quote">
            {t`Quote your account name:`} <strong className="recharge-account">{account}</strong>
          </p>
        )}
        <p className="recharge-after">
          {t`Once the money is in your balance, you get a message with the amount and its reference.`}{' '}
          <Link href={pathTo('messages')}>{t`Messages`}</Link>
        </p>
        <ContactServiceButton serviceUrl={config?.serviceUrl ?? ''} />
      </section>
    </Page>
  );
}
