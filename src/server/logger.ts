/**
 * The server's one logger (pino). Secrets never reach a log line: bodies are not logged by
 * Fastify's serializers, a request's URL is logged with its query values replaced, and any object
 * that carries a token, a password or a code has it censored.
 */
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
