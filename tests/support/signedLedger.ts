/**
 * A small signed ledger made with the shared code (src/shared/ledger), as a server would publish it:
 * periods of fund-log rows with their signed heads in wire shape, each row's proof, and the keys.
 * For the app's tests (the device's tables, the fund log's marks) and the browser's.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { FundLogEntry, LedgerHead, LedgerKey, LedgerProof } from '../../src/shared/api/types';
import {
  encodeHead,
  encodeRow,
  headHash,
  keyIdOf,
  NO_PREVIOUS_HEAD,
  type LedgerHead as SignedHead,
  type LedgerRow,
} from '../../src/shared/ledger/encoding';
import { inclusionProof, leafHash, rootOf } from '../../src/shared/ledger/merkle';
import { toUsd } from '../../src/shared/money';

export const LEDGER_SEED = new Uint8Array(32).fill(7);

export function ledgerKeyOf(seed: Uint8Array = LEDGER_SEED): LedgerKey {
  const publicKey = ed25519.getPublicKey(seed);
  return {
    keyId: bytesToHex(keyIdOf(publicKey)),
    publicKey: bytesToHex(publicKey),
    previousKeyId: null,
    handover: null,
    fromSeq: 1,
  };
}

/** A head's fields signed with `seed`, in the calls' wire shape. */
export function signedHead(head: SignedHead, seed: Uint8Array = LEDGER_SEED): LedgerHead {
  return {
    seq: head.seq,
    day: head.day,
    closedAt: head.closedAt,
    firstRowId: head.firstRowId,
    lastRowId: head.lastRowId,
    rowCount: head.rowCount,
    root: bytesToHex(head.root),
    liabilitiesRoot: bytesToHex(head.liabilitiesRoot),
    liabilitiesCents: head.liabilitiesCents,
    liabilitiesCount: head.liabilitiesCount,
    previousHash: bytesToHex(head.previousHash),
    keyId: bytesToHex(head.keyId),
    headHash: bytesToHex(headHash(head)),
    signature: bytesToHex(ed25519.sign(encodeHead(head), seed)),
  };
}

export interface Period {
  head: LedgerHead;
  proofs: LedgerProof[];
}

/** A period of `rows` closed on server day `day`, chained to `previous`, signed with `seed`. */
export function closePeriod(
  seq: number,
  day: number,
  rows: readonly LedgerRow[],
  previous: LedgerHead | null,
  seed: Uint8Array = LEDGER_SEED,
): Period {
  const leaves = rows.map((row) => leafHash(encodeRow(row)));
  const head = signedHead(
    {
      seq,
      day,
      closedAt: rows.length > 0 ? rows[rows.length - 1].createdAt + 1_000 : day * 86_400_000,
      firstRowId: previous ? previous.lastRowId + 1 : 1,
      lastRowId: rows.length > 0 ? rows[rows.length - 1].id : (previous?.lastRowId ?? 0),
      rowCount: rows.length,
      root: rootOf(leaves),
      liabilitiesRoot: new Uint8Array(32).fill(4),
      liabilitiesCents: 1_000_000,
      liabilitiesCount: 3,
      previousHash: previous ? hexToBytes(previous.headHash) : NO_PREVIOUS_HEAD,
      keyId: keyIdOf(ed25519.getPublicKey(seed)),
    },
    seed,
  );
  const proofs = rows.map((row, index) => ({
    row,
    head,
    index,
    path: inclusionProof(leaves, index).map(bytesToHex),
  }));
  return { head, proofs };
}

/** The fund-log entry a member reads of a ledger row. */
export function entryOfRow(row: LedgerRow, before = row.afterCents - row.amountCents): FundLogEntry {
  return {
    id: row.id,
    time: Math.floor(row.createdAt / 1000),
    type: row.amountCents > 0 ? 1 : 2,
    money: toUsd(Math.abs(row.amountCents)),
    before: toUsd(before),
    after: toUsd(row.afterCents),
    reason: row.reason,
    reasonCode: row.reason,
    ref: '',
    detail: { round: '', outcome: null, account: '', note: '' },
  };
}

/** A member's rows: a stake and an award in turn, `count` of them from id `firstId`, one a minute. */
export function memberRows(memberId: number, firstId: number, count: number, startMs: number): LedgerRow[] {
  let balance = 100_000;
  return Array.from({ length: count }, (_, i) => {
    const amount = i % 2 === 0 ? -2_000 : 3_500;
    balance += amount;
    return {
      id: firstId + i,
      memberId,
      createdAt: startMs + i * 60_000,
      reason: i % 2 === 0 ? 'stake' : 'award',
      amountCents: amount,
      afterCents: balance,
      refType: i % 2 === 0 ? 'order' : 'round',
      refId: String(500 + i),
    };
  });
}
