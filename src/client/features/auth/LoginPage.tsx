import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { validateLogin } from '../../../shared/validation';
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { ApiPath, startSession } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { FormError, Logo, Page, SubmitButton, TextField, navigate, toast } from '../../ui';
import { useRefusingForm, type FieldRefusal } from '../../ui/form';
import { pathTo } from '../../routing/paths';
import './auth.css';

interface LoginForm {
  username: string;
  password: string;
}

/** The rules' refusal is said under the name when it is empty, else under the password. */
function checkLogin(form: LoginForm): FieldRefusal<LoginForm> {
  const refusal = validateLogin(form);
  if (!refusal) return null;
  return { field: form.username.trim() === '' ? 'username' : 'password', text: messageOf(refusal) };
}

export default function LoginPage() {
  const { t } = useLingui();
  const write = useWrite(ApiPath.login);
  const form = useRefusingForm<LoginForm>({ defaultValues: { username: '', password: '' }, check: checkLogin, write });

  const onSubmit = form.submit(async ({ username, password }) => {
    const result = await write.send({ quhao: DEFAULT_QUHAO, username: username.trim(), password });
    if (!result.ok) return;
    startSession(result.data.token);
    toast.success(t`Logged in`);
    navigate(pathTo('account'), { replace: true });
  });

  return (
    <Page title={t`Log in`} className="auth-page">
      <div className="auth-hero">
        <Logo size={56} />
        <p className="auth-lead">{t`Welcome back. Log in to see your balance and play.`}</p>
      </div>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t`Account`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={form.errorOf('username')}
          {...form.field('username')}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          error={form.errorOf('password')}
          {...form.field('password')}
        />
        <FormError message={write.error} />
        <SubmitButton busy={write.busy}>{t`Log in`}</SubmitButton>
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
