import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validatePayPasswordChange } from '../../../shared/validation';
import type { ChangePayPasswordRequest } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { refreshProfile, useProfile, useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';
import { pathTo } from '../../routing/paths';

const EMPTY = { old: '', next: '', repeat: '' };

/** Withdrawal password: set it the first time (noPassword2 = 1, no old field) or change it. */
export default function PayPasswordPage() {
  const { t } = useLingui();
  const profile = useProfile();
  const firstTime = profile.data?.noPassword2 === 1;
  const [form, setForm] = useState(EMPTY);
  const { send, busy, error, setError } = useWrite(ApiPath.changePayPassword);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refusal = validatePayPasswordChange({ ...form, noPassword2: firstTime ? 1 : 0 });
    if (refusal) return setError(messageOf(refusal));
    const body: ChangePayPasswordRequest = {
      newpwd: form.next,
      newpwd2: form.repeat,
      ...(firstTime ? {} : { srcpwd: form.old }),
    };
    if (!(await send(body)).ok) return;
    setForm(EMPTY);
    void refreshProfile();
    toast.success(firstTime ? t`Withdrawal password set` : t`Withdrawal password changed`);
    goBack(pathTo('settings'));
  }

  return (
    <Page title={t`Withdrawal password`} backTo={pathTo('settings')}>
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
