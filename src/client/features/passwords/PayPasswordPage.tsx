import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validatePayPasswordChange } from '../../../shared/validation';
import type { ChangePayPasswordRequest } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { refreshProfile, useProfile, useWrite } from '../../data';
import { FormError, Page, SubmitButton, TextField, goBack, toast } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePasswordChangeForm } from './usePasswordChangeForm';

/** Withdrawal password: set it the first time (noPassword2 = 1, no old field) or change it. */
export default function PayPasswordPage() {
  const { t } = useLingui();
  const profile = useProfile();
  const firstTime = profile.data?.noPassword2 === 1;
  const { form, edit, errorOf, passes, reset } = usePasswordChangeForm();
  const { send, busy, error, setError } = useWrite(ApiPath.changePayPassword);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!passes(validatePayPasswordChange({ ...form, noPassword2: firstTime ? 1 : 0 }))) return;
    const body: ChangePayPasswordRequest = {
      newpwd: form.next,
      newpwd2: form.repeat,
      ...(firstTime ? {} : { srcpwd: form.old }),
    };
    if (!(await send(body)).ok) return;
    reset();
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
            error={errorOf('old')}
            onChange={(event) => edit('old', event.target.value)}
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
          error={errorOf('next')}
          onChange={(event) => edit('next', event.target.value)}
        />
        <TextField
          label={t`Repeat withdrawal password`}
          name="repeat"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={form.repeat}
          error={errorOf('repeat')}
          onChange={(event) => edit('repeat', event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy} disabled={!profile.data}>
          {t`Save`}
        </SubmitButton>
      </form>
    </Page>
  );
}
