import { useState } from 'react';
import { ErrorCode, MessageKey, type Refusal } from '../../../shared/errors';
import { messageOf } from '../../i18n';
import { useFieldErrors } from '../../ui';

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
 * The three fields of a password change (login or withdrawal password), with a refusal of the
 * form's rules said under the field it is about, gone as soon as the member edits that field.
 */
export function usePasswordChangeForm() {
  const [form, setForm] = useState(EMPTY);
  const fields = useFieldErrors<Field>();
  return {
    form,
    errorOf: fields.errorOf,
    edit: (field: Field, value: string) => {
      setForm((now) => ({ ...now, [field]: value }));
      fields.forget(field);
    },
    /** True when the rules let the change through; otherwise the refusal is shown at its field. */
    passes: (refusal: Refusal | null): boolean => {
      fields.clear();
      if (refusal) fields.refuseAt(fieldOf(refusal), messageOf(refusal));
      return refusal === null;
    },
    reset: () => setForm(EMPTY),
    /** Empties one field, and what was said under it (the first password's proof, on a change of how). */
    clearField: (field: Field) => {
      setForm((now) => ({ ...now, [field]: '' }));
      fields.forget(field);
    },
  };
}
