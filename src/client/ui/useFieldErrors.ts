import { useCallback, useState } from 'react';

/**
 * A form's refusal said under the field it is about (one at a time, never a stack of toasts):
 * `refuseAt` shows it, `errorOf` gives a field its text for TextField's `error`, and `forget`
 * takes it away as soon as the member edits that field.
 */
export function useFieldErrors<F extends string>() {
  const [current, setCurrent] = useState<{ field: F; text: string } | null>(null);
  const refuseAt = useCallback((field: F, text: string) => setCurrent({ field, text }), []);
  const forget = useCallback((field: F) => setCurrent((now) => (now?.field === field ? null : now)), []);
  const clear = useCallback(() => setCurrent(null), []);
  const errorOf = (field: F): string | null => (current?.field === field ? current.text : null);
  return { errorOf, refuseAt, forget, clear };
}
