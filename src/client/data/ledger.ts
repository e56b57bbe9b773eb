import { hexToBytes } from '@noble/hashes/utils.js';
import type {
  FundLogEntry,
  LedgerHead,
  LedgerKey,
  LedgerLiabilityAnswer,
  LedgerProof,
  LedgerProofsAnswer,
} from '../../shared/api/types';
import { verifyLiability } from '../../shared/ledger/liabilities';
import { LEDGER_PROOF_BATCH } from '../../shared/api/ledger';
import { checkHead, headHashOf, rowInHead, rowIsEntry, trustedKeys } from '../../shared/ledger/check';
import type { AppDatabase } from './db';

/**
 * The signed ledger on the device (docs/ledger.md): the heads the app has seen and the keys that
 * signed them (the same for every member), a member's row proofs beside their fund-log rows, and
 * the heads that came back different from the one held for their day. Everything a mark needs is
 * kept, so the fund log's rows are checked again, in the browser, with the network off.
 *
 * A held head is never replaced: a head answered for a seq the device holds with other bytes (a
 * rewritten past) is kept aside as a conflict, which the fund log names in red.
 */

/** A proof of one of the member's rows, kept with whose it is; its head is in the heads table by `seq`. */
export interface StoredLedgerProof {
  owner: string;
  id: number;
  seq: number;
  index: number;
  path: string[];
  row: LedgerProof['row'];
}

/** A head answered with other bytes than the one the device holds for its seq (or chained to other bytes). */
export interface LedgerConflict {
  seq: number;
  /** The held head's day (days since 1970-01-01, UTC+8). */
  day: number;
  heldHash: string;
  answeredHash: string;
  /** Epoch ms the difference was first seen. */
  seenAt: number;
}

export interface LedgerFetchers {
  keys: () => Promise<LedgerKey[]>;
  heads: (page: number, size: number) => Promise<{ heads: LedgerHead[]; total: number }>;
  proofs: (ids: number[]) => Promise<LedgerProofsAnswer>;
}

/** Heads asked a page at a time, newest first. */
const HEADS_PAGE = 100;

type Taken = 'held' | 'new' | 'conflict' | 'unsigned';

/** The keys the device trusts: the first it ever held, then each handed over by the one before. */
export async function heldTrustedKeys(database: AppDatabase): Promise<Map<string, Uint8Array>> {
  return trustedKeys(await database.ledgerKeys.toArray());
}

/**
 * An answered head against what the device holds: the same bytes (held), a head of a new seq that
 * a trusted key signed and that chains to the held head before it (new, kept), or a difference
 * (kept aside as a conflict, the held head untouched). A head no trusted key signed is not kept.
 */
async function takeHead(
  database: AppDatabase,
  head: LedgerHead,
  keys: ReadonlyMap<string, Uint8Array>,
  now: number,
): Promise<Taken> {
  const answeredHash = headHashOf(head);
  const held = await database.ledgerHeads.get(head.seq);
  if (held) {
    if (held.headHash === answeredHash) return 'held';
    await noteConflict(database, held, answeredHash, now);
    return 'conflict';
  }
  if (!checkHead(head, keys)) return 'unsigned';
  const before = await database.ledgerHeads.get(head.seq - 1);
  if (before && before.headHash !== head.previousHash) {
    await noteConflict(database, before, head.previousHash, now);
    return 'conflict';
  }
  await database.ledgerHeads.put(head);
  return 'new';
}

async function noteConflict(database: AppDatabase, held: LedgerHead, answeredHash: string, now: number) {
  if (await database.ledgerConflicts.get(held.seq)) return;
  await database.ledgerConflicts.put({
    seq: held.seq,
    day: held.day,
    heldHash: held.headHash,
    answeredHash,
    seenAt: now,
  });
}

/**
 * The keys and heads as published, into the device: pages of heads, newest first, until a page
 * holds only heads the device already holds as they are (a past head rewritten would have changed
 * every head after it, so the newest pages show it) or the heads end.
 */
export async function syncLedgerHeads(database: AppDatabase, fetchers: LedgerFetchers, now: number): Promise<void> {
  const held = await database.ledgerKeys.orderBy('fromSeq').toArray();
  const answered = await fetchers.keys();
  const keys = trustedKeys(answered, held[0]?.keyId);
  await database.ledgerKeys.bulkPut(answered.filter((key) => keys.has(key.keyId)));
  const answeredHeads: LedgerHead[] = [];
  for (let page = 1; ; page++) {
    const { heads, total } = await fetchers.heads(page, HEADS_PAGE);
    answeredHeads.push(...heads);
    const seen = await database.ledgerHeads.bulkGet(heads.map((head) => head.seq));
    const allHeld = seen.every((held, i) => held?.headHash === headHashOf(heads[i]));
    if (heads.length === 0 || allHeld || page * HEADS_PAGE >= total) break;
  }
  // Oldest first, so each new head finds the one it chains to.
  answeredHeads.sort((a, b) => a.seq - b.seq);
  for (const head of answeredHeads) await takeHead(database, head, keys, now);
}

/**
 * Proofs of the member's rows that signed periods hold and the device does not, asked a page of
 * rows at a time; each proof kept when its head is the one held for its seq (or a new head a trusted
 * key signed). The rows the server leaves out (not signed yet) are asked again at the next call.
 */
export async function fetchRowProofs(
  database: AppDatabase,
  owner: string,
  rowIds: readonly number[],
  fetchers: Pick<LedgerFetchers, 'proofs'>,
  now: number,
): Promise<number> {
  const latest = await database.ledgerHeads.orderBy('seq').last();
  if (!latest || !owner) return 0;
  const stored = new Set(
    (
      await database.ledgerProofs
        .where('[owner+id]')
        .anyOf(rowIds.map((id) => [owner, id]))
        .primaryKeys()
    ).map(([, id]) => id),
  );
  const wanted = rowIds.filter((id) => id <= latest.lastRowId && !stored.has(id));
  const keys = await heldTrustedKeys(database);
  let kept = 0;
  for (let at = 0; at < wanted.length; at += LEDGER_PROOF_BATCH) {
    const { proofs } = await fetchers.proofs(wanted.slice(at, at + LEDGER_PROOF_BATCH));
    for (const proof of proofs) {
      const taken = await takeHead(database, proof.head, keys, now);
      if (taken !== 'held' && taken !== 'new') continue;
      const { row, head, index, path } = proof;
      await database.ledgerProofs.put({ owner, id: row.id, seq: head.seq, index, path, row });
      kept++;
    }
  }
  return kept;
}

/** What a fund-log row's mark says: its proof checks against a signed head, or it does not. */
export type LedgerMark = { state: 'signed'; day: number } | { state: 'differs'; day: number };

/** Heads whose signatures were checked this visit, by hash and signature: one check each, not one per row. */
const checkedHeads = new Map<string, boolean>();

function headChecks(head: LedgerHead, keys: ReadonlyMap<string, Uint8Array>): boolean {
  const at = `${head.headHash}:${head.signature}:${keys.has(head.keyId) ? head.keyId : ''}`;
  let ok = checkedHeads.get(at);
  if (ok === undefined) {
    ok = checkHead(head, keys);
    checkedHeads.set(at, ok);
  }
  return ok;
}

/**
 * A row's mark, checked here from what the device holds: its proof reaches the root of the held
 * head of its period, that head is signed by a trusted key and not in conflict, and the row proven
 * is the row the member reads. Null when there is no proof (the row is not signed yet, or not asked).
 */
export function markOf(
  entry: FundLogEntry,
  proof: StoredLedgerProof | undefined,
  heads: ReadonlyMap<number, LedgerHead>,
  keys: ReadonlyMap<string, Uint8Array>,
  conflicts: ReadonlySet<number>,
): LedgerMark | null {
  const head = proof && heads.get(proof.seq);
  if (!proof || !head) return null;
  const holds =
    !conflicts.has(head.seq) &&
    headChecks(head, keys) &&
    rowInHead({ row: proof.row, head, index: proof.index, path: proof.path }) &&
    rowIsEntry(proof.row, entry);
  return { state: holds ? 'signed' : 'differs', day: head.day };
}

/**
 * The member's balance at a head, as answered, checked against the head the device holds for that
 * seq: the same head, signed by a trusted key, and the balance on a path to its liabilities root
 * with no negative sum. 'differs' when the held head is another one; 'fails' when a check fails.
 */
export function checkLiability(
  answer: LedgerLiabilityAnswer,
  held: LedgerHead | undefined,
  keys: ReadonlyMap<string, Uint8Array>,
): 'counted' | 'differs' | 'fails' {
  const { head } = answer;
  if (held && held.headHash !== headHashOf(head)) return 'differs';
  if (!headChecks(head, keys)) return 'fails';
  try {
    const counted = verifyLiability(
      { salt: hexToBytes(answer.salt), memberId: answer.memberId, balanceCents: answer.balanceCents },
      answer.index,
      head.liabilitiesCount,
      answer.path.map((node) => ({ hash: hexToBytes(node.hash), sum: node.sum })),
      { hash: hexToBytes(head.liabilitiesRoot), sum: head.liabilitiesCents },
    );
    return counted ? 'counted' : 'fails';
  } catch {
    return 'fails';
  }
}

/**
 * The member's newest kept proof as docs/ledger.md's check-row script reads it (its row, index, the
 * period's size, path, head, signature and public key): what the member checks without the app.
 */
export async function newestProofFile(database: AppDatabase, owner: string): Promise<string | null> {
  const proof = await database.ledgerProofs.where('[owner+id]').between([owner, 0], [owner, Infinity]).last();
  const head = proof && (await database.ledgerHeads.get(proof.seq));
  const key = head && (await database.ledgerKeys.get(head.keyId));
  if (!proof || !head || !key) return null;
  const file = {
    row: proof.row,
    index: proof.index,
    size: head.rowCount,
    path: proof.path,
    head,
    signature: head.signature,
    publicKey: key.publicKey,
  };
  return JSON.stringify(file, null, 2);
}

/** Logout: the member's proofs go; heads, keys and conflicts are everyone's and stay. */
export async function deleteMemberLedgerProofs(database: AppDatabase): Promise<void> {
  await database.ledgerProofs.clear();
}
