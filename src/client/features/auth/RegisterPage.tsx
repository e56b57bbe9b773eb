import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FormError, Icon, Page, SubmitButton, TextField } from '../../ui';
import { AreaCodeField, PhoneCodeFields } from './PhoneFields';
import { useRegisterForm } from './useRegisterForm';
import { AgreementField } from './AgreementField';
import { pathTo } from '../../routing/paths';
import './auth.css';

export default function RegisterPage() {
  const { t } = useLingui();
  const register = useRegisterForm();
  const { closed, form, set, onSubmit, busy, error, errorOf } = register;

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
        <TextField
          label={t`Password`}
          name="password"
          error={errorOf('password')}
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          value={form.password}
          onChange={(event) => set('password')(event.target.value)}
        />
        <TextField
          label={t`Confirm password`}
          name="spassword"
          error={errorOf('spassword')}
          type="password"
          autoComplete="new-password"
          value={form.spassword}
          onChange={(event) => set('spassword')(event.target.value)}
        />
        <TextField
          label={t`Invitation code`}
          name="invitation"
          error={errorOf('invitation')}
          autoCapitalize="none"
          spellCheck={false}
          value={form.invitation}
          onChange={(event) => set('invitation')(event.target.value)}
        />
        <TextField
          label={t`Withdrawal password (optional)`}
          name="payPwd"
          error={errorOf('payPwd')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          hint={t`At least 6 digits. You can also set it later.`}
          value={form.payPwd}
          onChange={(event) => set('payPwd')(event.target.value)}
        />
        <AgreementField checked={form.agreed} onChange={set('agreed')} error={errorOf('agreed')} />
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
  const { form, set, quhao, code, errorOf } = register;
  return (
    <>
      <AreaCodeField quhao={quhao} onChange={set('quhao')} />
      <TextField
        label={t`Account`}
        name="username"
        error={errorOf('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t`Letters and digits, both required.`}
        value={form.username}
        onChange={(event) => set('username')(event.target.value)}
      />
      <PhoneCodeFields form={form} set={set} errorOf={errorOf} code={code} />
    </>
  );
}
