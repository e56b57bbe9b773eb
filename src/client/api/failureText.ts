import { ErrorCode, MessageKey, refuse } from '../../shared/errors';
import { messageOf, textOfCode } from '../i18n';
import { ApiError, OfflineError } from './errors';

/**
 * A read's failure in the member's language, for a screen to say beside what failed: offline, the
 * server's own words for a refusal, or the text of the failure's code.
 */
export function failureText(failure: unknown): string {
  if (failure instanceof OfflineError) return messageOf(refuse(MessageKey.Offline));
  if (failure instanceof ApiError) {
    if (failure.kind === 'refused' && failure.info) return failure.info;
    return textOfCode(failure.code);
  }
  return textOfCode(ErrorCode.UnknownError);
}
