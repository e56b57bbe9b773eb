/**
 * docs/ledger.md's script (checking a row without the app, with Node alone) run as a member would
 * run it: on a proof the app's own code makes (src/shared/ledger), it says ok; with a cent changed
 * in the row, or another key's signature, it says what does not hold and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeHead, encodeRow, keyIdOf, NO_PREVIOUS_HEAD, type LedgerRow } from '../../src/shared/ledger/encoding';
import { inclusionProof, leafHash, rootOf } from '../../src/shared/ledger/merkle';

const DOC = readFileSync(join(import.meta.dirname, '../../docs/ledger.md'), 'utf8');
const SCRIPT = /```js\n(\/\/ check-row\.mjs[\s\S]*?)```/.exec(DOC)?.[1];
const dir = mkdtempSync(join(tmpdir(), 'ledger-doc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows: LedgerRow[] = Array.from({ length: 11 }, (_, i) => ({
  id: 100 + i,
  memberId: 7 + (i % 3),
  createdAt: 1_764_000_000_000 + i * 1_000,
  reason: i % 2 === 0 ? 'stake' : 'award',
  amountCents: i % 2 === 0 ? -1_650 : 3_217,
  afterCents: 98_350 + i,
  refType: i % 2 === 0 ? 'order' : 'round',
  refId: i === 6 ? '第6期' : String(40 + i),
}));

function proofOf(index: number, secret = new Uint8Array(32).fill(9)) {
  const leaves = rows.map((row) => leafHash(encodeRow(row)));
  const publicKey = ed25519.getPublicKey(secret);
  const head = {
    seq: 3,
    day: 20_425,
    closedAt: 1_764_100_000_000,
    firstRowId: 100,
    lastRowId: 110,
    rowCount: rows.length,
    root: rootOf(leaves),
    liabilitiesRoot: new Uint8Array(32).fill(4),
    liabilitiesCents: 1_234_567,
    liabilitiesCount: 3,
    previousHash: NO_PREVIOUS_HEAD,
    keyId: keyIdOf(publicKey),
  };
  const hexHead = Object.fromEntries(
    Object.entries(head).map(([name, value]) => [name, value instanceof Uint8Array ? bytesToHex(value) : value]),
  );
  return {
    row: rows[index],
    index,
    size: rows.length,
    path: inclusionProof(leaves, index).map(bytesToHex),
    head: hexHead,
    signature: bytesToHex(ed25519.sign(encodeHead(head), secret)),
    publicKey: bytesToHex(publicKey),
  };
}

function runScript(proof: object): { status: number | null; stdout: string } {
  const script = join(dir, 'check-row.mjs');
  const file = join(dir, 'proof.json');
  writeFileSync(script, SCRIPT ?? '');
  writeFileSync(file, JSON.stringify(proof));
  const run = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout.trim() };
}

describe("docs/ledger.md's script", () => {
  it('is in the document', () => {
    expect(SCRIPT).toMatch(/createPublicKey/);
  });

  it('says ok for every row of a period, a text in Chinese among them', () => {
    for (let index = 0; index < rows.length; index++) {
      expect(runScript(proofOf(index)), `row ${index}`).toEqual({ status: 0, stdout: 'ok' });
    }
  });

  it('finds a cent changed in the row, and a head signed by another key', () => {
    const changed = proofOf(4);
    expect(runScript({ ...changed, row: { ...changed.row, amountCents: changed.row.amountCents + 1 } })).toEqual({
      status: 1,
      stdout: 'the row is not in the signed tree',
    });
    const forged = proofOf(4);
    forged.signature = proofOf(4, new Uint8Array(32).fill(5)).signature;
    expect(runScript(forged)).toEqual({ status: 1, stdout: 'the signature does not check' });
  });
});
