import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FormError, Icon, Page, SubmitButton, TextField } from '../../ui';
import { AreaCodeField, PhoneCodeFields } from './PhoneFields';
import { useRegisterForm } from './useRegisterForm';
import { AgreementField } from './AgreementField';
import { pathTo } from '../../routing/paths';
import { NewPasswordField } from './NewPasswordField';
import './auth.css';

export default function RegisterPage() {
  const { t } = useLingui();
  const register = useRegisterForm();
  const { closed, form, onSubmit, busy, error } = register;
  const { field, errorOf } = form;

  return (
    <Page title={t`Create account`} backTo={pathTo('login')} className="auth-page">
      {closed && (
        <div className="notice notice-warning" role="status">
          <Icon name="alert" size={20} />
          <span>{t`Registration is closed at the moment. Please contact customer service.`}</span>
        </div>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate>
        <ContactFields register={register} />
        <NewPasswordField label={t`Password`} input={field('password')} error={errorOf('password')} />
        <TextField
          label={t`Confirm password`}
          error={errorOf('spassword')}
          type="password"
          autoComplete="new-password"
          {...field('spassword')}
        />
        <TextField
          label={t`Invitation code`}
          error={errorOf('invitation')}
          autoCapitalize="none"
          spellCheck={false}
          {...field('invitation')}
        />
        <TextField
          label={t`Withdrawal password (optional)`}
          error={errorOf('payPwd')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          hint={t`At least 6 digits. You can also set it later.`}
          {...field('payPwd')}
        />
        <AgreementField
          input={field('agreed')}
          onAgree={() => form.setValue('agreed', true)}
          error={errorOf('agreed')}
        />
        <FormError message={error} />
        <SubmitButton busy={busy} disabled={closed}>
          {t`Register`}
        </SubmitButton>
      </form>
      <p className="auth-switch">
        {t`Already have an account?`} <Link href={pathTo('login')}>{t`Log in`}</Link>
      </p>
    </Page>
  );
}

/** Area code, account name, phone, and the code sent to it. */
function ContactFields({ register }: { register: ReturnType<typeof useRegisterForm> }) {
  const { t } = useLingui();
  const { form, quhao, pickQuhao, code } = register;
  const { field, errorOf } = form;
  return (
    <>
      <AreaCodeField quhao={quhao} onChange={pickQuhao} />
      <TextField
        label={t`Account`}
        error={errorOf('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t`Letters and digits, both required.`}
        {...field('username')}
      />
      <PhoneCodeFields field={field} errorOf={errorOf} code={code} />
    </>
  );
}
