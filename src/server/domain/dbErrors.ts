/** Recognizes database errors the domain handles as outcomes rather than faults, in both dialects. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Network failures of the socket to the database (also inside an AggregateError of several addresses). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going, gone or not yet back: 57P01 admin shutdown
 * (pg_ctl stop -m fast, pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up, shutting down, in recovery), 53300 too many connections. Class 08 (connection
 * exception) is matched by its prefix.
 */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool raise these without a code when a connection ends or never comes. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function codeOf(error: object): unknown {
  return (error as { code?: unknown }).code;
}

/**
 * A database that cannot be reached right now (restarting, down, unreachable, out of connections,
 * or SQLite still locked after its busy timeout): a passing condition the member answers by trying
 * again, not a fault of the request.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = codeOf(error);
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  if (error instanceof Error && PG_CONNECTION_MESSAGES.some((text) => error.message.startsWith(text))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return error instanceof Error && error.cause !== undefined && isDatabaseUnavailable(error.cause, depth + 1);
}

/** A one-line description for the log: the code and the message, never the stack or the query. */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = codeOf(error);
  return typeof code === 'string' ? { code, message: error.message } : { message: error.message };
}
