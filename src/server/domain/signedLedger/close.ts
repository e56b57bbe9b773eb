/**
 * Closing a period of the fund log (issue 46): every row written since the last head becomes a
 * leaf of the period's tree, every member's balance at the close a leaf of the liabilities tree,
 * and the head (the figures, both roots, the head before's hash, the key's id) is signed and
 * stored with the balances. A server day's end closes the running period by itself (the
 * scheduler's lease holder, dayEndCloser); `ledger:close` closes it at once.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { headHash, keyIdOf, NO_PREVIOUS_HEAD, type LedgerHead } from '../../../shared/ledger/encoding';
import { liabilitiesRoot } from '../../../shared/ledger/liabilities';
import { rootOfLevels } from '../../../shared/ledger/merkle';
import { dayNumber } from '../../../shared/serverDay';
import type { LedgerHeadRow } from '../../db/schema';
import {
  balancesAt,
  committedFundLogId,
  fundRowsBetween,
  insertHead,
  latestHead,
  type LedgerFundRow,
} from '../../repositories/ledgerHeads';
import type { Deps } from '../deps';
import { registerCurrentKey, signHead, type LedgerKeys } from './keys';
import { balancesAfter, headOf, liabilityTree, rowLevels } from './trees';

export interface ClosedPeriod {
  head: LedgerHeadRow;
  /** The period's rows and its tree, leaves first, for the proofs asked for next. */
  rows: LedgerFundRow[];
  levels: Uint8Array[][];
}

/**
 * Closes the running period now. Its head names `day`, the server day the period ends in: today for
 * `ledger:close`, the day that ended for a day's end (a member reads "the signed ledger of 27 Nov"
 * for the rows of 27 Nov, closed a second after its midnight).
 */
export async function closeLedgerPeriod(deps: Deps, keys: LedgerKeys, day?: number): Promise<ClosedPeriod> {
  const now = deps.clock();
  await registerCurrentKey(deps.db, keys, now);
  const last = await latestHead(deps.db);
  const firstRowId = last ? Number(last.last_row_id) + 1 : 1;
  const lastRowId = Math.max(firstRowId - 1, await committedFundLogId(deps.db, deps.dialect));
  const rows = await fundRowsBetween(deps.db, firstRowId - 1, lastRowId);
  const levels = rowLevels(rows);
  const seq = (last?.seq ?? 0) + 1;
  const balances = balancesAfter(last ? await balancesAt(deps.db, last.seq) : new Map(), rows);
  const key = keys.current();
  const liabilities = liabilitiesRoot(liabilityTree(key, seq, balances).levels);
  const head: LedgerHead = {
    seq,
    day: day ?? dayNumber(now),
    closedAt: now,
    firstRowId,
    lastRowId,
    rowCount: rows.length,
    root: rootOfLevels(levels),
    liabilitiesRoot: liabilities.hash,
    liabilitiesCents: liabilities.sum,
    liabilitiesCount: balances.size,
    previousHash: last ? headHash(headOf(last)) : NO_PREVIOUS_HEAD,
    keyId: keyIdOf(key.publicKey),
  };
  const row: LedgerHeadRow = {
    seq,
    day: head.day,
    closed_at: head.closedAt,
    first_row_id: head.firstRowId,
    last_row_id: head.lastRowId,
    row_count: head.rowCount,
    root: bytesToHex(head.root),
    liabilities_root: bytesToHex(head.liabilitiesRoot),
    liabilities_cents: head.liabilitiesCents,
    liabilities_count: head.liabilitiesCount,
    previous_hash: bytesToHex(head.previousHash),
    key_id: key.keyId,
    head_hash: bytesToHex(headHash(head)),
    signature: bytesToHex(signHead(key, head)),
  };
  await insertHead(deps.db, row, balances);
  return { head: row, rows, levels };
}

/**
 * The scheduler's day-end work (on the lease holder, each tick): closes the running period once the
 * server day it was opened in has ended. The database is asked only when the server day has turned
 * since this instance last found nothing to close, not on every tick.
 */
export function dayEndCloser(deps: Deps, keys: LedgerKeys): () => Promise<ClosedPeriod | null> {
  let settledDay = -1;
  return async () => {
    const today = dayNumber(deps.clock());
    if (today <= settledDay) return null;
    const last = await latestHead(deps.db);
    const due = last ? dayNumber(Number(last.closed_at)) < today : await anyRowBefore(deps, today);
    const closed = due ? await closeLedgerPeriod(deps, keys, today - 1) : null;
    settledDay = today;
    return closed;
  };
}

/** Whether the fund log has a row from before `day` (the first period ends with the first day that has rows). */
async function anyRowBefore(deps: Deps, day: number): Promise<boolean> {
  const first = await deps.db.selectFrom('fund_log').select('created_at').orderBy('id').limit(1).executeTakeFirst();
  return first !== undefined && dayNumber(Number(first.created_at)) < day;
}
