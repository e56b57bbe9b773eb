/**
 * Which refusal a request of the wrong shape gets (SPEC.md section 8): a field that is missing,
 * empty (an empty string or list, null) or of the wrong type answers the code the spec gives that
 * field, where it gives one ("room number empty" for a room id, "select withdrawal method" for an
 * account), the same code the shared rules (validation/) give it when its value is wrong; any other
 * field, and a body that is not an object, is 1001. The request schemas (contract.ts) say which
 * fields are required; the server turns their problems into a refusal here (routes/parse.ts), so no
 * route checks a field again.
 */
import { ErrorCode, MessageKey, refuse, type Refusal } from '../errors';
import { ApiPath } from './paths';
import type { ApiRequestOf } from './types';

type FieldCode = ErrorCode | MessageKey;

/** A field of a path's request and its code. */
type FieldEntry<P extends ApiPath> = readonly [field: keyof ApiRequestOf<P> & string, code: FieldCode];

/**
 * Per path, the fields with a code of their own, in the order the path's rules check them: when
 * several fields are wrong, the first listed answers (so a withdrawal without an account says
 * "choose an account" whatever else is wrong, as the rules do).
 */
export const FIELD_CODES: { readonly [P in ApiPath]?: readonly FieldEntry<P>[] } = {
  [ApiPath.register]: [
    ['username', ErrorCode.UsernameLettersDigits],
    ['password', ErrorCode.PasswordAlphanumeric],
    ['spassword', ErrorCode.PasswordsInconsistent],
    ['invitation', ErrorCode.ReferralCodeWrong],
    ['quhao', ErrorCode.EnterPhoneCorrectly],
    ['phone', ErrorCode.EnterPhoneCorrectly],
    ['captcha', ErrorCode.CaptchaWrong],
    ['payPwd', ErrorCode.PaymentPasswordLength],
  ],
  [ApiPath.smsSend]: [
    ['quhao', ErrorCode.EnterPhoneCorrectly],
    ['mobile', ErrorCode.EnterPhoneCorrectly],
  ],
  [ApiPath.resetPassword]: [
    ['quhao', ErrorCode.EnterPhoneCorrectly],
    ['mobile', ErrorCode.EnterPhoneCorrectly],
    ['captcha', ErrorCode.CaptchaWrong],
    ['password', ErrorCode.PasswordAlphanumeric],
    ['repassword', ErrorCode.PasswordsInconsistent],
  ],
  [ApiPath.changeLoginPassword]: [
    ['passwd', MessageKey.OriginalInputNull],
    ['npasswd', MessageKey.NewPwdInputNull],
  ],
  [ApiPath.changePayPassword]: [
    ['srcpwd', MessageKey.OriginalInputNull],
    ['loginpwd', MessageKey.OriginalInputNull],
    ['captcha', ErrorCode.CaptchaWrong],
    ['newpwd', MessageKey.NewPwdInputNull],
    ['newpwd2', MessageKey.NewPwdInputNull],
  ],
  [ApiPath.gameInfo]: [['roomid', ErrorCode.RoomNumberEmpty]],
  [ApiPath.getRound]: [
    ['roomid', ErrorCode.RoomNumberEmpty],
    ['seqno', ErrorCode.PeriodEmpty],
  ],
  [ApiPath.vorder]: [['roomid', ErrorCode.RoomNumberEmpty]],
  [ApiPath.order]: [
    ['roomid', ErrorCode.RoomNumberEmpty],
    ['order_info', ErrorCode.BetInfoEmpty],
  ],
  [ApiPath.current]: [['gameseq', ErrorCode.PeriodEmpty]],
  [ApiPath.gameCancel]: [
    ['roomid', ErrorCode.RoomNumberEmpty],
    // The spec's cancel fails with 2003 whatever the reason (SPEC.md section 4, Cancel).
    ['order_id', ErrorCode.CancelFailed],
  ],
  [ApiPath.deleteBankCard]: [['id', ErrorCode.BankCardNotFound]],
  [ApiPath.addBankCard]: [
    ['address', ErrorCode.EnterAddress],
    ['pwd', ErrorCode.WithdrawPasswordEmpty],
  ],
  [ApiPath.withdraw]: [
    ['bank_id', ErrorCode.SelectWithdrawMethod],
    ['money', ErrorCode.WrongAmount],
    ['pwd', ErrorCode.WithdrawPasswordEmpty],
  ],
};

/** The code of one field of a path's request; 1001 for a field without one of its own. */
export function fieldCode(path: string, field: string): FieldCode {
  const entries: readonly (readonly [string, FieldCode])[] | undefined = FIELD_CODES[path as ApiPath];
  return entries?.find(([name]) => name === field)?.[1] ?? ErrorCode.IncompleteParameters;
}

/**
 * The refusal of a request whose schema found problems at these fields (the first key of each
 * problem's path; none for a body that is not an object): the first of the path's fields with a
 * code of its own, else 1001.
 */
export function refusalOfFields(path: string, fields: readonly PropertyKey[]): Refusal {
  const entries: readonly (readonly [string, FieldCode])[] | undefined = FIELD_CODES[path as ApiPath];
  const first = entries?.find(([name]) => fields.includes(name));
  return refuse(first?.[1] ?? ErrorCode.IncompleteParameters);
}
