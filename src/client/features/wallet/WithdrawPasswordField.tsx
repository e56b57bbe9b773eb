import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui';

/** The withdrawal password a wallet form asks for: digits, hidden, never offered by the browser's password manager. */
export function WithdrawPasswordField({ input, error }: { input: UseFormRegisterReturn; error: string | null }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Withdrawal password`}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      error={error}
      {...input}
    />
  );
}
