/**
 * The server's one logger (pino). Secrets never reach a log line: bodies are not logged by
 * Fastify's serializers, and any object that carries a token, a password or a code has it censored.
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

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
