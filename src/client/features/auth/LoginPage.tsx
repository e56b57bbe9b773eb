import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { validateLogin } from '../../../shared/validation';
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { ApiPath, startSession } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { FormError, Logo, Page, SubmitButton, TextField, navigate, toast, useFieldErrors } from '../../ui';
import { pathTo } from '../../routing/paths';
import './auth.css';

export default function LoginPage() {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { send, busy, error, setError } = useWrite(ApiPath.login);
  // A refusal of the form's rules is said under the field it is about: the name when it is empty,
  // else the password.
  const fields = useFieldErrors<'username' | 'password'>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    fields.clear();
    const refusal = validateLogin({ username, password });
    if (refusal) {
      setError(null);
      return fields.refuseAt(username.trim() === '' ? 'username' : 'password', messageOf(refusal));
    }
    const result = await send({ quhao: DEFAULT_QUHAO, username: username.trim(), password });
    if (!result.ok) return;
    startSession(result.data.token);
    toast.success(t`Logged in`);
    navigate(pathTo('account'), { replace: true });
  }

  return (
    <Page title={t`Log in`} className="auth-page">
      <div className="auth-hero">
        <Logo size={56} />
        <p className="auth-lead">{t`Welcome back. Log in to see your balance and play.`}</p>
      </div>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t`Account`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={fields.errorOf('username')}
          onChange={(event) => {
            setUsername(event.target.value);
            fields.forget('username');
          }}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={fields.errorOf('password')}
          onChange={(event) => {
            setPassword(event.target.value);
            fields.forget('password');
          }}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Log in`}</SubmitButton>
      </form>
      <p className="auth-switch">
        <Link href={pathTo('forgotPassword')}>{t`Forgot password?`}</Link>
      </p>
      <p className="auth-switch">
        {t`No account yet?`} <Link href={pathTo('register')}>{t`Create an account`}</Link>
      </p>
    </Page>
  );
}
