import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validatePasswordReset } from '../../../shared/validation';
import { ErrorCode, type Refusal } from '../../../shared/errors';
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { ApiPath } from '../../api';
import { useConfig, useWrite } from '../../data';
import { messageOf } from '../../i18n';
import { navigate, toast, useFieldErrors } from '../../ui';
import { pathTo } from '../../routing/paths';
import { useSmsCode } from './useSmsCode';

interface ResetForm {
  /** null until the member picks one: then the config's default area code applies. */
  quhao: string | null;
  phone: string;
  captcha: string;
  password: string;
  repassword: string;
}
type FieldName = keyof ResetForm;

const EMPTY: ResetForm = { quhao: null, phone: '', captcha: '', password: '', repassword: '' };

/** Which field a refusal of the form's rules is about, so it is said under that field. */
const FIELD_OF: Partial<Record<Refusal['code'], FieldName>> = {
  [ErrorCode.EnterPhoneCorrectly]: 'phone',
  [ErrorCode.CaptchaWrong]: 'captcha',
  [ErrorCode.PasswordAlphanumeric]: 'password',
  [ErrorCode.PasswordLength]: 'password',
  [ErrorCode.PasswordsInconsistent]: 'repassword',
};

/**
 * A forgotten login password: the member's number, the code sent to it (locked between sends
 * like registration's), the new password twice; on success, back to log in with it.
 */
export function useForgotPasswordForm() {
  const { t } = useLingui();
  const config = useConfig().data;
  const [form, setForm] = useState<ResetForm>(EMPTY);
  const fields = useFieldErrors<FieldName>();
  const sms = useSmsCode('reset');
  const reset = useWrite(ApiPath.resetPassword);
  const quhao = form.quhao ?? (config?.defaultQuhao || DEFAULT_QUHAO);

  const set = (key: FieldName) => (value: string) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    fields.forget(key);
  };

  function refuseWith(refusal: Refusal, fallback: (text: string) => void) {
    const field = FIELD_OF[refusal.code];
    if (field) fields.refuseAt(field, messageOf(refusal));
    else fallback(messageOf(refusal));
  }

  const sendCode = () =>
    sms.send(quhao, form.phone, {
      before: () => {
        reset.setError(null);
        fields.clear();
      },
      refuse: (refusal) => refuseWith(refusal, sms.setError),
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    sms.setError(null);
    fields.clear();
    const refusal = validatePasswordReset({ ...form, quhao, mobile: form.phone });
    if (refusal) return refuseWith(refusal, reset.setError);
    const body = {
      quhao,
      mobile: form.phone.trim(),
      captcha: form.captcha.trim(),
      password: form.password,
      repassword: form.repassword,
    };
    if (!(await reset.send(body)).ok) return;
    setForm(EMPTY);
    toast.success(t`Password reset. Log in with the new one.`);
    navigate(pathTo('login'), { replace: true });
  }

  return {
    form,
    set,
    quhao,
    code: { send: sendCode, sending: sms.sending, remaining: sms.remaining },
    onSubmit,
    busy: reset.busy,
    error: reset.error ?? sms.error,
    errorOf: fields.errorOf,
  };
}
