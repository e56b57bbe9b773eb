import { ErrorCode, MessageKey, refuse } from '../../shared/errors';
import { ApiError, OfflineError } from '../api/errors';
import { messageOf, textOfCode } from './messages';

/**
 * A call's failure in the member's language, for a screen to say beside what failed or for the
 * app's toast (app/connect.ts): offline, the server's own words for a refusal or an ended session,
 * or the text of the failure's code.
 */
export function failureText(failure: unknown): string {
  if (failure instanceof OfflineError) return messageOf(refuse(MessageKey.Offline));
  if (failure instanceof ApiError) {
    if ((failure.kind === 'refused' || failure.kind === 'session') && failure.info) return failure.info;
    return textOfCode(failure.kind === 'session' ? ErrorCode.LoginInvalid : failure.code);
  }
  return textOfCode(ErrorCode.UnknownError);
}
