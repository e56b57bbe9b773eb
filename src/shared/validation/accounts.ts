/**
 * Account rules (SPEC.md section 5): login, registration, captcha request and password changes.
 * Each returns the first refusal in the order the spec lists them, or null when the input passes.
 */
import {
  CAPTCHA_ACCOUNT_MAX_DIGITS,
  CAPTCHA_ACCOUNT_MIN_DIGITS,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  PAY_PASSWORD_MIN_DIGITS,
} from '../constants';
import { ErrorCode, MessageKey, refuse, type Refusal } from '../errors';

const HAS_LETTER = /[A-Za-z]/;
const HAS_DIGIT = /\d/;
const LETTERS_AND_DIGITS_ONLY = /^[A-Za-z0-9]+$/;

function isAlphanumericMix(value: string): boolean {
  return LETTERS_AND_DIGITS_ONLY.test(value) && HAS_LETTER.test(value) && HAS_DIGIT.test(value);
}

export function isPhoneNumber(value: string): boolean {
  const pattern = new RegExp(`^\\d{${CAPTCHA_ACCOUNT_MIN_DIGITS},${CAPTCHA_ACCOUNT_MAX_DIGITS}}$`);
  return pattern.test(value);
}

/** Area codes look like +84: a plus and 1-4 digits. */
export function isQuhao(value: string): boolean {
  return /^\+\d{1,4}$/.test(value);
}

export interface LoginInput {
  username: string;
  password: string;
}

export function validateLogin(input: LoginInput): Refusal | null {
  if (input.username.trim() === '' || input.password === '') return refuse(ErrorCode.IncompleteParameters);
  if (input.password.length < LOGIN_PASSWORD_MIN) return refuse(ErrorCode.LoginPasswordLength);
  return null;
}

export interface RegisterInput {
  username: string;
  password: string;
  spassword: string;
  invitation: string;
  phone: string;
  captcha: string;
  quhao: string;
  /** Client only: the agreement checkbox; the server does not receive it. */
  agreed?: boolean;
  payPwd?: string;
}

export function validateRegister(input: RegisterInput): Refusal | null {
  const username = input.username.trim();
  if (username === '' || !isAlphanumericMix(username)) return refuse(ErrorCode.UsernameLettersDigits);
  if (input.password === '' || !isAlphanumericMix(input.password)) return refuse(ErrorCode.PasswordAlphanumeric);
  if (input.password.length < LOGIN_PASSWORD_MIN || input.password.length > LOGIN_PASSWORD_MAX) {
    return refuse(ErrorCode.PasswordLength);
  }
  if (input.spassword !== input.password) return refuse(ErrorCode.PasswordsInconsistent);
  if (input.agreed === false) return refuse(MessageKey.Agreement);
  if (input.invitation.trim() === '') return refuse(ErrorCode.ReferralCodeWrong);
  if (!isQuhao(input.quhao) || !isPhoneNumber(input.phone.trim())) return refuse(ErrorCode.EnterPhoneCorrectly);
  if (input.captcha.trim() === '') return refuse(ErrorCode.CaptchaWrong);
  if (input.payPwd !== undefined && input.payPwd !== '' && !isPayPassword(input.payPwd)) {
    return refuse(ErrorCode.PaymentPasswordLength);
  }
  return null;
}

export interface PasswordResetInput {
  quhao: string;
  mobile: string;
  captcha: string;
  password: string;
  repassword: string;
}

/** A forgotten login password reset with an SMS code: the number, the code, then register's password rules. */
export function validatePasswordReset(input: PasswordResetInput): Refusal | null {
  if (!isQuhao(input.quhao) || !isPhoneNumber(input.mobile.trim())) return refuse(ErrorCode.EnterPhoneCorrectly);
  if (input.captcha.trim() === '') return refuse(ErrorCode.CaptchaWrong);
  if (input.password === '' || !isAlphanumericMix(input.password)) return refuse(ErrorCode.PasswordAlphanumeric);
  if (input.password.length < LOGIN_PASSWORD_MIN || input.password.length > LOGIN_PASSWORD_MAX) {
    return refuse(ErrorCode.PasswordLength);
  }
  if (input.repassword !== input.password) return refuse(ErrorCode.PasswordsInconsistent);
  return null;
}

export function validateCaptchaRequest(input: { quhao: string; mobile: string }): Refusal | null {
  if (!isQuhao(input.quhao) || !isPhoneNumber(input.mobile.trim())) return refuse(ErrorCode.EnterPhoneCorrectly);
  return null;
}

export interface LoginPasswordChangeInput {
  old: string;
  next: string;
  repeat: string;
}

export function validateLoginPasswordChange(input: LoginPasswordChangeInput): Refusal | null {
  if (input.old === '') return refuse(MessageKey.OriginalInputNull);
  if (input.next === '' || input.repeat === '') return refuse(MessageKey.NewPwdInputNull);
  if (input.repeat !== input.next) return refuse(MessageKey.ConfirmError);
  if (!isAlphanumericMix(input.next)) return refuse(ErrorCode.PasswordAlphanumeric);
  if (input.next.length < LOGIN_PASSWORD_MIN || input.next.length > LOGIN_PASSWORD_MAX) {
    return refuse(ErrorCode.PasswordLength);
  }
  return null;
}

/** Withdrawal passwords are digits only, at least six (1058). */
export function isPayPassword(value: string): boolean {
  return new RegExp(`^\\d{${PAY_PASSWORD_MIN_DIGITS},}$`).test(value);
}

export interface PayPasswordChangeInput {
  /**
   * The current withdrawal password; while there is none yet (noPassword2 = 1), what proves who
   * sets the first: the login password, or the code sent by SMS when `byCode`.
   */
  old: string;
  next: string;
  repeat: string;
  /** 1 while the member has no withdrawal password yet. */
  noPassword2: 0 | 1;
  /** The first time only: `old` is a code sent to the member's phone, not the login password. */
  byCode?: boolean;
}

export function validatePayPasswordChange(input: PayPasswordChangeInput): Refusal | null {
  if (input.old.trim() === '') {
    return refuse(input.noPassword2 === 1 && input.byCode ? ErrorCode.CaptchaWrong : MessageKey.OriginalInputNull);
  }
  if (input.next === '' || input.repeat === '') return refuse(MessageKey.NewPwdInputNull);
  if (!isPayPassword(input.next)) return refuse(ErrorCode.PaymentPasswordLength);
  if (input.repeat !== input.next) return refuse(MessageKey.ConfirmError);
  return null;
}
