import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateRegister } from '../../../shared/validation';
import { ErrorCode, MessageKey, type Refusal } from '../../../shared/errors';
import { DEFAULT_QUHAO } from '../../../shared/constants';
import type { RegisterRequest } from '../../../shared/api/types';
import { ApiPath, startSession } from '../../api';
import { useConfig, useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { navigate, toast, useFieldErrors } from '../../ui';
import { pathTo } from '../../routing/paths';
import { useSmsCode } from './useSmsCode';

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

type FieldName = keyof RegisterForm;

/** Which field a refusal of the form's rules is about, so it is said under that field. */
const FIELD_OF: Partial<Record<Refusal['code'], FieldName>> = {
  [ErrorCode.UsernameLettersDigits]: 'username',
  [ErrorCode.PasswordAlphanumeric]: 'password',
  [ErrorCode.PasswordLength]: 'password',
  [ErrorCode.PasswordsInconsistent]: 'spassword',
  [MessageKey.Agreement]: 'agreed',
  [ErrorCode.ReferralCodeWrong]: 'invitation',
  [ErrorCode.EnterPhoneCorrectly]: 'phone',
  [ErrorCode.CaptchaWrong]: 'captcha',
  [ErrorCode.PaymentPasswordLength]: 'payPwd',
};

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
  const fields = useFieldErrors<FieldName>();
  const sms = useSmsCode();
  const register = useWrite(ApiPath.register);
  const quhao = form.quhao ?? (config?.defaultQuhao || DEFAULT_QUHAO);

  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) => {
      setForm((prev) => ({ ...prev, [key]: value }));
      // Typing in the refused field takes its message away.
      fields.forget(key);
    };

  /** Says a refusal under its field, or under the form when it concerns no single field. */
  function refuseWith(refusal: Refusal, fallback: (text: string) => void) {
    const field = FIELD_OF[refusal.code];
    if (field) fields.refuseAt(field, messageOf(refusal));
    else fallback(messageOf(refusal));
  }

  const sendCode = () =>
    sms.send(quhao, form.phone, {
      before: () => {
        register.setError(null);
        fields.clear();
      },
      refuse: (refusal) => refuseWith(refusal, sms.setError),
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (closed) return;
    sms.setError(null);
    fields.clear();
    const refusal = validateRegister({ ...form, quhao });
    if (refusal) return refuseWith(refusal, register.setError);
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
    toast.success(t`Account created`);
    navigate(pathTo('account'), { replace: true });
  }

  return {
    closed,
    form,
    set,
    quhao,
    code: { send: sendCode, sending: sms.sending, remaining: sms.remaining },
    onSubmit,
    busy: register.busy,
    error: register.error ?? sms.error,
    errorOf: fields.errorOf,
  };
}
