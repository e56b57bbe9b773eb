import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui';

/** A new login password (registration, a reset), with its rule said under it. */
export function NewPasswordField({
  label,
  input,
  error,
}: {
  label: string;
  input: UseFormRegisterReturn;
  error: string | null;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={label}
      error={error}
      type="password"
      autoComplete="new-password"
      hint={t`6-16 letters and digits.`}
      {...input}
    />
  );
}
