import { useLingui } from '@lingui/react/macro';
import { COUNTRIES } from '../../../shared/countries';
import { FormError, Page, SelectField, SubmitButton, TextField } from '../../ui';
import { useForgotPasswordForm } from './useForgotPasswordForm';
import { pathTo } from '../../routing/paths';
import './auth.css';

/** Forgot password (/forgot_password): a code to the registered phone, then a new login password. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const { form, set, quhao, sendCode, sending, remaining, onSubmit, busy, error, errorOf } = useForgotPasswordForm();

  return (
    <Page title={t`Forgot password`} backTo={pathTo('login')} className="auth-page">
      <p className="page-lead">{t`We send a code to the phone number of your account.`}</p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <SelectField
          label={t`Area code`}
          name="quhao"
          value={quhao}
          onChange={(event) => set('quhao')(event.target.value)}
        >
          {COUNTRIES.map((country) => (
            <option key={country.dial} value={country.dial}>
              {`${country.name} (${country.dial})`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Phone number`}
          name="phone"
          error={errorOf('phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={form.phone}
          onChange={(event) => set('phone')(event.target.value)}
        />
        <TextField
          label={t`Verification code`}
          name="captcha"
          error={errorOf('captcha')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.captcha}
          onChange={(event) => set('captcha')(event.target.value)}
          trailing={
            <button
              type="button"
              className="btn btn-secondary btn-small field-action"
              onClick={() => void sendCode()}
              disabled={sending || remaining > 0}
              aria-busy={sending || undefined}
            >
              {remaining > 0 ? t`Send code (${remaining} s)` : t`Send code`}
            </button>
          }
        />
        <TextField
          label={t`New password`}
          name="password"
          error={errorOf('password')}
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          value={form.password}
          onChange={(event) => set('password')(event.target.value)}
        />
        <TextField
          label={t`Repeat new password`}
          name="repassword"
          error={errorOf('repassword')}
          type="password"
          autoComplete="new-password"
          value={form.repassword}
          onChange={(event) => set('repassword')(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Reset password`}</SubmitButton>
      </form>
    </Page>
  );
}
