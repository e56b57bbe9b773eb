/**
 * The ledger's building blocks (src/shared/ledger), against fixed vectors: RFC 6962's tree over
 * certificate transparency's test leaves, inclusion proofs against a tree built by the RFC's own
 * recursive definition, the canonical row and head bytes written out by hand from docs/ledger.md,
 * the sum tree of liabilities, and Ed25519 against RFC 8032's first test vector.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeHead, encodeRow, keyIdOf, NO_PREVIOUS_HEAD, type LedgerHead } from '../../src/shared/ledger/encoding';
import {
  balanceLeaf,
  liabilitiesRoot,
  liabilityLevels,
  liabilityPath,
  sumNode,
  verifyLiability,
  type SumNode,
} from '../../src/shared/ledger/liabilities';
import {
  EMPTY_ROOT,
  inclusionProof,
  leafHash,
  levelsOf,
  nodeHash,
  rootOf,
  rootOfLevels,
  verifyInclusion,
} from '../../src/shared/ledger/merkle';
import { verifyHeadSignature } from '../../src/shared/ledger/signature';
import { fastLeafHash, fastNodeHash } from '../../src/server/domain/signedLedger/hashing';

/** The test leaves of certificate transparency's Merkle tree tests (RFC 6962 implementations). */
const CT_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map((hex) => hexToBytes(hex));

/** Their roots for the first 1..8 leaves. */
const CT_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

/** RFC 6962 section 2.1's MTH, written as the RFC writes it: the split at the largest power of two below n. */
function recursiveRoot(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leafHash(leaves[0]);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(recursiveRoot(leaves.slice(0, k)), recursiveRoot(leaves.slice(k)));
}

/** RFC 6962 section 2.1.1's PATH, as the RFC writes it. */
function recursivePath(m: number, leaves: readonly Uint8Array[]): Uint8Array[] {
  if (leaves.length <= 1) return [];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return m < k
    ? [...recursivePath(m, leaves.slice(0, k)), recursiveRoot(leaves.slice(k))]
    : [...recursivePath(m - k, leaves.slice(k)), recursiveRoot(leaves.slice(0, k))];
}

const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => Uint8Array.of(i & 0xff, i >> 8));

describe('the fund log tree (RFC 6962)', () => {
  it("gives certificate transparency's roots for its test leaves, 1 to 8 of them", () => {
    for (let n = 1; n <= 8; n++) {
      expect(bytesToHex(rootOf(CT_LEAVES.slice(0, n).map(leafHash))), `${n} leaves`).toBe(CT_ROOTS[n - 1]);
    }
  });

  it('hashes an empty tree as the hash of nothing', () => {
    expect(bytesToHex(rootOf([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(EMPTY_ROOT).toEqual(sha256(new Uint8Array(0)));
  });

  it("builds the RFC's root and path for every leaf of trees of 1 to 70 leaves, and each path checks", () => {
    for (let n = 1; n <= 70; n++) {
      const leaves = leavesOf(n);
      const hashes = leaves.map(leafHash);
      const root = rootOf(hashes);
      expect(root).toEqual(recursiveRoot(leaves));
      for (let m = 0; m < n; m++) {
        const proof = inclusionProof(hashes, m);
        expect(proof).toEqual(recursivePath(m, leaves));
        expect(verifyInclusion(m, n, hashes[m], proof, root), `${m} of ${n}`).toBe(true);
      }
    }
    // About 2,500 paths against the RFC's recursive definition: a second alone, several beside the
    // browser tests on two cores. A check of correctness, not of speed.
  }, 30_000);

  it('refuses a proof for another leaf or index, a size its path cannot have, another root, a changed step, or one step more or less', () => {
    const hashes = leavesOf(13).map(leafHash);
    const root = rootOf(hashes);
    const proof = inclusionProof(hashes, 5);
    expect(verifyInclusion(5, 13, hashes[5], proof, root)).toBe(true);
    expect(verifyInclusion(5, 13, hashes[6], proof, root)).toBe(false);
    expect(verifyInclusion(6, 13, hashes[5], proof, root)).toBe(false);
    expect(verifyInclusion(5, 8, hashes[5], proof, root)).toBe(false);
    expect(verifyInclusion(5, 13, hashes[5], proof, hashes[0])).toBe(false);
    expect(verifyInclusion(5, 13, hashes[5], proof.slice(1), root)).toBe(false);
    expect(verifyInclusion(5, 13, hashes[5], [...proof, hashes[0]], root)).toBe(false);
    expect(verifyInclusion(13, 13, hashes[5], proof, root)).toBe(false);
    expect(verifyInclusion(-1, 13, hashes[5], proof, root)).toBe(false);
    const changed = proof.map((step) => step.slice());
    changed[1][0] ^= 1;
    expect(verifyInclusion(5, 13, hashes[5], changed, root)).toBe(false);
  });
});

describe('the canonical bytes (docs/ledger.md)', () => {
  it('encode a fund-log row field by field, a negative amount in two’s complement', () => {
    const bytes = encodeRow({
      id: 258,
      memberId: 7,
      createdAt: 1_764_000_000_000,
      reason: 'stake',
      amountCents: -1_650,
      afterCents: 98_350,
      refType: 'order',
      refId: '42',
    });
    expect(bytesToHex(bytes)).toBe(
      [
        '01', // version
        '0000000000000102', // id 258
        '0000000000000007', // member 7
        '0000019ab697e800', // 1,764,000,000,000 ms
        '0005' + '7374616b65', // "stake"
        'fffffffffffff98e', // -1,650
        '000000000001802e', // 98,350
        '0005' + '6f72646572', // "order"
        '0002' + '3432', // "42"
      ].join(''),
    );
  });

  it('encode a row’s text as UTF-8 with its length in bytes', () => {
    const bytes = encodeRow({
      id: 1,
      memberId: 1,
      createdAt: 0,
      reason: 'award',
      amountCents: 0,
      afterCents: 0,
      refType: 'round',
      refId: '期',
    });
    expect(bytesToHex(bytes.slice(-5))).toBe('0003e69c9f');
  });

  it('encode a head with its tag, figures, roots, the head before and the key', () => {
    const head: LedgerHead = {
      seq: 2,
      day: 20_419,
      closedAt: 1_764_259_200_000,
      firstRowId: 101,
      lastRowId: 250,
      rowCount: 149,
      root: new Uint8Array(32).fill(0xaa),
      liabilitiesRoot: new Uint8Array(32).fill(0xbb),
      liabilitiesCents: 123_456,
      liabilitiesCount: 3,
      previousHash: NO_PREVIOUS_HEAD,
      keyId: new Uint8Array(32).fill(0xcc),
    };
    const tag = bytesToHex(new TextEncoder().encode('roundplay ledger head v1'));
    expect(bytesToHex(encodeHead(head))).toBe(
      [
        '0018' + tag,
        '0000000000000002',
        '0000000000004fc3',
        '0000019ac60afc00',
        '0000000000000065',
        '00000000000000fa',
        '0000000000000095',
        'aa'.repeat(32),
        'bb'.repeat(32),
        '000000000001e240',
        '0000000000000003',
        '00'.repeat(32),
        'cc'.repeat(32),
      ].join(''),
    );
  });

  it('refuse a figure that is not an exact integer rather than write a rounded one', () => {
    const row = {
      id: 1,
      memberId: 1,
      createdAt: 0,
      reason: 'x',
      amountCents: 0.5,
      afterCents: 0,
      refType: '',
      refId: '',
    };
    expect(() => encodeRow(row)).toThrow(RangeError);
    expect(() => encodeRow({ ...row, amountCents: 2 ** 53 })).toThrow(RangeError);
  });
});

describe('the liabilities sum tree', () => {
  const salt = (i: number) => sha256(Uint8Array.of(i));
  const members = [
    { id: 3, balance: 1_000 },
    { id: 8, balance: 0 },
    { id: 9, balance: 250_075 },
    { id: 12, balance: 99 },
    { id: 40, balance: 5_000_00 },
  ];

  it('commits to the total owed, and each member’s path checks', () => {
    const leaves = members.map((m, i) => balanceLeaf(salt(i), m.id, m.balance));
    const levels = liabilityLevels(leaves);
    const root = liabilitiesRoot(levels);
    expect(root.sum).toBe(members.reduce((sum, m) => sum + m.balance, 0));
    // By hand: ((0 1) (2 3)) 4.
    const expected = sumNode(sumNode(sumNode(leaves[0], leaves[1]), sumNode(leaves[2], leaves[3])), leaves[4]);
    expect(root).toEqual(expected);
    members.forEach((m, i) => {
      const path = liabilityPath(levels, i);
      const leaf = { salt: salt(i), memberId: m.id, balanceCents: m.balance };
      expect(verifyLiability(leaf, i, members.length, path, root)).toBe(true);
      expect(verifyLiability({ ...leaf, balanceCents: m.balance + 1 }, i, members.length, path, root)).toBe(false);
      expect(verifyLiability({ ...leaf, salt: salt(99) }, i, members.length, path, root)).toBe(false);
    });
  });

  it('hashes a node over both children’s hashes and sums, so a sum cannot be moved between them', () => {
    const a = balanceLeaf(salt(1), 1, 10);
    const b = balanceLeaf(salt(2), 2, 20);
    const moved: [SumNode, SumNode] = [
      { hash: a.hash, sum: 15 },
      { hash: b.hash, sum: 15 },
    ];
    expect(sumNode(a, b).sum).toBe(sumNode(...moved).sum);
    expect(sumNode(a, b).hash).not.toEqual(sumNode(...moved).hash);
  });

  it('refuses a path with a negative sum on the way, even one that adds up', () => {
    // An operator hiding 500 owed to member 1 behind a sibling of -500: the root's total is 0.
    const own = balanceLeaf(salt(1), 1, 500);
    const hiding: SumNode = { hash: sha256(Uint8Array.of(7)), sum: -500 };
    const root = sumNode(own, hiding);
    expect(root.sum).toBe(0);
    expect(verifyLiability({ salt: salt(1), memberId: 1, balanceCents: 500 }, 0, 2, [hiding], root)).toBe(false);
  });
});

describe('head signatures (Ed25519)', () => {
  // RFC 8032 section 7.1, TEST 1: its public key; the signature below is over our head, made with its secret key.
  const publicKey = hexToBytes('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');

  it("verify RFC 8032's first test vector through the library the app uses", async () => {
    const { ed25519 } = await import('@noble/curves/ed25519.js');
    const signature = hexToBytes(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
    expect(ed25519.verify(signature, new Uint8Array(0), publicKey)).toBe(true);
    const secretKey = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
    expect(bytesToHex(ed25519.getPublicKey(secretKey))).toBe(bytesToHex(publicKey));
  });

  it('check a head signed by its key, and refuse it changed, under another key, or naming another key', async () => {
    const { ed25519 } = await import('@noble/curves/ed25519.js');
    const secretKey = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
    const head: LedgerHead = {
      seq: 1,
      day: 20_419,
      closedAt: 1_764_259_200_000,
      firstRowId: 1,
      lastRowId: 3,
      rowCount: 3,
      root: rootOf(leavesOf(3).map(leafHash)),
      liabilitiesRoot: new Uint8Array(32),
      liabilitiesCents: 0,
      liabilitiesCount: 0,
      previousHash: NO_PREVIOUS_HEAD,
      keyId: keyIdOf(publicKey),
    };
    const signature = ed25519.sign(encodeHead(head), secretKey);
    expect(verifyHeadSignature(head, signature, publicKey)).toBe(true);
    expect(verifyHeadSignature({ ...head, rowCount: 4 }, signature, publicKey)).toBe(false);
    const other = ed25519.getPublicKey(sha256(Uint8Array.of(1)));
    expect(verifyHeadSignature({ ...head, keyId: keyIdOf(other) }, signature, other)).toBe(false);
    expect(verifyHeadSignature({ ...head, keyId: keyIdOf(other) }, signature, publicKey)).toBe(false);
  });
});

describe("the server's own hashing of a period's tree", () => {
  it('hashes leaves and nodes to the very bytes the shared code (and the app) hash them to', () => {
    for (let size = 0; size < 200; size += 7) {
      const data = new Uint8Array(size).map((_, i) => (i * 31 + size) & 0xff);
      expect(fastLeafHash(data)).toEqual(Buffer.from(leafHash(data)));
      const left = leafHash(data);
      const right = leafHash(data.slice(1));
      expect(fastNodeHash(left, right)).toEqual(Buffer.from(nodeHash(left, right)));
    }
    const leaves = Array.from({ length: 37 }, (_, i) => leafHash(Uint8Array.of(i)));
    expect(rootOfLevels(levelsOf(leaves, fastNodeHash))).toEqual(Buffer.from(rootOf(leaves)));
    expect(rootOfLevels(levelsOf([], fastNodeHash))).toEqual(EMPTY_ROOT);
  });
});
