/**
 * What the ledger's calls answer (docs/ledger.md): the heads and keys as published, a member's
 * row with its path in its period's tree, and a member's balance with its path in a head's
 * liabilities tree. A period's tree is built once from its rows and kept for the next proofs (the
 * close on this instance leaves its own): a proof is then a walk up the kept levels.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import type { LedgerHead, LedgerLiabilityAnswer, LedgerProofAnswer } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { liabilityPath } from '../../../shared/ledger/liabilities';
import { pathOf } from '../../../shared/ledger/merkle';
import type { Db, LedgerHeadRow } from '../../db/schema';
import {
  balancesAt,
  headBySeq,
  fundRowsBetween,
  headCount,
  headOfRow,
  headsPage,
  latestHead,
  ledgerKeys,
  type LedgerFundRow,
} from '../../repositories/ledgerHeads';
import { refused } from '../refused';
import type { LedgerKeys } from './keys';
import { liabilitySalt } from './keys';
import { ledgerRowOf, liabilityTree, rowLevels } from './trees';

/** Periods whose trees are kept: the latest few are what members ask about. */
const KEPT_PERIODS = 4;
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 30;

export function headWire(row: LedgerHeadRow): LedgerHead {
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

interface PeriodTree {
  rows: LedgerFundRow[];
  levels: Uint8Array[][];
}

export class LedgerProofs {
  private readonly trees = new Map<number, Promise<PeriodTree>>();

  constructor(
    private readonly db: Db,
    private readonly keys: LedgerKeys | undefined,
  ) {}

  /** A period just closed here: its tree is kept for the proofs asked next. */
  keep(seq: number, rows: LedgerFundRow[], levels: Uint8Array[][]): void {
    this.remember(seq, Promise.resolve({ rows, levels }));
  }

  async heads(page = 1, size = DEFAULT_PAGE_SIZE): Promise<{ heads: LedgerHead[]; total: number }> {
    const take = Math.min(Math.max(size, 1), MAX_PAGE_SIZE);
    const rows = await headsPage(this.db, (Math.max(page, 1) - 1) * take, take);
    return { heads: rows.map(headWire), total: await headCount(this.db) };
  }

  async publicKeys() {
    return (await ledgerKeys(this.db)).map((row) => ({
      keyId: row.key_id,
      publicKey: row.public_key,
      previousKeyId: row.previous_key_id,
      handover: row.handover,
      fromSeq: row.from_seq,
    }));
  }

  /** The member's row `rowId` in its signed period; 3018 when it is not the member's or not signed yet. */
  async rowProof(memberId: number, rowId: number): Promise<LedgerProofAnswer> {
    const head = await headOfRow(this.db, rowId);
    if (!head) throw refused(ErrorCode.LedgerNotSigned);
    const tree = await this.treeOf(head);
    const index = tree.rows.findIndex((row) => row.id === rowId);
    if (index < 0 || tree.rows[index].member_id !== memberId) throw refused(ErrorCode.LedgerNotSigned);
    return {
      row: ledgerRowOf(tree.rows[index]),
      head: headWire(head),
      index,
      path: pathOf(tree.levels, index).map(bytesToHex),
    };
  }

  /** The member's balance at head `seq` (0: the latest) on its path to the liabilities root; 3018 when there is none. */
  async liability(memberId: number, seq: number): Promise<LedgerLiabilityAnswer> {
    const head = seq === 0 ? await latestHead(this.db) : await headBySeq(this.db, seq);
    const key = head && this.keys?.byId(head.key_id);
    if (!head || !key) throw refused(ErrorCode.LedgerNotSigned);
    const balances = await balancesAt(this.db, head.seq);
    const balance = balances.get(memberId);
    if (balance === undefined) throw refused(ErrorCode.LedgerNotSigned);
    const { levels, members } = liabilityTree(key, head.seq, balances);
    const index = members.indexOf(memberId);
    return {
      head: headWire(head),
      memberId,
      salt: bytesToHex(liabilitySalt(key, head.seq, memberId)),
      balanceCents: balance,
      index,
      path: liabilityPath(levels, index).map((node) => ({ hash: bytesToHex(node.hash), sum: node.sum })),
    };
  }

  private treeOf(head: LedgerHeadRow): Promise<PeriodTree> {
    const kept = this.trees.get(head.seq);
    if (kept) return kept;
    const building = fundRowsBetween(this.db, Number(head.first_row_id) - 1, Number(head.last_row_id)).then((rows) => ({
      rows,
      levels: rowLevels(rows),
    }));
    // A failed read is not kept: the next proof reads again.
    building.catch(() => this.trees.delete(head.seq));
    this.remember(head.seq, building);
    return building;
  }

  private remember(seq: number, tree: Promise<PeriodTree>): void {
    this.trees.delete(seq);
    this.trees.set(seq, tree);
    while (this.trees.size > KEPT_PERIODS) this.trees.delete(this.trees.keys().next().value!);
  }
}
