/**
 * One scrypt derivation, run by a worker thread of the password pool (passwordPool.ts). Plain
 * JavaScript so the thread starts without a TypeScript loader (less memory, and it loads the same
 * under tsx, vitest and node). The synchronous call is deliberate: the async one would hand the work
 * to libuv's thread pool, which is shared by the whole process (compression, file reads) and is
 * exactly what password checks must stay out of; this thread is the pool's own.
 */
import { scryptSync } from 'node:crypto';

/**
 * @param {{ secret: string, salt: Uint8Array, keyLength: number, N: number, r: number, p: number }} job
 * @returns {Uint8Array}
 */
export default function derive({ secret, salt, keyLength, N, r, p }) {
  // scrypt needs 128 * N * r bytes; allow twice that (Node's default cap is 32 MiB).
  return scryptSync(secret.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r });
}
