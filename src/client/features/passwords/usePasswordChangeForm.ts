import { ErrorCode, MessageKey, type Refusal } from '../../../shared/errors';
import { messageOf } from '../../i18n';
import { useRefusingForm, type FieldRefusal } from '../../ui/form';

export interface PasswordChange {
  old: string;
  next: string;
  repeat: string;
}
type Field = keyof PasswordChange;

const EMPTY: PasswordChange = { old: '', next: '', repeat: '' };

/** The current password (or the code standing for it) when it is missing; the repeat when it differs; else the new one. */
function fieldOf(refusal: Refusal): Field {
  if (refusal.code === MessageKey.OriginalInputNull || refusal.code === ErrorCode.CaptchaWrong) return 'old';
  if (refusal.code === MessageKey.ConfirmError) return 'repeat';
  return 'next';
}

/**
 * The three fields of a password change (login or withdrawal password) under the shared rule
 * `validate`, a refusal said under the field it is about.
 */
export function usePasswordChangeForm(
  validate: (form: PasswordChange) => Refusal | null,
  write: { setError: (text: string | null) => void },
) {
  return useRefusingForm<PasswordChange>({
    defaultValues: EMPTY,
    check: (values): FieldRefusal<PasswordChange> => {
      const refusal = validate(values);
      return refusal && { field: fieldOf(refusal), text: messageOf(refusal) };
    },
    write,
  });
}
