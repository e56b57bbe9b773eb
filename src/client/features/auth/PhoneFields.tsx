import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { COUNTRIES } from '../../../shared/countries';
import { SelectField, TextField } from '../../ui';

/** The area code of the member's number, from the countries the app knows. */
export function AreaCodeField({ quhao, onChange }: { quhao: string; onChange: (quhao: string) => void }) {
  const { t } = useLingui();
  return (
    <SelectField label={t`Area code`} name="quhao" value={quhao} onChange={(event) => onChange(event.target.value)}>
      {COUNTRIES.map((country) => (
        <option key={country.dial} value={country.dial}>
          {`${country.name} (${country.dial})`}
        </option>
      ))}
    </SelectField>
  );
}

/** The member's number and the code sent to it, with the send button counting down its lock. */
export function PhoneCodeFields({
  field,
  errorOf,
  code,
}: {
  /** The form's registration of each field (usePhoneCodeForm). */
  field: (name: 'phone' | 'captcha') => UseFormRegisterReturn;
  errorOf: (name: 'phone' | 'captcha') => string | null;
  code: { send: () => Promise<void>; sending: boolean; remaining: number };
}) {
  const { t } = useLingui();
  const { remaining, sending } = code;
  return (
    <>
      <TextField
        label={t`Phone number`}
        error={errorOf('phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        {...field('phone')}
      />
      <TextField
        label={t`Verification code`}
        error={errorOf('captcha')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...field('captcha')}
        trailing={
          <button
            type="button"
            className="btn btn-secondary btn-small field-action"
            onClick={() => void code.send()}
            disabled={sending || remaining > 0}
            aria-busy={sending || undefined}
          >
            {remaining > 0 ? t`Send code (${remaining} s)` : t`Send code`}
          </button>
        }
      />
    </>
  );
}
