import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validatePayPasswordChange } from '../../../shared/validation';
import type { ChangePayPasswordRequest } from '../../../shared/api/types';
import { api, ApiError, ApiPath } from '../../api';
import { refreshProfile, useProfile } from '../../data';
import { messageOf, textOfCode } from '../../i18n';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';

const EMPTY = { old: '', next: '', repeat: '' };

/** Withdrawal password: set it the first time (noPassword2 = 1, no old field) or change it. */
export default function PayPasswordPage() {
  const { t } = useLingui();
  const profile = useProfile();
  const firstTime = profile.data?.noPassword2 === 1;
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const refusal = validatePayPasswordChange({ ...form, noPassword2: firstTime ? 1 : 0 });
    if (refusal) {
      setError(messageOf(refusal));
      return;
    }
    setError(null);
    setBusy(true);
    const body: ChangePayPasswordRequest = {
      newpwd: form.next,
      newpwd2: form.repeat,
      ...(firstTime ? {} : { srcpwd: form.old }),
    };
    try {
      await api.call(ApiPath.changePayPassword, body);
      setForm(EMPTY);
      void refreshProfile();
      toast.success(firstTime ? t`Withdrawal password set` : t`Withdrawal password changed`);
      goBack('/my_set');
    } catch (failure) {
      if (failure instanceof ApiError && failure.isNetwork && failure.kind !== 'offline')
        setError(textOfCode(failure.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t`Withdrawal password`} backTo="/my_set">
      {firstTime && (
        <p className="page-lead">{t`You have no withdrawal password yet. Choose one of at least 6 digits.`}</p>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate>
        {!firstTime && (
          <TextField
            label={t`Current withdrawal password`}
            name="old"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={form.old}
            onChange={(event) => setForm({ ...form, old: event.target.value })}
          />
        )}
        <TextField
          label={t`New withdrawal password`}
          name="next"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          hint={t`At least 6 digits.`}
          value={form.next}
          onChange={(event) => setForm({ ...form, next: event.target.value })}
        />
        <TextField
          label={t`Repeat withdrawal password`}
          name="repeat"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={form.repeat}
          onChange={(event) => setForm({ ...form, repeat: event.target.value })}
        />
        <FormError message={error} />
        <SubmitButton busy={busy} disabled={!profile.data}>
          {t`Save`}
        </SubmitButton>
      </form>
    </Page>
  );
}
