import type { ApiAnswerOf, ApiContract, ApiRequestOf } from '../../shared/api/types';
import { checksPassword, isWritePath } from '../../shared/api/calls';
import { isSessionEnd, SUCCESS, type ApiResponse } from '../../shared/api/envelope';
import { ErrorCode } from '../../shared/errors';
import { checkAnswer, loadAnswerSchemas, type CheckedAnswer } from './answers';
import { ApiError, OfflineError } from './errors';
import { PASSWORD_CHECK_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../shared/constants';

export interface CallOptions {
  /** Not handed to `onFailure` (the caller shows its own message). */
  silent?: boolean;
}

export interface ApiClientDeps {
  base: () => Promise<string>;
  getLang: () => string;
  /** A failure the caller did not silence, for the app to say in the member's words (app/connect.ts). */
  onFailure: (failure: ApiError) => void;
  onSessionEnd: () => void;
  isOffline: () => boolean;
  onReachability?: (reached: boolean) => void;
  /** An answer the page already carries for a call with no parameters (pageAnswers.ts), once. */
  pageAnswer?: (path: string, lang: string) => { data: unknown } | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

function isEnvelope(value: unknown): value is ApiResponse<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function errCodeOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const errCode = (data as { errCode?: unknown }).errCode;
  return typeof errCode === 'number' && errCode > 1000 ? errCode : null;
}

let http: Promise<typeof import('ky')> | undefined;

/** ky, once; a failed load (network gone) is tried again by the next call. */
export function loadHttp(): Promise<typeof import('ky')> {
  http ??= import('ky').catch((error: unknown) => {
    http = undefined;
    throw error;
  });
  return http;
}

export interface ApiClient {
  call<P extends keyof ApiContract>(path: P, body?: ApiRequestOf<P>, options?: CallOptions): Promise<ApiAnswerOf<P>>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(`[api] ${message}`, detail ?? ''));
  const timeout = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const passwordTimeout = deps.timeoutMs ?? PASSWORD_CHECK_TIMEOUT_MS;

  async function call<P extends keyof ApiContract>(
    path: P,
    body?: ApiRequestOf<P>,
    options: CallOptions = {},
  ): Promise<ApiAnswerOf<P>> {
    if (isWritePath(path) && deps.isOffline()) {
      const failure = new OfflineError();
      if (!options.silent) deps.onFailure(failure);
      throw failure;
    }

    const lang = deps.getLang();
    if (body === undefined || Object.keys(body).length === 0) {
      const given = deps.pageAnswer?.(path, lang);
      // Checked as the server's answer would be: the page's copy is no more trusted than the call.
      if (given) return checked(path, given.data);
    }
    // Started with the request, so the schemas' chunk arrives beside the answer (answers.ts).
    const schemas = loadAnswerSchemas(path);
    schemas.catch(() => undefined);
    // The HTTP client loads with the first call, not with the entry: a page taken over from its
    // rendered answers paints and hydrates without it.
    const http = loadHttp();
    const base = await deps.base();
    // No token: the session cookie carries the call (the app never holds the token).
    const json = { ...(body ?? {}), lang };
    let response: Response;
    let TimeoutError: typeof import('ky').TimeoutError | undefined;
    try {
      const ky = await http;
      TimeoutError = ky.TimeoutError;
      response = await ky.default.post(`${base}${path}`, {
        json,
        timeout: checksPassword(path) ? passwordTimeout : timeout,
        retry: 0,
        throwHttpErrors: false,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      });
    } catch (error) {
      deps.onReachability?.(false);
      // SPEC.md section 7: timeouts are only logged; the caller decides what the member sees.
      if (TimeoutError && error instanceof TimeoutError) {
        log(`timeout after ${timeout} ms on ${path}`);
        throw new ApiError({ code: ErrorCode.NetworkError, kind: 'timeout' });
      }
      log(`network failure on ${path}`, error);
      throw new ApiError({ code: ErrorCode.NetworkError, kind: 'network' });
    }
    deps.onReachability?.(true);

    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }

    if (!isEnvelope(payload)) {
      // HTTP 401/403 and other statuses without an envelope are only logged (SPEC.md section 7).
      log(`HTTP ${response.status} without an envelope on ${path}`);
      throw new ApiError({ code: ErrorCode.NetworkError, kind: 'http', status: response.status });
    }

    const { code, data, info } = payload;
    const text = typeof info === 'string' ? info.trim() : '';
    if (code === SUCCESS) return checked(path, data);

    const errCode = errCodeOf(data);
    const failure = isSessionEnd(code)
      ? new ApiError({ code, kind: 'session', info: text, data, status: response.status })
      : new ApiError({ code: errCode ?? code, kind: 'refused', info: text, data, status: response.status });
    if (failure.kind === 'session') deps.onSessionEnd();
    if (!options.silent) deps.onFailure(failure);
    throw failure;
  }

  /** A success's data as its schema reads it; an answer of another shape is a failure, never data. */
  async function checked<P extends keyof ApiContract>(path: P, data: unknown): Promise<ApiAnswerOf<P>> {
    let answer: CheckedAnswer<ApiAnswerOf<P>>;
    try {
      answer = await checkAnswer(path, data);
    } catch (error) {
      // The schemas' chunk did not load: the device lost the network meanwhile.
      log(`could not load the answer schemas for ${path}`, error);
      deps.onReachability?.(false);
      throw new ApiError({ code: ErrorCode.NetworkError, kind: 'network' });
    }
    if (answer.ok) return answer.data;
    log(`an answer of the wrong shape on ${path}: ${answer.problem}`);
    throw new ApiError({ code: ErrorCode.NetworkErrorRefresh, kind: 'malformed' });
  }

  return { call };
}
