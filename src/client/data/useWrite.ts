import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ApiAnswerOf, ApiRequestOf } from '../../shared/api/types';
import { api, newIdempotencyKey, OfflineError } from '../api';
import { ApiError } from '../api/errors';
import { isBrowserOnline } from '../api/online';
import { afterWrite } from './changes';
import { isIdempotentPath } from '../../shared/api/calls';
import type { CallPath } from './key';

/** What became of a write: its answer, or why there is none. */
export type WriteResult<T> =
  /** `changed` settles once the reads the write changed (changes.ts) have been asked again. */
  | { ok: true; data: T; changed: Promise<void> }
  /** The server said no; the app said its words (a toast: app/connect.ts). */
  | { ok: false; refused: true; error: ApiError }
  /**
   * Nothing was sent (offline, or one already in flight), or no answer came. `text` is what the
   * hook also set as its inline error, for a page with no place to show it inline (it toasts it).
   */
  | { ok: false; refused: false; error: unknown; text: string | null };

type BodyOf<P extends CallPath> =
  ApiRequestOf<P> extends { idempotencyKey: string } ? Omit<ApiRequestOf<P>, 'idempotencyKey'> : ApiRequestOf<P>;

export interface WriteOptions {
  /** The words for "no answer, you may retry" (default: the network failure's own text). */
  noAnswerText?: string;
}

export interface Write<P extends CallPath> {
  /**
   * Why a write cannot be sent now (offline), in the member's words, or null: for a page that asks
   * the member to confirm first, so it does not ask for something that will be refused.
   */
  refusal: () => string | null;
  /**
   * `attemptKey`: the idempotency key of an attempt the page tracks itself (an order's key is made
   * when its confirmation opens); without it, the hook keeps one per body.
   */
  send: (body: BodyOf<P>, attemptKey?: string) => Promise<WriteResult<ApiAnswerOf<P>>>;
  /** True while the call is in flight: a second send meanwhile is not made. */
  busy: boolean;
  /** Inline text in the member's language for what no toast told: offline, no answer, or the page's own check. */
  error: string | null;
  setError: (text: string | null) => void;
}

/**
 * How the app says what became of a write (app/providers.tsx gives it): a failure in the member's
 * words, and what an accepted write takes away (the refusals of earlier attempts still on screen).
 */
export interface WriteVoice {
  failureText: (failure: unknown) => string;
  accepted: () => void;
}

export const WriteVoiceContext = createContext<WriteVoice | null>(null);

function useWriteVoice(): WriteVoice {
  const voice = useContext(WriteVoiceContext);
  if (!voice) throw new Error('useWrite needs the app providers (WriteVoiceContext)');
  return voice;
}

/**
 * The one way a page writes (DESIGN.md section 5), a TanStack mutation: refused at once while offline (nothing is
 * queued behind the member's back), one call at a time, the idempotency key of money-moving calls,
 * the failure in the member's language (a refusal is toasted by the app in the server's
 * words, no answer is said inline), and, once accepted, the reads it changed asked again (changes.ts)
 * and the warnings still on screen taken away.
 */
export function useWrite<P extends CallPath>(path: P, options: WriteOptions = {}): Write<P> {
  const { failureText, accepted } = useWriteVoice();
  const { mutateAsync, isPending } = useMutation({
    mutationKey: [path],
    mutationFn: (request: ApiRequestOf<P>) => api.call(path, request),
    // Refused offline before it is made (offlineRefusal): never paused to be sent later behind the
    // member's back, and never sent again by the library (a retry is the member's, with its key).
    networkMode: 'always',
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const { noAnswerText } = options;
  // A money-moving call (the call table's `idempotent`: order, withdrawal): each attempt carries an
  // idempotency key, and the same body sent again after no answer carries the same key, so a retry never spends twice.
  const idempotent = isIdempotentPath(path);
  // Offline, nothing is sent: the one place a write is refused for it (DESIGN.md section 5).
  const offlineRefusal = useCallback(() => (isBrowserOnline() ? null : failureText(new OfflineError())), [failureText]);

  const send = useCallback(
    async (body: BodyOf<P>, attemptKey?: string): Promise<WriteResult<ApiAnswerOf<P>>> => {
      if (inFlight.current) return { ok: false, refused: false, error: new Error('a write is in flight'), text: null };
      const offline = offlineRefusal();
      if (offline !== null) {
        setError(offline);
        return { ok: false, refused: false, error: new OfflineError(), text: offline };
      }
      let request = body as ApiRequestOf<P>;
      if (idempotent) {
        const fingerprint = JSON.stringify(body);
        if (attemptKey !== undefined) attempt.current = { fingerprint, key: attemptKey };
        else if (attempt.current?.fingerprint !== fingerprint)
          attempt.current = { fingerprint, key: newIdempotencyKey() };
        request = { ...body, idempotencyKey: attempt.current.key } as ApiRequestOf<P>;
      }
      // Set before the first await: a second tap in the same moment is not a second write.
      inFlight.current = true;
      setError(null);
      try {
        const data = await mutateAsync(request);
        attempt.current = null;
        // The refusals of earlier attempts no longer hold: only the success is said.
        accepted();
        return { ok: true, data, changed: afterWrite(path, data) };
      } catch (failure) {
        // Refused, or no answer: what the server holds may not be what the screens show (an
        // operator paid the withdrawal meanwhile, or the write went through unanswered).
        if (!(failure instanceof OfflineError)) void afterWrite(path, undefined);
        if (failure instanceof ApiError && !failure.isNetwork) {
          // Refused: the next submit is a new attempt.
          attempt.current = null;
          return { ok: false, refused: true, error: failure };
        }
        // No answer: the attempt (and its key) is kept for the retry.
        const text =
          failure instanceof ApiError
            ? failure instanceof OfflineError
              ? failureText(failure)
              : (noAnswerText ?? failureText(failure))
            : null;
        if (text !== null) setError(text);
        return { ok: false, refused: false, error: failure, text };
      } finally {
        inFlight.current = false;
      }
    },
    [path, idempotent, noAnswerText, offlineRefusal, failureText, accepted, mutateAsync],
  );

  return { send, refusal: offlineRefusal, busy: isPending, error, setError };
}
