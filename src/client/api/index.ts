import { createApiClient } from './client';
import { apiBase } from './base';
import { clearSession, getToken } from './session';
import { currentApiLang, textOfCode } from '../i18n';
import { toast } from '../ui/toast';
import { isBrowserOnline, reportRequestOutcome } from './online';

export { ApiError, OfflineError } from './errors';
export { failureText } from './failureText';
export { ApiPath } from '../../shared/api/paths';
export { useSession, getToken, startSession, clearSession } from './session';

type SessionEndHandler = () => void;
let sessionEndHandler: SessionEndHandler = () => clearSession();

/** The app installs what a dead session means (clear private rows, go to /login). */
export function onSessionEnd(handler: SessionEndHandler): void {
  sessionEndHandler = handler;
}

/** The app's API client: POST JSON with lang + token, 6 s timeout, envelope handling (SPEC.md section 7). */
export const api = createApiClient({
  base: () => apiBase(),
  getToken,
  getLang: currentApiLang,
  textOf: textOfCode,
  warn: (text) => toast.warn(text),
  onSessionEnd: () => sessionEndHandler(),
  isOffline: () => !isBrowserOnline(),
  onReachability: reportRequestOutcome,
});
export { newIdempotencyKey } from './idempotency';
