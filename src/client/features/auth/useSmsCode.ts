import { useLingui } from '@lingui/react/macro';
import type { ApiRequestOf } from '../../../shared/api/types';
import { CAPTCHA_LOCK_SECONDS } from '../../../shared/constants';
import { retryAfterOf, type Refusal } from '../../../shared/errors';
import { validateCaptchaRequest } from '../../../shared/validation';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { toast, useCaptchaLock } from '../../ui';

export type Purpose = ApiRequestOf<typeof ApiPath.smsSend>['purpose'];

/**
 * The code sent to the member's number (registration, a reset): one send at a time, then locked
 * for the seconds the server says (a refusal for sending too soon, 2051, says them too), and said
 * as sent.
 */
export function useSmsCode(purpose?: Purpose) {
  const { t } = useLingui();
  const sms = useWrite(ApiPath.smsSend);
  const { remaining, lock } = useCaptchaLock();

  /**
   * Sends a code to the number: `before` runs once a send may start, and a refusal of the shared
   * rules goes to `refuse` (nothing is sent).
   */
  async function send(
    quhao: string,
    phone: string,
    on: { before: () => void; refuse: (refusal: Refusal) => void },
  ): Promise<void> {
    if (sms.busy || remaining > 0) return;
    on.before();
    const refusal = validateCaptchaRequest({ quhao, mobile: phone });
    if (refusal) return on.refuse(refusal);
    const result = await sms.send({ quhao, mobile: phone.trim(), ...(purpose ? { purpose } : {}) });
    if (!result.ok) {
      const wait = result.refused ? retryAfterOf(result.error.data) : null;
      if (wait !== null) lock(wait);
      return;
    }
    const lockSeconds = result.data?.lockSeconds;
    lock(lockSeconds && lockSeconds > 0 ? lockSeconds : CAPTCHA_LOCK_SECONDS);
    toast.success(t`Verification code sent`);
  }

  return { send, sending: sms.busy, remaining, error: sms.error, setError: sms.setError };
}
