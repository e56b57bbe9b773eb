/**
 * What the ledger's calls answer (docs/ledger.md): the heads and keys as published, a member's
 * row with its path in its period's tree, and a member's balance with its path in a head's
 * liabilities tree. A period's trees are built once (from its rows, from its balances) and kept for
 * the next proofs (the close on this instance leaves its own): a proof is then a walk up the kept
 * levels, and asking about many old periods costs a build only for those not kept.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import type { LedgerHead, LedgerLiabilityAnswer, LedgerProof, LedgerProofsAnswer } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { liabilityPath, type SumNode } from '../../../shared/ledger/liabilities';
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
import { headWire, ledgerRowOf, liabilityTree, rowLevels } from './trees';

/** Periods whose trees are kept: the latest few are what members ask about. */
const KEPT_PERIODS = 4;
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 30;

interface PeriodTree {
  rows: LedgerFundRow[];
  levels: Uint8Array[][];
}

interface LiabilityTree {
  balances: Map<number, number>;
  levels: SumNode[][];
  members: number[];
}

/** Keeps the newest `KEPT_PERIODS` entries, dropping one that failed so the next ask tries again. */
function keepIn<T>(kept: Map<number, Promise<T>>, seq: number, value: Promise<T>): Promise<T> {
  kept.delete(seq);
  kept.set(seq, value);
  value.catch(() => {
    if (kept.get(seq) === value) kept.delete(seq);
  });
  while (kept.size > KEPT_PERIODS) kept.delete(kept.keys().next().value!);
  return value;
}

export class LedgerProofs {
  private readonly trees = new Map<number, Promise<PeriodTree>>();
  private readonly liabilityTrees = new Map<number, Promise<LiabilityTree>>();
  /** Builds of trees not kept run one after another: however many ask, they hold one core at most. */
  private building: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly keys: LedgerKeys | undefined,
  ) {}

  /** A period just closed here: its tree is kept for the proofs asked next. */
  keep(seq: number, rows: LedgerFundRow[], levels: Uint8Array[][]): void {
    void keepIn(this.trees, seq, Promise.resolve({ rows, levels }));
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

  /**
   * The member's rows among `rowIds`, each with its path in its signed period's tree; a row not the
   * member's and a row not signed yet are left out alike (nothing is told of other members' rows).
   * One call builds at most one period's tree that is not kept: the rows of other such periods are
   * left out too, and the app asks for them again (it asks for every shown row still without a
   * proof), so a page of rows spread over many old periods costs one build per call, which the
   * per-session limit bounds.
   */
  async rowProofs(memberId: number, rowIds: readonly number[]): Promise<LedgerProofsAnswer> {
    const proofs: LedgerProof[] = [];
    let built: number | null = null;
    for (const rowId of new Set(rowIds)) {
      const head = await headOfRow(this.db, rowId);
      if (!head) continue;
      if (!this.trees.has(head.seq)) {
        if (built !== null && built !== head.seq) continue;
        built = head.seq;
      }
      const tree = await this.treeOf(head);
      const index = tree.rows.findIndex((row) => row.id === rowId);
      if (index < 0 || tree.rows[index].member_id !== memberId) continue;
      proofs.push({
        row: ledgerRowOf(tree.rows[index]),
        head: headWire(head),
        index,
        path: pathOf(tree.levels, index).map(bytesToHex),
      });
    }
    return { proofs };
  }

  /** The member's balance at head `seq` (0: the latest) on its path to the liabilities root; 3018 when there is none. */
  async liability(memberId: number, seq: number): Promise<LedgerLiabilityAnswer> {
    const head = seq === 0 ? await latestHead(this.db) : await headBySeq(this.db, seq);
    const key = head && this.keys?.byId(head.key_id);
    if (!head || !key) throw refused(ErrorCode.LedgerNotSigned);
    const { balances, levels, members } = await (this.liabilityTrees.get(head.seq) ??
      keepIn(
        this.liabilityTrees,
        head.seq,
        this.inTurn(async () => {
          const read = await balancesAt(this.db, head.seq);
          return { balances: read, ...liabilityTree(key, head.seq, read) };
        }),
      ));
    const balance = balances.get(memberId);
    if (balance === undefined) throw refused(ErrorCode.LedgerNotSigned);
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
    return (
      this.trees.get(head.seq) ??
      keepIn(
        this.trees,
        head.seq,
        this.inTurn(async () => {
          const rows = await fundRowsBetween(this.db, Number(head.first_row_id) - 1, Number(head.last_row_id));
          return { rows, levels: rowLevels(rows) };
        }),
      )
    );
  }

  /** Runs a build after those already asked for (a failed one does not stop the next). */
  private inTurn<T>(build: () => Promise<T>): Promise<T> {
    const result = this.building.then(build, build);
    this.building = result.catch(() => undefined);
    return result;
  }
}
