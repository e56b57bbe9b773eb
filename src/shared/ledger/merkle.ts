/**
 * Merkle trees as certificate transparency logs make them (RFC 6962 section 2.1, RFC 9162 section
 * 2.1): SHA-256, a leaf hashed as H(0x00 || data), a node as H(0x01 || left || right), a tree of n
 * leaves split at the largest power of two below n. The fund log's tree of a period and its
 * inclusion proofs use these; the server builds them, the app and anyone else check them.
 */
import { sha256 } from '@noble/hashes/sha2.js';

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

function hashWithPrefix(prefix: number, ...parts: Uint8Array[]): Uint8Array {
  const hash = sha256.create();
  hash.update(Uint8Array.of(prefix));
  for (const part of parts) hash.update(part);
  return hash.digest();
}

export function leafHash(data: Uint8Array): Uint8Array {
  return hashWithPrefix(LEAF_PREFIX, data);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return hashWithPrefix(NODE_PREFIX, left, right);
}

/** The root of an empty tree: the hash of nothing. */
export const EMPTY_ROOT: Uint8Array = sha256(new Uint8Array(0));

/**
 * A tree's levels, leaves first: each level pairs the one below, and a last node without a pair
 * goes up as it is. This is RFC 6962's recursive split, built from the bottom in one pass.
 */
export function levelsOf<T>(leaves: readonly T[], combine: (left: T, right: T) => T): T[][] {
  const levels: T[][] = [leaves.slice()];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    const level: T[] = [];
    for (let i = 0; i + 1 < below.length; i += 2) level.push(combine(below[i], below[i + 1]));
    if (below.length % 2 === 1) level.push(below[below.length - 1]);
    levels.push(level);
  }
  return levels;
}

/** The siblings on the way from leaf `index` to the root, leaf side first (RFC 9162 PATH). */
export function pathOf<T>(levels: readonly T[][], index: number): T[] {
  const path: T[] = [];
  let at = index;
  for (let depth = 0; depth < levels.length - 1; depth++) {
    const level = levels[depth];
    const sibling = at ^ 1;
    if (sibling < level.length) path.push(level[sibling]);
    at >>= 1;
  }
  return path;
}

/** The root hash of leaves already hashed (leafHash). */
export function rootOf(leafHashes: readonly Uint8Array[]): Uint8Array {
  return rootOfLevels(levelsOf(leafHashes, nodeHash));
}

/** The root of a tree given as its levels (levelsOf); the empty tree's root when it has no leaves. */
export function rootOfLevels(levels: readonly (readonly Uint8Array[])[]): Uint8Array {
  return levels[levels.length - 1]?.[0] ?? EMPTY_ROOT;
}

/** The inclusion proof of leaf `index` among `leafHashes`. */
export function inclusionProof(leafHashes: readonly Uint8Array[], index: number): Uint8Array[] {
  if (index < 0 || index >= leafHashes.length) throw new RangeError(`no leaf ${index} of ${leafHashes.length}`);
  return pathOf(levelsOf(leafHashes, nodeHash), index);
}

/**
 * Walks a path from a leaf to the root as RFC 9162 section 2.1.3.2 checks an inclusion proof,
 * joining with `join(left, right)`; null when the path cannot belong to a tree of that size.
 */
export function walkPath<T>(
  index: number,
  size: number,
  leaf: T,
  path: readonly T[],
  join: (left: T, right: T) => T,
): T | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  // Plain numbers: a period holds far fewer than 2^53 rows, and division keeps them exact.
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = join(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = join(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** True when `proof` shows the leaf hash at `index` in the tree of `size` leaves whose root is `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  const computed = walkPath(index, size, leaf, proof, nodeHash);
  return computed !== null && equalBytes(computed, root);
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
