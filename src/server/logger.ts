/**
 * The server's one logger (pino). Secrets never reach a log line: bodies are not logged by
 * Fastify's serializers, a request's URL is logged with its query values replaced, and any object
 * that carries a token, a password or a code has it censored.
 */
import type { FastifyBaseLogger } from 'fastify';
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

/** Field names the contract uses for secrets (SPEC.md section 7) and their usual spellings. */
const SECRET_FIELDS = [
  'token',
  'password',
  'spassword',
  'npasswd',
  'passwd',
  'pwd',
  'srcpwd',
  'newpwd',
  'newpwd2',
  'payPwd',
  'captcha',
  'authorization',
  'cookie',
];

export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
  'req.headers.authorization',
  'req.headers.cookie',
];

const CENSOR = '[redacted]';

/**
 * A URL as it may be logged: the path, and of the query only the parameters' names, each value
 * replaced (a link or a client may put a token, a code or a phone number there). A part without
 * `=` is a value with no name, replaced whole.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  if (query === '') return url;
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    return equals === -1 ? CENSOR : `${part.slice(0, equals)}=${CENSOR}`;
  });
  return `${url.slice(0, mark)}?${parts.join('&')}`;
}

/** What Fastify hands the `req` serializer (its Request), as far as a log line needs it. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request serializer with the URL redacted. Fastify merges a logger's own serializers
 * over its defaults, so this one is what every request line ("incoming request", errors) uses.
 */
function serializeRequest(request: LoggedRequest): unknown {
  // Something else logged under `req` (not a request) is left to the censor's paths.
  if (typeof request !== 'object' || request === null || typeof request.url !== 'string') return request;
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/**
 * A request's logger that makes pino's child at its first line at an enabled level. A class, so
 * a request costs one small object: a literal with an accessor and a closure per level, made per
 * request, was 2 % of a room poll's CPU.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  silent(): void {}

  child(more: pino.Bindings, moreOptions?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(more, moreOptions);
  }

  write(level: Level, args: unknown[]): void {
    if (this.made === undefined && !(this.parent as Logger).isLevelEnabled(level)) return;
    const target = this.real();
    Reflect.apply(target[level], target, args);
  }
}

for (const level of LEVELS) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value(this: LazyChildLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/**
 * Fastify's child logger of a request (childLoggerFactory), made only when the request logs a line
 * at an enabled level. Making it costs a pass of the censor over its bindings (the request id), on
 * every request, although almost none logs anything at the server's usual level.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
