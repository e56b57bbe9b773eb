/**
 * Password hashing (scrypt with a random salt) and session tokens (32 random bytes, stored only as
 * their SHA-256). The stored hash names its parameters, so raising them keeps old accounts
 * working: such a hash is replaced on the member's next successful login (needsRehash). Every
 * derivation runs on the password pool (passwordPool.ts) in the lane the caller names; a full
 * lane refuses at once with 3005.
 */
import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { passwordPool, type PasswordLane } from './passwordPool';

const KEY_LENGTH = 32;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommended scrypt cost (Password Storage Cheat Sheet): 128 MiB and a few hundred ms per hash. */
export const OWASP_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

let cost: ScryptCost = OWASP_SCRYPT_COST;

/**
 * The cost new hashes get. Only the test suites lower it (tests/server/setup.ts), so that
 * thousands of test accounts do not each take a quarter of a second; the server never calls it.
 */
export function useScryptCost(next: ScryptCost): void {
  cost = next;
  dummyHash = null;
}

async function derive(
  secret: string,
  salt: Buffer,
  options: ScryptCost,
  keyLength: number,
  lane: PasswordLane,
): Promise<Buffer> {
  const key = await passwordPool().derive({ secret, salt, keyLength, ...options }, lane);
  // A thread hands back a plain Uint8Array; a Buffer view of the same bytes.
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

export async function hashSecret(secret: string, lane: PasswordLane = 'public'): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost, KEY_LENGTH, lane);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseStored(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltText, keyText] = parts;
  const key = Buffer.from(keyText, 'base64');
  const parsed = { N: Number(n), r: Number(r), p: Number(p) };
  if (key.length === 0 || !Object.values(parsed).every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  return { cost: parsed, salt: Buffer.from(saltText, 'base64'), key };
}

export async function verifySecret(secret: string, stored: string, lane: PasswordLane = 'public'): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const key = await derive(secret, parsed.salt, parsed.cost, parsed.key.length, lane);
  return timingSafeEqual(key, parsed.key);
}

/** A hash made at a lower cost than new ones get: replace it while the secret is at hand. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of checking a password against a hash of the current cost, for an account that
 * does not exist: a wrong name then takes as long as a wrong password, and timing does not tell
 * who is registered.
 */
export async function verifyDummy(secret: string): Promise<void> {
  // A hash refused for a full pool is made again by the next caller, not remembered as a failure.
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'), 'trusted').catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
  await verifySecret(secret, await dummyHash, 'public');
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashToken(token) };
}

/** SHA-256 as hex. One-shot crypto.hash (Node 20.12+) is several times cheaper than a Hash object. */
export function sha256Hex(text: string): string {
  return typeof hash === 'function' ? hash('sha256', text, 'hex') : createHash('sha256').update(text).digest('hex');
}

/**
 * A session as the live streams and the guessing counters name it: derived from its token's hash,
 * so an event or a counter row never holds the key the sessions table is found by.
 */
export function sessionTag(tokenHash: string): string {
  return sha256Hex(`session-tag:${tokenHash}`).slice(0, 32);
}

/** Every private request hashes its token to find the session. */
export function hashToken(token: string): string {
  return sha256Hex(token);
}
