import { useLingui } from '@lingui/react/macro';
import { FormError, Page, SubmitButton, TextField } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePayPasswordForm } from './usePayPasswordForm';

/** A withdrawal password's field: digits, hidden, never offered by the browser's password manager. */
const PIN = { type: 'password', inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * Withdrawal password: set the first one (proven with the login password or an SMS code), or
 * change it with the old one (usePayPasswordForm).
 */
export default function PayPasswordPage() {
  const { t } = useLingui();
  const payPassword = usePayPasswordForm();
  const { form, firstTime, byCode, chooseProof, onSubmit, busy, error, ready } = payPassword;
  const { field, errorOf } = form;

  return (
    <Page title={t`Withdrawal password`} backTo={pathTo('settings')}>
      {firstTime && (
        <p className="page-lead">
          {t`You have no withdrawal password yet. Choose one of at least 6 digits. To show it is you, enter your login password, or a code sent to your registered phone.`}
        </p>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate>
        <ProofField payPassword={payPassword} />
        {firstTime && (
          <button
            type="button"
            className="btn btn-ghost btn-small btn-block"
            onClick={() => chooseProof(byCode ? 'password' : 'code')}
          >
            {byCode ? t`Use my login password instead` : t`Use an SMS code instead`}
          </button>
        )}
        <TextField
          label={t`New withdrawal password`}
          {...PIN}
          hint={t`At least 6 digits.`}
          error={errorOf('next')}
          {...field('next')}
        />
        <TextField label={t`Repeat withdrawal password`} {...PIN} error={errorOf('repeat')} {...field('repeat')} />
        <FormError message={error} />
        <SubmitButton busy={busy} disabled={!ready}>
          {t`Save`}
        </SubmitButton>
      </form>
    </Page>
  );
}

/** What proves it is the member: the old withdrawal password, or for the first one the login password or a code. */
function ProofField({ payPassword }: { payPassword: ReturnType<typeof usePayPasswordForm> }) {
  const { t } = useLingui();
  const { form, firstTime, byCode, code } = payPassword;
  const { remaining } = code;
  // One field, 'old', whatever proves it: a change of how empties it (usePayPasswordForm).
  const common = { error: form.errorOf('old'), ...form.field('old') };
  if (!firstTime) {
    return <TextField label={t`Current withdrawal password`} {...PIN} {...common} />;
  }
  if (!byCode) {
    return <TextField label={t`Login password`} type="password" autoComplete="current-password" {...common} />;
  }
  return (
    <TextField
      label={t`Verification code`}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...common}
      trailing={
        <button
          type="button"
          className="btn btn-secondary btn-small field-action"
          onClick={() => void code.send()}
          disabled={code.busy || remaining > 0}
          aria-busy={code.busy || undefined}
        >
          {remaining > 0 ? t`Send code (${remaining} s)` : t`Send code`}
        </button>
      }
    />
  );
}
