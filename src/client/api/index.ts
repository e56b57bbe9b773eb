import { createApiClient } from './client';
import type { ApiError } from './errors';
import { currentApiLang } from './language';
import { apiBase, online, pageAnswers, session } from './stores';
import { transport } from './transport';

export { ApiError, OfflineError } from './errors';
export { ApiPath } from '../../shared/api/paths';
export { useSession, getMember, startSession, clearSession } from './session';
export { currentApiLang } from './language';

/** The app installs what a dead session means (clear private rows, go to /login). */
export const onSessionEnd = (handler: () => void): (() => void) => session.onEnded(handler);

const failureHandlers = new Set<(failure: ApiError) => void>();

/**
 * The app says a call's failure its caller did not silence (app/connect.ts: a toast in the
 * member's words): the API hands failures up as values and words nothing itself.
 */
export function onCallFailure(handler: (failure: ApiError) => void): () => void {
  failureHandlers.add(handler);
  return () => failureHandlers.delete(handler);
}

/** The app's API client: POST JSON with lang + token, 6 s timeout, envelope handling (SPEC.md section 7). */
export const api = createApiClient({
  base: () => apiBase.get(),
  getLang: currentApiLang,
  onFailure: (failure) => failureHandlers.forEach((handler) => handler(failure)),
  onSessionEnd: () => session.ended(),
  isOffline: () => !online.isBrowserOnline(),
  onReachability: (reachable) => online.reported(reachable),
  pageAnswer: (path, lang) => pageAnswers.take(path, lang),
  fetch: (input, init) => transport.fetch(input, init),
});
export { newIdempotencyKey } from './idempotency';
