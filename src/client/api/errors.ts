import { MessageKey } from '../../shared/errors';

/**
 * How a call fails, as types rather than messages: a screen asks `error instanceof OfflineError`
 * or `error.isNetwork`, never compares an error's text.
 */
export type ApiErrorKind =
  /** The server answered with a code other than 1. */
  | 'refused'
  /** The session is dead (code 409 or 403): the client has logged the member out. */
  | 'session'
  /** No answer within the timeout. */
  | 'timeout'
  /** No answer at all (connection refused, DNS, CORS...). */
  | 'network'
  /** An HTTP error without a readable envelope. */
  | 'http'
  /**
   * A success whose data does not match the contract (1004, "network error, refresh": a newer app reads it): nothing of it is used. Whether a
   * write took effect is unknown, so it counts as no answer: a retry carries the same key.
   */
  | 'malformed'
  /** A write attempted while the device is offline; nothing was sent. */
  | 'offline';

/** Every failure of a call, carrying the contract's code (or the `offline` message key). */
export class ApiError extends Error {
  readonly code: number | MessageKey;
  readonly kind: ApiErrorKind;
  /** The server's localized text, when it sent one. */
  readonly info: string;
  readonly data: unknown;
  readonly status: number | null;

  constructor(init: {
    code: number | MessageKey;
    kind: ApiErrorKind;
    info?: string;
    data?: unknown;
    status?: number | null;
  }) {
    super(init.info || `API ${init.kind} ${init.code}`);
    this.name = 'ApiError';
    this.code = init.code;
    this.kind = init.kind;
    this.info = init.info ?? '';
    this.data = init.data;
    this.status = init.status ?? null;
  }

  /**
   * True when no answer the app can use came back: the request never reached the server (or never
   * left the device), or what came back could not be read.
   */
  get isNetwork(): boolean {
    return (
      this.kind === 'timeout' ||
      this.kind === 'network' ||
      this.kind === 'http' ||
      this.kind === 'offline' ||
      this.kind === 'malformed'
    );
  }
}

/** Nothing was sent: the device is offline (a write refused at once, or a read not attempted). */
export class OfflineError extends ApiError {
  constructor() {
    super({ code: MessageKey.Offline, kind: 'offline' });
    this.name = 'OfflineError';
  }
}
