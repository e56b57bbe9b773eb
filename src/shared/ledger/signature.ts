/**
 * A head's signature: Ed25519 (RFC 8032) over the head's canonical bytes (encoding.ts), by the
 * operator's ledger key; and a new key's handover, signed by the key before it. Checking is here,
 * for the app and the server alike; signing is the server's (domain/ledger/keys.ts).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { encodeHead, encodeKeyHandover, keyIdOf, type LedgerHead } from './encoding';
import { equalBytes } from './merkle';

export function verifyHeadSignature(head: LedgerHead, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (!equalBytes(head.keyId, keyIdOf(publicKey))) return false;
  try {
    return ed25519.verify(signature, encodeHead(head), publicKey);
  } catch {
    return false;
  }
}

/** True when `previousKey` signed `handover` of `newKey` (from head `fromSeq` on). */
export function verifyKeyHandover(
  newKey: Uint8Array,
  previousKey: Uint8Array,
  fromSeq: number,
  handover: Uint8Array,
): boolean {
  try {
    return ed25519.verify(handover, encodeKeyHandover(newKey, keyIdOf(previousKey), fromSeq), previousKey);
  } catch {
    return false;
  }
}
