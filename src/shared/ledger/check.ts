/**
 * What the app checks of the ledger's answers (docs/ledger.md), on their wire shapes: that the keys
 * hand over one to the next, that a head hashes to what it says and is signed by a key it trusts,
 * that a row's bytes are in its head's root, and that the row proven is the fund-log row the member
 * reads. No I/O: the app and the tests call these on what they were answered or kept.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { FundLogEntry, LedgerHead, LedgerKey, LedgerProof } from '../api/types';
import { wireCents } from '../money';
import { encodeRow, headHash, keyIdOf } from './encoding';
import { equalBytes, leafHash, verifyInclusion } from './merkle';
import { verifyHeadSignature, verifyKeyHandover } from './signature';
import { headFromWire } from './wire';

const isHex = (text: string, bytes: number) => text.length === bytes * 2 && /^[0-9a-f]*$/.test(text);

/**
 * The keys whose heads are trusted, by key id: the first as published (held from the first time the
 * app saw it, `pinned`), each later one only when the key before it signed its handover. A key whose
 * chain breaks, and every key after it, is left out.
 */
export function trustedKeys(keys: readonly LedgerKey[], pinned?: string): Map<string, Uint8Array> {
  const trusted = new Map<string, Uint8Array>();
  const ordered = [...keys].sort((a, b) => a.fromSeq - b.fromSeq);
  let previous: Uint8Array | null = null;
  for (const key of ordered) {
    if (!isHex(key.publicKey, 32)) break;
    const publicKey = hexToBytes(key.publicKey);
    if (!equalBytes(keyIdOf(publicKey), hexToBytes(key.keyId))) break;
    if (previous === null) {
      if (key.previousKeyId !== null || (pinned !== undefined && pinned !== key.keyId)) break;
    } else if (
      key.handover === null ||
      !isHex(key.handover, 64) ||
      !verifyKeyHandover(publicKey, previous, key.fromSeq, hexToBytes(key.handover))
    ) {
      break;
    }
    trusted.set(key.keyId, publicKey);
    previous = publicKey;
  }
  return trusted;
}

/** The hash of a head's own bytes (hex): what the next head chains to, and what a held head is compared by. */
export function headHashOf(head: LedgerHead): string {
  return bytesToHex(headHash(headFromWire(head)));
}

/** True when the head's bytes hash to the hash it carries and a trusted key signed them. */
export function checkHead(head: LedgerHead, keys: ReadonlyMap<string, Uint8Array>): boolean {
  const publicKey = keys.get(head.keyId);
  if (!publicKey) return false;
  try {
    return (
      headHashOf(head) === head.headHash &&
      verifyHeadSignature(headFromWire(head), hexToBytes(head.signature), publicKey)
    );
  } catch {
    return false;
  }
}

/** True when the proof's row, as its canonical bytes, is leaf `index` of its head's rows tree. */
export function rowInHead(proof: Pick<LedgerProof, 'row' | 'head' | 'index' | 'path'>): boolean {
  const { row, head, index, path } = proof;
  if (row.id < head.firstRowId || row.id > head.lastRowId) return false;
  try {
    return verifyInclusion(
      index,
      head.rowCount,
      leafHash(encodeRow(row)),
      path.map((hash) => hexToBytes(hash)),
      hexToBytes(head.root),
    );
  } catch {
    return false;
  }
}

/** True when the row proven is the fund-log row the member reads: id, second, reason, signed amount and balance after. */
export function rowIsEntry(row: LedgerProof['row'], entry: FundLogEntry): boolean {
  const amount = (entry.type === 1 ? 1 : -1) * wireCents(entry.money);
  return (
    row.id === entry.id &&
    Math.floor(row.createdAt / 1000) === entry.time &&
    row.reason === entry.reasonCode &&
    row.amountCents === amount &&
    row.afterCents === wireCents(entry.after)
  );
}
