import { useCallback, useEffect, useState } from 'react';
import { dropRefusalFocus, requestRefusalFocus } from './refusalFocus';

/**
 * A form's refusal said under the field it is about (one at a time, never a stack of toasts):
 * `refuseAt` shows it and brings that field into view with focus on it (its FieldError does, see
 * refusalFocus.ts), `errorOf` gives a field its text for TextField's `error`, and `forget` takes it
 * away as soon as the member edits that field.
 */
export function useFieldErrors<F extends string>() {
  const [current, setCurrent] = useState<{ field: F; text: string } | null>(null);
  const refuseAt = useCallback((field: F, text: string) => {
    requestRefusalFocus();
    setCurrent({ field, text });
  }, []);
  // Runs after the fields' own effects: a request no message took (nothing drawn) does not linger.
  useEffect(() => dropRefusalFocus(), [current]);
  const forget = useCallback((field: F) => setCurrent((now) => (now?.field === field ? null : now)), []);
  const clear = useCallback(() => setCurrent(null), []);
  const errorOf = (field: F): string | null => (current?.field === field ? current.text : null);
  return { errorOf, refuseAt, forget, clear };
}
