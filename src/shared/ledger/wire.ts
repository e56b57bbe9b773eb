/**
 * A head as the ledger calls answer it (hex, src/shared/api/ledger.ts) and as its bytes are hashed
 * and signed (encoding.ts): the app checks what it was answered, the server what it stored.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import type { LedgerHead as LedgerHeadWire } from '../api/types';
import type { LedgerHead } from './encoding';

export function headFromWire(head: LedgerHeadWire): LedgerHead {
  return {
    seq: head.seq,
    day: head.day,
    closedAt: head.closedAt,
    firstRowId: head.firstRowId,
    lastRowId: head.lastRowId,
    rowCount: head.rowCount,
    root: hexToBytes(head.root),
    liabilitiesRoot: hexToBytes(head.liabilitiesRoot),
    liabilitiesCents: head.liabilitiesCents,
    liabilitiesCount: head.liabilitiesCount,
    previousHash: hexToBytes(head.previousHash),
    keyId: hexToBytes(head.keyId),
  };
}
