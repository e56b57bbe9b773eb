import type { DefaultValues, FieldPath, PathValue } from 'react-hook-form';
import type { Refusal } from '../../../shared/errors';
import { DEFAULT_QUHAO } from '../../../shared/constants';
import { useConfig } from '../../data';
import { refusalAt, useRefusingForm } from '../../ui/form';
import { useSmsCode, type Purpose } from './useSmsCode';

/** What registration and a password reset share: the number and the code sent to it. */
export interface PhoneCodeValues {
  /** '' until the member picks one: then the config's default area code applies. */
  quhao: string;
  phone: string;
  captcha: string;
}

/**
 * A form proven by a code sent to the member's phone (registration, a reset): the area code (the
 * operator's default until one is picked), the code's send with its lock, and every refusal, the
 * rules' or the send's, under the field its code is about (`fieldOf`) or under the form.
 */
export function usePhoneCodeForm<F extends PhoneCodeValues>(options: {
  defaultValues: DefaultValues<F>;
  validate: (values: F) => Refusal | null;
  fieldOf: Partial<Record<Refusal['code'], FieldPath<F>>>;
  purpose?: Purpose;
  /** The form's own write: what it said last leaves when a code is asked for. */
  write: { setError: (text: string | null) => void };
}) {
  const { validate, fieldOf } = options;
  const configured = useConfig().data?.defaultQuhao || DEFAULT_QUHAO;
  const withQuhao = (values: F): F => ({ ...values, quhao: values.quhao || configured });
  const form = useRefusingForm<F>({
    defaultValues: options.defaultValues,
    check: (values) => refusalAt(validate(withQuhao(values)), fieldOf),
    write: options.write,
  });
  const sms = useSmsCode(options.purpose);
  // The paths every such form has (F extends PhoneCodeValues; the library cannot see it through the generic).
  const quhaoPath = 'quhao' as FieldPath<F>;
  const quhao = (form.watch(quhaoPath) as string) || configured;

  const sendCode = () =>
    sms.send(quhao, form.getValues('phone' as FieldPath<F>), {
      before: () => {
        options.write.setError(null);
        form.clearErrors();
      },
      refuse: (refusal) => {
        const at = refusalAt(refusal, fieldOf)!;
        form.refuseAt(at.field, at.text);
      },
    });

  return {
    form,
    /**
     * The form's submit: `send` gets the values with the area code filled in, once the rules let
     * them through; what the code's send said before no longer stands.
     */
    submit: (send: (values: F) => Promise<void>) =>
      form.submit((values) => {
        sms.setError(null);
        return send(withQuhao(values));
      }),
    quhao,
    pickQuhao: (value: string) => form.setValue(quhaoPath, value as PathValue<F, FieldPath<F>>),
    code: { send: sendCode, sending: sms.sending, remaining: sms.remaining },
    /** The one line under the form: the rules' refusal about no one field, else what the code's send could not do. */
    formError: form.errorOf('root') ?? sms.error,
  };
}
