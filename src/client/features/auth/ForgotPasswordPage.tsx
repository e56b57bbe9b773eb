import { useLingui } from '@lingui/react/macro';
import { FormError, Page, SubmitButton, TextField } from '../../ui';
import { AreaCodeField, PhoneCodeFields } from './PhoneFields';
import { useForgotPasswordForm } from './useForgotPasswordForm';
import { pathTo } from '../../routing/paths';
import { NewPasswordField } from './NewPasswordField';
import './auth.css';

/** Forgot password (/forgot_password): a code to the registered phone, then a new login password. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const { form, quhao, pickQuhao, code, onSubmit, busy, error } = useForgotPasswordForm();
  const { field, errorOf } = form;

  return (
    <Page title={t`Forgot password`} backTo={pathTo('login')} className="auth-page">
      <p className="page-lead">{t`We send a code to the phone number of your account.`}</p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <AreaCodeField quhao={quhao} onChange={pickQuhao} />
        <PhoneCodeFields field={field} errorOf={errorOf} code={code} />
        <NewPasswordField label={t`New password`} input={field('password')} error={errorOf('password')} />
        <TextField
          label={t`Repeat new password`}
          error={errorOf('repassword')}
          type="password"
          autoComplete="new-password"
          {...field('repassword')}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Reset password`}</SubmitButton>
      </form>
    </Page>
  );
}
