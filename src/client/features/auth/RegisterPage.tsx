import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { validateCaptchaRequest, validateRegister } from '../../../shared/validation';
import { COUNTRIES } from '../../../shared/countries';
import { CAPTCHA_LOCK_SECONDS, DEFAULT_QUHAO } from '../../../shared/constants';
import type { RegisterRequest } from '../../../shared/api/types';
import { api, ApiError, ApiPath, startSession } from '../../api';
import { refreshProfile, useConfig } from '../../data';
import { messageOf, textOfCode } from '../../i18n';
import { CheckboxField, FormError, Icon, Page, SelectField, SubmitButton, TextField, navigate, toast } from '../../ui';
import { useCaptchaLock } from './useCaptchaLock';
import './auth.css';

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

export default function RegisterPage() {
  const { t } = useLingui();
  const config = useConfig().data;
  const closed = config?.agreement === 2;
  const [form, setForm] = useState<RegisterForm>({
    quhao: null,
    username: '',
    phone: '',
    captcha: '',
    password: '',
    spassword: '',
    invitation: '',
    payPwd: '',
    agreed: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const { remaining, lock } = useCaptchaLock();
  const quhao = form.quhao ?? (config?.defaultQuhao || DEFAULT_QUHAO);

  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) =>
      setForm((prev) => ({ ...prev, [key]: value }));

  function showFailure(failure: unknown) {
    if (failure instanceof ApiError && failure.isNetwork && failure.kind !== 'offline')
      setError(textOfCode(failure.code));
  }

  async function sendCode() {
    if (sending || remaining > 0) return;
    const refusal = validateCaptchaRequest({ quhao, mobile: form.phone });
    if (refusal) {
      setError(messageOf(refusal));
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await api.call(ApiPath.smsSend, { quhao, mobile: form.phone.trim() });
      lock(answer?.lockSeconds && answer.lockSeconds > 0 ? answer.lockSeconds : CAPTCHA_LOCK_SECONDS);
      toast.success(t`Verification code sent`);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || closed) return;
    const refusal = validateRegister({ ...form, quhao });
    if (refusal) {
      setError(messageOf(refusal));
      return;
    }
    setError(null);
    setBusy(true);
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
    try {
      const { token } = await api.call(ApiPath.register, body);
      startSession(token);
      void refreshProfile();
      toast.success(t`Account created`);
      navigate('/user', { replace: true });
    } catch (failure) {
      showFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t`Create account`} backTo="/login" className="auth-page">
      {closed && (
        <div className="notice notice-warning" role="status">
          <Icon name="alert" size={20} />
          <span>{t`Registration is closed at the moment. Please contact customer service.`}</span>
        </div>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate>
        <SelectField
          label={t`Area code`}
          name="quhao"
          value={quhao}
          onChange={(event) => set('quhao')(event.target.value)}
        >
          {COUNTRIES.map((country) => (
            <option key={country.dial} value={country.dial}>
              {`${country.flag} ${country.name} (${country.dial})`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Account`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t`Letters and digits, both required.`}
          value={form.username}
          onChange={(event) => set('username')(event.target.value)}
        />
        <TextField
          label={t`Phone number`}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={form.phone}
          onChange={(event) => set('phone')(event.target.value)}
        />
        <TextField
          label={t`Verification code`}
          name="captcha"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.captcha}
          onChange={(event) => set('captcha')(event.target.value)}
          trailing={
            <button
              type="button"
              className="btn btn-secondary btn-small field-action"
              onClick={() => void sendCode()}
              disabled={sending || remaining > 0}
              aria-busy={sending || undefined}
            >
              {remaining > 0 ? t`Send code (${remaining} s)` : t`Send code`}
            </button>
          }
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t`6-16 letters and digits.`}
          value={form.password}
          onChange={(event) => set('password')(event.target.value)}
        />
        <TextField
          label={t`Confirm password`}
          name="spassword"
          type="password"
          autoComplete="new-password"
          value={form.spassword}
          onChange={(event) => set('spassword')(event.target.value)}
        />
        <TextField
          label={t`Invitation code`}
          name="invitation"
          autoCapitalize="none"
          spellCheck={false}
          value={form.invitation}
          onChange={(event) => set('invitation')(event.target.value)}
        />
        <TextField
          label={t`Withdrawal password (optional)`}
          name="payPwd"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          hint={t`At least 6 digits. You can also set it later.`}
          value={form.payPwd}
          onChange={(event) => set('payPwd')(event.target.value)}
        />
        <CheckboxField
          label={t`I have read and agree to the member agreement`}
          name="agreement"
          checked={form.agreed}
          onChange={(event) => set('agreed')(event.target.checked)}
        />
        <FormError message={error} />
        <SubmitButton busy={busy} disabled={closed}>
          {t`Register`}
        </SubmitButton>
      </form>
      <p className="auth-switch">
        {t`Already have an account?`} <Link href="/login">{t`Log in`}</Link>
      </p>
    </Page>
  );
}
