import { createApiClient } from './client';
import { currentApiLang, textOfCode } from '../i18n';
import { toast } from '../ui/toast';
import { apiBase, online, pageAnswers, session } from '../stores';

export { ApiError, OfflineError } from './errors';
export { failureText } from './failureText';
export { ApiPath } from '../../shared/api/paths';
export { useSession, getToken, startSession, clearSession } from './session';

/** The app installs what a dead session means (clear private rows, go to /login). */
export const onSessionEnd = (handler: () => void): (() => void) => session.onEnded(handler);

/** The app's API client: POST JSON with lang + token, 6 s timeout, envelope handling (SPEC.md section 7). */
export const api = createApiClient({
  base: () => apiBase.get(),
  getToken: () => session.get().token,
  getLang: currentApiLang,
  textOf: textOfCode,
  warn: (text) => toast.warn(text),
  onSessionEnd: () => session.ended(),
  isOffline: () => !online.isBrowserOnline(),
  onReachability: (reachable) => online.reported(reachable),
  pageAnswer: (path, lang) => pageAnswers.take(path, lang),
});
export { newIdempotencyKey } from './idempotency';
