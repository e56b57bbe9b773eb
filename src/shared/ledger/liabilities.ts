/**
 * Proof of liabilities: a Merkle sum tree over every member's balance at a period's close. A leaf
 * is the hash of a salted encoding of the member's id and balance (encoding.ts) with the balance
 * as its sum; a node hashes both children's hashes and sums and carries their total, so the root
 * commits to what the operator owes. The tree's shape is RFC 6962's (merkle.ts), members in id
 * order. A member given their salt and path checks that their balance is counted and that no sum
 * on the way is negative (a negative sum would let an operator hide what it owes).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { encodeBalance } from './encoding';
import { equalBytes, levelsOf, pathOf, walkPath } from './merkle';

export interface SumNode {
  hash: Uint8Array;
  /** Cents. */
  sum: number;
}

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

function int64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigInt64(0, BigInt(value));
  return bytes;
}

export function balanceLeaf(salt: Uint8Array, memberId: number, balanceCents: number): SumNode {
  const hash = sha256
    .create()
    .update(Uint8Array.of(LEAF_PREFIX))
    .update(encodeBalance(salt, memberId, balanceCents));
  return { hash: hash.digest(), sum: balanceCents };
}

export function sumNode(left: SumNode, right: SumNode): SumNode {
  const sum = left.sum + right.sum;
  if (!Number.isSafeInteger(sum)) throw new RangeError('liabilities past the exact range');
  const hash = sha256
    .create()
    .update(Uint8Array.of(NODE_PREFIX))
    .update(left.hash)
    .update(int64(left.sum))
    .update(right.hash)
    .update(int64(right.sum));
  return { hash: hash.digest(), sum };
}

/** The empty tree: the hash of nothing, owing nothing. */
export const EMPTY_LIABILITIES: SumNode = { hash: sha256(new Uint8Array(0)), sum: 0 };

/** The tree's levels (leaves first) over leaves in member id order. */
export function liabilityLevels(leaves: readonly SumNode[]): SumNode[][] {
  return levelsOf(leaves, sumNode);
}

export function liabilitiesRoot(levels: readonly SumNode[][]): SumNode {
  const top = levels[levels.length - 1];
  return top.length === 0 ? EMPTY_LIABILITIES : top[0];
}

export function liabilityPath(levels: readonly SumNode[][], index: number): SumNode[] {
  return pathOf(levels, index);
}

/**
 * True when the member's balance, under their salt, is leaf `index` of a tree of `size` members
 * whose root is `root` (hash and total), with no negative balance or sum on the way.
 */
export function verifyLiability(
  leaf: { salt: Uint8Array; memberId: number; balanceCents: number },
  index: number,
  size: number,
  path: readonly SumNode[],
  root: SumNode,
): boolean {
  if (leaf.balanceCents < 0 || path.some((node) => node.sum < 0 || !Number.isSafeInteger(node.sum))) return false;
  let computed: SumNode | null;
  try {
    computed = walkPath(index, size, balanceLeaf(leaf.salt, leaf.memberId, leaf.balanceCents), path, sumNode);
  } catch {
    return false;
  }
  return computed !== null && computed.sum === root.sum && equalBytes(computed.hash, root.hash);
}
