import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateLoginPasswordChange } from '../../../shared/validation';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';
import { pathTo } from '../../routing/paths';

const EMPTY = { old: '', next: '', repeat: '' };

export default function LoginPasswordPage() {
  const { t } = useLingui();
  const [form, setForm] = useState(EMPTY);
  const { send, busy, error, setError } = useWrite(ApiPath.changeLoginPassword);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refusal = validateLoginPasswordChange(form);
    if (refusal) return setError(messageOf(refusal));
    if (!(await send({ passwd: form.old, npasswd: form.next })).ok) return;
    setForm(EMPTY);
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
          onChange={(event) => setForm({ ...form, old: event.target.value })}
        />
        <TextField
          label={t`New password`}
          name="next"
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          value={form.next}
          onChange={(event) => setForm({ ...form, next: event.target.value })}
        />
        <TextField
          label={t`Repeat new password`}
          name="repeat"
          type="password"
          autoComplete="new-password"
          value={form.repeat}
          onChange={(event) => setForm({ ...form, repeat: event.target.value })}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Save`}</SubmitButton>
      </form>
    </Page>
  );
}
