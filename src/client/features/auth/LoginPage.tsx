import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { validateLogin } from '../../../shared/validation';
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { api, ApiError, ApiPath, startSession } from '../../api';
import { refreshProfile } from '../../data';
import { messageOf, textOfCode } from '../../i18n';
import { FormError, Logo, Page, SubmitButton, TextField, navigate, toast } from '../../ui';
import './auth.css';

export default function LoginPage() {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const refusal = validateLogin({ username, password });
    if (refusal) {
      setError(messageOf(refusal));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { token } = await api.call(ApiPath.login, { quhao: DEFAULT_QUHAO, username: username.trim(), password });
      startSession(token);
      void refreshProfile();
      toast.success(t`Logged in`);
      navigate('/user', { replace: true });
    } catch (failure) {
      // Refusals were toasted by the API client; a network failure gets its words here.
      if (failure instanceof ApiError && failure.isNetwork && failure.kind !== 'offline')
        setError(textOfCode(failure.code));
    } finally {
      setBusy(false);
    }
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
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Log in`}</SubmitButton>
      </form>
      <p className="auth-switch">
        {t`No account yet?`} <Link href="/register">{t`Create an account`}</Link>
      </p>
    </Page>
  );
}
