import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateCaptchaRequest, validateRegister } from '../../../shared/validation';
import { CAPTCHA_LOCK_SECONDS, DEFAULT_QUHAO } from '../../../shared/constants';
import type { RegisterRequest } from '../../../shared/api/types';
import { ApiPath, startSession } from '../../api';
import { refreshProfile, useConfig, useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { navigate, toast } from '../../ui';
import { useCaptchaLock } from './useCaptchaLock';
import { pathTo } from '../../routing/paths';

interface RegisterForm {
  /** null until the member picks one: then the config's default area code applies. */
  quhao: string | null;
  username: string;
  phone: string;
  captcha: string;
  password: string;
  spassword: string;
  invitation: string;
  payPwd: string;
  agreed: boolean;
}

const EMPTY: RegisterForm = {
  quhao: null,
  username: '',
  phone: '',
  captcha: '',
  password: '',
  spassword: '',
  invitation: '',
  payPwd: '',
  agreed: false,
};

/**
 * Registration's data and actions: the fields, the SMS code (with its lock between sends) and the
 * submit. One line of error under the form: whichever of the two calls spoke last.
 */
export function useRegisterForm() {
  const { t } = useLingui();
  const config = useConfig().data;
  const closed = config?.agreement === 2;
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const sms = useWrite(ApiPath.smsSend);
  const register = useWrite(ApiPath.register);
  const { remaining, lock } = useCaptchaLock();
  const quhao = form.quhao ?? (config?.defaultQuhao || DEFAULT_QUHAO);

  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) =>
      setForm((prev) => ({ ...prev, [key]: value }));

  async function sendCode() {
    if (sms.busy || remaining > 0) return;
    register.setError(null);
    const refusal = validateCaptchaRequest({ quhao, mobile: form.phone });
    if (refusal) return sms.setError(messageOf(refusal));
    const result = await sms.send({ quhao, mobile: form.phone.trim() });
    if (!result.ok) return;
    const lockSeconds = result.data?.lockSeconds;
    lock(lockSeconds && lockSeconds > 0 ? lockSeconds : CAPTCHA_LOCK_SECONDS);
    toast.success(t`Verification code sent`);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (closed) return;
    sms.setError(null);
    const refusal = validateRegister({ ...form, quhao });
    if (refusal) return register.setError(messageOf(refusal));
    const body: RegisterRequest = {
      quhao,
      username: form.username.trim(),
      phone: form.phone.trim(),
      captcha: form.captcha.trim(),
      password: form.password,
      spassword: form.spassword,
      invitation: form.invitation.trim(),
      ...(form.payPwd ? { payPwd: form.payPwd } : {}),
    };
    const result = await register.send(body);
    if (!result.ok) return;
    startSession(result.data.token);
    void refreshProfile();
    toast.success(t`Account created`);
    navigate(pathTo('account'), { replace: true });
  }

  return {
    closed,
    form,
    set,
    quhao,
    sendCode,
    sending: sms.busy,
    remaining,
    onSubmit,
    busy: register.busy,
    error: register.error ?? sms.error,
  };
}
