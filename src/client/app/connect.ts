import { onCallFailure } from '../api';
import type { WriteVoice } from '../data';
import { failureText } from '../i18n';
import { toast } from '../ui/toast';

/**
 * Where the lower layers' failures become words on screen: the API and the data layer hand
 * failures up as values, and this is the one place that says them (a toast in the member's
 * language; the server's own words for a refusal).
 */
export function connectFailureToasts(): () => void {
  return onCallFailure((failure) => toast.warn(failureText(failure)));
}

/** What becomes of a write, said the same way (given to useWrite through WriteVoiceContext). */
export const WRITE_VOICE: WriteVoice = {
  failureText,
  accepted: () => toast.dismissWarnings(),
};
