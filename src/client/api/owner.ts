/**
 * A member's key on this device: a short hash of the session's token (the token itself is kept by
 * no one but the cookie). It says who is logged in (sessionStore.ts) and whose rows the cache
 * holds: rows of another session are not shown, even if a logout could not clear them.
 */
export function ownerOf(token: string | null): string {
  if (!token) return '';
  // FNV-1a, 32 bits: a partition label, not a secret.
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `m${hash.toString(16).padStart(8, '0')}`;
}
