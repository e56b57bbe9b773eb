import { useLingui } from '@lingui/react/macro';
import { validateRegister } from '../../../shared/validation';
import { ErrorCode, MessageKey, type Refusal } from '../../../shared/errors';
import type { RegisterRequest } from '../../../shared/api/types';
import { ApiPath, startSession } from '../../api';
import { useConfig, useWrite } from '../../data';
import { navigate, toast } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePhoneCodeForm, type PhoneCodeValues } from './usePhoneCodeForm';

export interface RegisterForm extends PhoneCodeValues {
  username: string;
  password: string;
  spassword: string;
  invitation: string;
  payPwd: string;
  agreed: boolean;
}

/** Which field a refusal of the form's rules is about, so it is said under that field. */
const FIELD_OF: Partial<Record<Refusal['code'], keyof RegisterForm>> = {
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
  quhao: '',
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
  const closed = useConfig().data?.agreement === 2;
  const register = useWrite(ApiPath.register);
  const phoneForm = usePhoneCodeForm<RegisterForm>({
    defaultValues: EMPTY,
    validate: validateRegister,
    fieldOf: FIELD_OF,
    write: register,
  });

  const onSubmit = phoneForm.submit(async (values) => {
    if (closed) return;
    const { quhao, username, phone, captcha, password, spassword, invitation, payPwd } = values;
    const body: RegisterRequest = {
      quhao,
      username: username.trim(),
      phone: phone.trim(),
      captcha: captcha.trim(),
      password,
      spassword,
      invitation: invitation.trim(),
      ...(payPwd ? { payPwd } : {}),
    };
    const result = await register.send(body);
    if (!result.ok) return;
    startSession(result.data.token);
    toast.success(t`Account created`);
    navigate(pathTo('account'), { replace: true });
  });

  return { ...phoneForm, closed, onSubmit, busy: register.busy, error: register.error ?? phoneForm.formError };
}
