import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateLoginPasswordChange } from '../../../shared/validation';
import { api, ApiError, ApiPath } from '../../api';
import { messageOf, textOfCode } from '../../i18n';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';

const EMPTY = { old: '', next: '', repeat: '' };

export default function LoginPasswordPage() {
  const { t } = useLingui();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const refusal = validateLoginPasswordChange(form);
    if (refusal) {
      setError(messageOf(refusal));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api.call(ApiPath.changeLoginPassword, { passwd: form.old, npasswd: form.next });
      setForm(EMPTY);
      toast.success(t`Login password changed`);
      goBack('/my_set');
    } catch (failure) {
      if (failure instanceof ApiError && failure.isNetwork && failure.kind !== 'offline')
        setError(textOfCode(failure.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t`Login password`} backTo="/my_set">
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
