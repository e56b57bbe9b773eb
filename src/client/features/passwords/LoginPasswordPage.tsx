import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateLoginPasswordChange } from '../../../shared/validation';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePasswordChangeForm } from './usePasswordChangeForm';

export default function LoginPasswordPage() {
  const { t } = useLingui();
  const { form, edit, errorOf, passes, reset } = usePasswordChangeForm();
  const { send, busy, error, setError } = useWrite(ApiPath.changeLoginPassword);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!passes(validateLoginPasswordChange(form))) return;
    if (!(await send({ passwd: form.old, npasswd: form.next })).ok) return;
    reset();
    toast.success(t`Login password changed`);
    goBack(pathTo('settings'));
  }

  return (
    <Page title={t`Login password`} backTo={pathTo('settings')}>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t`Current password`}
          name="old"
          type="password"
          autoComplete="current-password"
          value={form.old}
          error={errorOf('old')}
          onChange={(event) => edit('old', event.target.value)}
        />
        <TextField
          label={t`New password`}
          name="next"
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          value={form.next}
          error={errorOf('next')}
          onChange={(event) => edit('next', event.target.value)}
        />
        <TextField
          label={t`Repeat new password`}
          name="repeat"
          type="password"
          autoComplete="new-password"
          value={form.repeat}
          error={errorOf('repeat')}
          onChange={(event) => edit('repeat', event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Save`}</SubmitButton>
      </form>
    </Page>
  );
}
