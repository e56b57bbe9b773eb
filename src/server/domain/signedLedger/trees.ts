/**
 * The trees of a period, built the same way by the close, the verification and the proofs: the
 * fund-log rows' tree (RFC 6962) and the liabilities sum tree, and a stored head as the bytes
 * shared/ledger/encoding.ts signs.
 */
import type { LedgerHead as LedgerHeadWire } from '../../../shared/api/types';
import type { LedgerHead, LedgerRow } from '../../../shared/ledger/encoding';
import { headFromWire } from '../../../shared/ledger/wire';
import { encodeRow } from '../../../shared/ledger/encoding';
import { balanceLeaf, liabilityLevels, type SumNode } from '../../../shared/ledger/liabilities';
import { levelsOf } from '../../../shared/ledger/merkle';
import { fastLeafHash, fastNodeHash } from './hashing';
import type { LedgerHeadRow } from '../../db/schema';
import type { LedgerFundRow } from '../../repositories/ledgerHeads';
import { liabilitySalt, type LedgerKey } from './keys';

export function ledgerRowOf(row: LedgerFundRow): LedgerRow {
  return {
    id: row.id,
    memberId: row.member_id,
    createdAt: row.created_at,
    reason: row.reason_code,
    amountCents: row.amount_cents,
    afterCents: row.after_cents,
    refType: row.ref_type,
    refId: row.ref_id,
  };
}

/**
 * The levels of a period's tree, its rows' leaves first (empty for a period without rows), hashed
 * with Node's own SHA-256 (hashing.ts: the same hashes as shared/ledger/merkle.ts, in half the time).
 */
export function rowLevels(rows: readonly LedgerFundRow[]): Uint8Array[][] {
  return levelsOf(
    rows.map((row) => fastLeafHash(encodeRow(ledgerRowOf(row)))),
    fastNodeHash,
  );
}

/** The balances after a period: those at the head before, then each member's last row in it. */
export function balancesAfter(
  before: ReadonlyMap<number, number>,
  rows: readonly LedgerFundRow[],
): Map<number, number> {
  const after = new Map(before);
  for (const row of rows) after.set(row.member_id, row.after_cents);
  return new Map([...after].sort((a, b) => a[0] - b[0]));
}

/** The liabilities tree of head `seq` over balances in member id order, salted by the head's key. */
export function liabilityTree(
  key: LedgerKey,
  seq: number,
  balances: ReadonlyMap<number, number>,
): { levels: SumNode[][]; members: number[] } {
  const members = [...balances.keys()].sort((a, b) => a - b);
  const leaves = members.map((memberId) =>
    balanceLeaf(liabilitySalt(key, seq, memberId), memberId, balances.get(memberId) ?? 0),
  );
  return { levels: liabilityLevels(leaves), members };
}

/** A stored head as the ledger calls answer it. */
export function headWire(row: LedgerHeadRow): LedgerHeadWire {
  return {
    seq: row.seq,
    day: row.day,
    closedAt: Number(row.closed_at),
    firstRowId: Number(row.first_row_id),
    lastRowId: Number(row.last_row_id),
    rowCount: row.row_count,
    root: row.root,
    liabilitiesRoot: row.liabilities_root,
    liabilitiesCents: Number(row.liabilities_cents),
    liabilitiesCount: row.liabilities_count,
    previousHash: row.previous_hash,
    keyId: row.key_id,
    headHash: row.head_hash,
    signature: row.signature,
  };
}

/** A stored head as its bytes are hashed and signed. */
export function headOf(row: LedgerHeadRow): LedgerHead {
  return headFromWire(headWire(row));
}
