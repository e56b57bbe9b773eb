/**
 * A fresh idempotency key for a money-moving request (orders, withdrawals): the server answers a
 * repeat of the same key and body with the first answer, so a retry after a lost answer never
 * spends twice. getRandomValues works on plain http too, where randomUUID does not.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
