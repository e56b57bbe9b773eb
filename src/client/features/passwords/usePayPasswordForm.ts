import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CAPTCHA_LOCK_SECONDS } from '../../../shared/constants';
import { validatePayPasswordChange } from '../../../shared/validation';
import type { ChangePayPasswordRequest } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useProfile, useWrite } from '../../data';
import { goBack, toast, useCaptchaLock } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePasswordChangeForm } from './usePasswordChangeForm';

/** How a member proves who sets the first withdrawal password. */
export type Proof = 'password' | 'code';

/**
 * The withdrawal password form's data and actions: the first one (noPassword2 = 1) is proven with
 * the login password or a code sent to the registered phone, so a session alone cannot set it; a
 * later change is proven with the old one.
 */
export function usePayPasswordForm() {
  const { t } = useLingui();
  const profile = useProfile();
  const firstTime = profile.data?.noPassword2 === 1;
  const [proof, setProof] = useState<Proof>('password');
  const byCode = firstTime && proof === 'code';
  const write = useWrite(ApiPath.changePayPassword);
  const form = usePasswordChangeForm(
    (values) => validatePayPasswordChange({ ...values, noPassword2: firstTime ? 1 : 0, byCode }),
    write,
  );
  const sms = useWrite(ApiPath.smsSend);
  const { remaining, lock } = useCaptchaLock('payPwdCodeLockUntil');

  function chooseProof(next: Proof) {
    setProof(next);
    write.setError(null);
    form.resetField('old');
  }

  async function sendCode() {
    if (sms.busy || remaining > 0) return;
    write.setError(null);
    const result = await sms.send({ purpose: 'paypwd' });
    if (!result.ok) return;
    lock(result.data.lockSeconds > 0 ? result.data.lockSeconds : CAPTCHA_LOCK_SECONDS);
    toast.success(t`A code was sent to your registered phone`);
  }

  const onSubmit = form.submit(async ({ old, next, repeat }) => {
    const proven: Partial<ChangePayPasswordRequest> = !firstTime
      ? { srcpwd: old }
      : byCode
        ? { captcha: old.trim() }
        : { loginpwd: old };
    if (!(await write.send({ newpwd: next, newpwd2: repeat, ...proven })).ok) return;
    form.reset();
    toast.success(firstTime ? t`Withdrawal password set` : t`Withdrawal password changed`);
    goBack(pathTo('settings'));
  });

  return {
    form,
    firstTime,
    byCode,
    chooseProof,
    code: { send: sendCode, busy: sms.busy, remaining },
    onSubmit,
    busy: write.busy,
    error: write.error ?? sms.error,
    ready: profile.data !== undefined,
  };
}
