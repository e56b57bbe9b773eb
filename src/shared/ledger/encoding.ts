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
  /** The server day (UTC+8, days since 1970-01-01) the period ends in: the day that ended, for a day's end close. */
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

const TEXT = new TextEncoder();
const TWO_32 = 2 ** 32;

/** Writes into one buffer that grows as needed (a period's close encodes 100,000 rows: no chunk lists). */
function isAscii(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) > 0x7f) return false;
  return true;
}

class ByteWriter {
  private buffer = new Uint8Array(128);
  private view = new DataView(this.buffer.buffer);
  private at = 0;

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.at + bytes));
    grown.set(this.buffer);
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(value: number): this {
    this.room(1);
    this.buffer[this.at++] = value;
    return this;
  }

  /** 8 bytes big-endian, two's complement: the high word is the floor of value / 2^32, exact for safe integers. */
  int64(value: number): this {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact integer: ${value}`);
    this.room(8);
    this.view.setInt32(this.at, Math.floor(value / TWO_32));
    this.view.setUint32(this.at + 4, value >>> 0);
    this.at += 8;
    return this;
  }

  text(value: string): this {
    // Codes, references and ids are ASCII: written as they are, without an encoder's allocation.
    if (value.length <= MAX_TEXT_BYTES && isAscii(value)) {
      this.room(2 + value.length);
      this.view.setUint16(this.at, value.length);
      for (let i = 0; i < value.length; i++) this.buffer[this.at + 2 + i] = value.charCodeAt(i);
      this.at += 2 + value.length;
      return this;
    }
    const bytes = TEXT.encode(value);
    if (bytes.length > MAX_TEXT_BYTES) throw new RangeError('text too long for the ledger');
    this.room(2 + bytes.length);
    this.view.setUint16(this.at, bytes.length);
    this.buffer.set(bytes, this.at + 2);
    this.at += 2 + bytes.length;
    return this;
  }

  bytes(value: Uint8Array, length: number): this {
    if (value.length !== length) throw new RangeError(`expected ${length} bytes, got ${value.length}`);
    this.room(length);
    this.buffer.set(value, this.at);
    this.at += length;
    return this;
  }

  done(): Uint8Array {
    return this.buffer.slice(0, this.at);
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
