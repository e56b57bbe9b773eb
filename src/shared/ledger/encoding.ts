/**
 * The ledger's canonical bytes (docs/ledger.md): a fund-log row as a leaf of its period's tree, a
 * member's balance as a leaf of the liabilities tree, and a period's head as it is hashed and
 * signed. Fixed order, fixed widths: integers as 8 bytes big-endian (two's complement where they
 * may be negative), texts as a 2-byte length then UTF-8. The server and the app encode with this
 * one file; anyone can encode the same bytes from the documentation.
 */
import { sha256 } from '@noble/hashes/sha2.js';

/** The fields of a fund-log row that the ledger commits to. */
export interface LedgerRow {
  id: number;
  memberId: number;
  /** Epoch ms. */
  createdAt: number;
  /** The reason's code (deposit, stake, award, ...). */
  reason: string;
  amountCents: number;
  afterCents: number;
  refType: string;
  refId: string;
}

/** A period's head: what is hashed, chained to the head before, and signed. */
export interface LedgerHead {
  /** 1, 2, 3, ...: heads in the order they were closed. */
  seq: number;
  /** The server day (UTC+8, days since 1970-01-01) the period was closed in. */
  day: number;
  /** Epoch ms of the close. */
  closedAt: number;
  /**
   * The period's fund-log ids: from the head before's last + 1 through `lastRowId`, and how many
   * rows it holds (ids a rolled-back write took are never used, so there may be fewer).
   */
  firstRowId: number;
  lastRowId: number;
  rowCount: number;
  /** The period's rows' tree root (merkle.ts). */
  root: Uint8Array;
  /** The liabilities tree at the close: its root, its total in cents and how many members it holds. */
  liabilitiesRoot: Uint8Array;
  liabilitiesCents: number;
  liabilitiesCount: number;
  /** The head before's hash (32 zero bytes for the first). */
  previousHash: Uint8Array;
  /** SHA-256 of the public key that signs this head. */
  keyId: Uint8Array;
}

const ROW_VERSION = 1;
const HEAD_TAG = 'roundplay ledger head v1';
const KEY_TAG = 'roundplay ledger key v1';
const MAX_TEXT_BYTES = 0xffff;

class ByteWriter {
  private chunks: Uint8Array[] = [];

  u8(value: number): this {
    this.chunks.push(Uint8Array.of(value));
    return this;
  }

  int64(value: number): this {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact integer: ${value}`);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigInt64(0, BigInt(value));
    this.chunks.push(bytes);
    return this;
  }

  text(value: string): this {
    const bytes = new TextEncoder().encode(value);
    if (bytes.length > MAX_TEXT_BYTES) throw new RangeError('text too long for the ledger');
    this.chunks.push(Uint8Array.of(bytes.length >> 8, bytes.length & 0xff), bytes);
    return this;
  }

  bytes(value: Uint8Array, length: number): this {
    if (value.length !== length) throw new RangeError(`expected ${length} bytes, got ${value.length}`);
    this.chunks.push(value);
    return this;
  }

  done(): Uint8Array {
    const out = new Uint8Array(this.chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

export function encodeRow(row: LedgerRow): Uint8Array {
  return new ByteWriter()
    .u8(ROW_VERSION)
    .int64(row.id)
    .int64(row.memberId)
    .int64(row.createdAt)
    .text(row.reason)
    .int64(row.amountCents)
    .int64(row.afterCents)
    .text(row.refType)
    .text(row.refId)
    .done();
}

/** A member's balance as a leaf of the liabilities tree: a salt only the member is given, the id, the balance. */
export function encodeBalance(salt: Uint8Array, memberId: number, balanceCents: number): Uint8Array {
  return new ByteWriter().bytes(salt, 32).int64(memberId).int64(balanceCents).done();
}

export function encodeHead(head: LedgerHead): Uint8Array {
  return new ByteWriter()
    .text(HEAD_TAG)
    .int64(head.seq)
    .int64(head.day)
    .int64(head.closedAt)
    .int64(head.firstRowId)
    .int64(head.lastRowId)
    .int64(head.rowCount)
    .bytes(head.root, 32)
    .bytes(head.liabilitiesRoot, 32)
    .int64(head.liabilitiesCents)
    .int64(head.liabilitiesCount)
    .bytes(head.previousHash, 32)
    .bytes(head.keyId, 32)
    .done();
}

/** What the head after this one chains to. */
export function headHash(head: LedgerHead): Uint8Array {
  return sha256(encodeHead(head));
}

/** A new signing key, as the key before it vouches for it (key rotation): signed with the old key. */
export function encodeKeyHandover(newPublicKey: Uint8Array, previousKeyId: Uint8Array, fromSeq: number): Uint8Array {
  return new ByteWriter().text(KEY_TAG).bytes(newPublicKey, 32).bytes(previousKeyId, 32).int64(fromSeq).done();
}

export function keyIdOf(publicKey: Uint8Array): Uint8Array {
  return sha256(publicKey);
}

/** 32 zero bytes: the first head's previous hash. */
export const NO_PREVIOUS_HEAD = new Uint8Array(32);
