import { useLingui } from '@lingui/react/macro';
import { FormError, Page, SubmitButton, TextField } from '../../ui';
import { AreaCodeField, PhoneCodeFields } from './PhoneFields';
import { useForgotPasswordForm } from './useForgotPasswordForm';
import { pathTo } from '../../routing/paths';
import './auth.css';

/** Forgot password (/forgot_password): a code to the registered phone, then a new login password. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const { form, set, quhao, code, onSubmit, busy, error, errorOf } = useForgotPasswordForm();

  return (
    <Page title={t`Forgot password`} backTo={pathTo('login')} className="auth-page">
      <p className="page-lead">{t`We send a code to the phone number of your account.`}</p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <AreaCodeField quhao={quhao} onChange={set('quhao')} />
        <PhoneCodeFields form={form} set={set} errorOf={errorOf} code={code} />
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
