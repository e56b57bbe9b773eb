import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CAPTCHA_LOCK_SECONDS } from '../../../shared/constants';
import { validatePayPasswordChange } from '../../../shared/validation';
import type { ChangePayPasswordRequest } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useProfile, useWrite } from '../../data';
import { FormError, Page, SubmitButton, TextField, goBack, toast, useCaptchaLock } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePasswordChangeForm } from './usePasswordChangeForm';

/** How a member proves who sets the first withdrawal password. */
type Proof = 'password' | 'code';

/**
 * Withdrawal password: set the first one (noPassword2 = 1), proven with the login password or a
 * code sent to the registered phone, so a session alone cannot set it; or change it with the old one.
 */
export default function PayPasswordPage() {
  const { t } = useLingui();
  const profile = useProfile();
  const firstTime = profile.data?.noPassword2 === 1;
  const [proof, setProof] = useState<Proof>('password');
  const byCode = firstTime && proof === 'code';
  const { form, edit, errorOf, passes, reset, clearField } = usePasswordChangeForm();
  const { send, busy, error, setError } = useWrite(ApiPath.changePayPassword);
  const sms = useWrite(ApiPath.smsSend);
  const { remaining, lock } = useCaptchaLock('payPwdCodeLockUntil');

  function chooseProof(next: Proof) {
    setProof(next);
    setError(null);
    clearField('old');
  }

  async function sendCode() {
    if (sms.busy || remaining > 0) return;
    setError(null);
    const result = await sms.send({ purpose: 'paypwd' });
    if (!result.ok) return;
    lock(result.data.lockSeconds > 0 ? result.data.lockSeconds : CAPTCHA_LOCK_SECONDS);
    toast.success(t`A code was sent to your registered phone`);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!passes(validatePayPasswordChange({ ...form, noPassword2: firstTime ? 1 : 0, byCode }))) return;
    const proven: Partial<ChangePayPasswordRequest> = !firstTime
      ? { srcpwd: form.old }
      : byCode
        ? { captcha: form.old.trim() }
        : { loginpwd: form.old };
    const body: ChangePayPasswordRequest = { newpwd: form.next, newpwd2: form.repeat, ...proven };
    if (!(await send(body)).ok) return;
    reset();
    toast.success(firstTime ? t`Withdrawal password set` : t`Withdrawal password changed`);
    goBack(pathTo('settings'));
  }

  return (
    <Page title={t`Withdrawal password`} backTo={pathTo('settings')}>
      {firstTime && (
        <p className="page-lead">
          {t`You have no withdrawal password yet. Choose one of at least 6 digits. To show it is you, enter your login password, or a code sent to your registered phone.`}
        </p>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate>
        {!firstTime ? (
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
        ) : byCode ? (
          <TextField
            label={t`Verification code`}
            name="captcha"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={form.old}
            error={errorOf('old')}
            onChange={(event) => edit('old', event.target.value)}
            trailing={
              <button
                type="button"
                className="btn btn-secondary btn-small field-action"
                onClick={() => void sendCode()}
                disabled={sms.busy || remaining > 0}
                aria-busy={sms.busy || undefined}
              >
                {remaining > 0 ? t`Send code (${remaining} s)` : t`Send code`}
              </button>
            }
          />
        ) : (
          <TextField
            label={t`Login password`}
            name="loginpwd"
            type="password"
            autoComplete="current-password"
            value={form.old}
            error={errorOf('old')}
            onChange={(event) => edit('old', event.target.value)}
          />
        )}
        {firstTime && (
          <button
            type="button"
            className="btn btn-ghost btn-small btn-block"
            onClick={() => chooseProof(byCode ? 'password' : 'code')}
          >
            {byCode ? t`Use my login password instead` : t`Use an SMS code instead`}
          </button>
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
        <FormError message={error ?? sms.error} />
        <SubmitButton busy={busy} disabled={!profile.data}>
          {t`Save`}
        </SubmitButton>
      </form>
    </Page>
  );
}
