import { useLingui } from '@lingui/react/macro';
import { validatePasswordReset } from '../../../shared/validation';
import { ErrorCode, type Refusal } from '../../../shared/errors';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { navigate, toast } from '../../ui';
import { pathTo } from '../../routing/paths';
import { usePhoneCodeForm, type PhoneCodeValues } from './usePhoneCodeForm';

interface ResetForm extends PhoneCodeValues {
  password: string;
  repassword: string;
}

/** Which field a refusal of the form's rules is about, so it is said under that field. */
const FIELD_OF: Partial<Record<Refusal['code'], keyof ResetForm>> = {
  [ErrorCode.EnterPhoneCorrectly]: 'phone',
  [ErrorCode.CaptchaWrong]: 'captcha',
  [ErrorCode.PasswordAlphanumeric]: 'password',
  [ErrorCode.PasswordLength]: 'password',
  [ErrorCode.PasswordsInconsistent]: 'repassword',
};

const EMPTY: ResetForm = { quhao: '', phone: '', captcha: '', password: '', repassword: '' };

/**
 * A forgotten login password: the member's number, the code sent to it (locked between sends
 * like registration's), the new password twice; on success, back to log in with it.
 */
export function useForgotPasswordForm() {
  const { t } = useLingui();
  const reset = useWrite(ApiPath.resetPassword);
  const phoneForm = usePhoneCodeForm<ResetForm>({
    defaultValues: EMPTY,
    validate: (values) => validatePasswordReset({ ...values, mobile: values.phone }),
    fieldOf: FIELD_OF,
    purpose: 'reset',
    write: reset,
  });

  const onSubmit = phoneForm.submit(async (values) => {
    const { quhao, phone, captcha, password, repassword } = values;
    const body = { quhao, mobile: phone.trim(), captcha: captcha.trim(), password, repassword };
    if (!(await reset.send(body)).ok) return;
    phoneForm.form.reset(EMPTY);
    toast.success(t`Password reset. Log in with the new one.`);
    navigate(pathTo('login'), { replace: true });
  });

  return { ...phoneForm, onSubmit, busy: reset.busy, error: reset.error ?? phoneForm.formError };
}
