import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { MessageKey } from '../../../shared/errors';
import { validateLoginPasswordChange } from '../../../shared/validation';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { FormError, Page, SubmitButton, TextField, goBack, toast, useFieldErrors } from '../../ui';
import { pathTo } from '../../routing/paths';

const EMPTY = { old: '', next: '', repeat: '' };

export default function LoginPasswordPage() {
  const { t } = useLingui();
  const [form, setForm] = useState(EMPTY);
  const { send, busy, error, setError } = useWrite(ApiPath.changeLoginPassword);
  const fields = useFieldErrors<keyof typeof EMPTY>();
  const edit = (field: keyof typeof EMPTY, value: string) => {
    setForm({ ...form, [field]: value });
    fields.forget(field);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    fields.clear();
    const refusal = validateLoginPasswordChange(form);
    if (refusal) {
      setError(null);
      // The current password when it is missing; the repeat when it differs; else the new one.
      const field =
        refusal.code === MessageKey.OriginalInputNull
          ? 'old'
          : refusal.code === MessageKey.ConfirmError
            ? 'repeat'
            : 'next';
      return fields.refuseAt(field, messageOf(refusal));
    }
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
          error={fields.errorOf('old')}
          onChange={(event) => edit('old', event.target.value)}
        />
        <TextField
          label={t`New password`}
          name="next"
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          value={form.next}
          error={fields.errorOf('next')}
          onChange={(event) => edit('next', event.target.value)}
        />
        <TextField
          label={t`Repeat new password`}
          name="repeat"
          type="password"
          autoComplete="new-password"
          value={form.repeat}
          error={fields.errorOf('repeat')}
          onChange={(event) => edit('repeat', event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Save`}</SubmitButton>
      </form>
    </Page>
  );
}
