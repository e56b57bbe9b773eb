/**
 * The signed ledger on the device (data/ledger.ts): heads and keys synced into Dexie, the proofs of
 * a member's rows asked for once and kept, each row's mark checked from what the device holds (so
 * with the network off too), a head answered different for a seq the device holds kept aside as a
 * conflict and never replacing the held one, and the newest proof copied as docs/ledger.md's script
 * reads it (the script says ok).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerKey, LedgerProof } from '../../src/shared/api/types';
import { db } from '../../src/client/data/db';
import {
  fetchRowProofs,
  heldTrustedKeys,
  markOf,
  newestProofFile,
  syncLedgerHeads,
  type LedgerFetchers,
} from '../../src/client/data/ledger';
import { ownerOf } from '../../src/client/api/owner';
import { closePeriod, entryOfRow, ledgerKeyOf, memberRows, signedHead, type Period } from '../support/signedLedger';
import { headFromWire } from '../../src/shared/ledger/wire';
import { resetClientState } from './helpers';

const OWNER = ownerOf('token');
const NOW = 1_780_000_000_000;
const DAY = 20_600;

/** Three periods of one member's rows (ids 1-12), each a day. */
function ledger(): Period[] {
  const first = closePeriod(1, DAY, memberRows(7, 1, 4, DAY * 86_400_000), null);
  const second = closePeriod(2, DAY + 1, memberRows(7, 5, 4, (DAY + 1) * 86_400_000), first.head);
  const third = closePeriod(3, DAY + 2, memberRows(7, 9, 4, (DAY + 2) * 86_400_000), second.head);
  return [first, second, third];
}

/** A server publishing these heads and keys, recording what was asked. */
function serverOf(periods: Period[], keys: LedgerKey[] = [ledgerKeyOf()]) {
  const asked = { heads: [] as number[], proofs: [] as number[][] };
  let heads = periods.map((period) => period.head);
  let proofs: LedgerProof[] = periods.flatMap((period) => period.proofs);
  const fetchers: LedgerFetchers = {
    keys: async () => keys,
    heads: async (page, size) => {
      asked.heads.push(page);
      const newestFirst = [...heads].reverse();
      return { heads: newestFirst.slice((page - 1) * size, page * size), total: heads.length };
    },
    proofs: async (ids) => {
      asked.proofs.push(ids);
      return { proofs: proofs.filter((proof) => ids.includes(proof.row.id)) };
    },
  };
  return {
    asked,
    fetchers,
    publish: (next: Period[]) => {
      heads = next.map((period) => period.head);
      proofs = next.flatMap((period) => period.proofs);
    },
  };
}

async function marksOf(periods: Period[]) {
  const heads = new Map((await db.ledgerHeads.toArray()).map((head) => [head.seq, head]));
  const keys = await heldTrustedKeys(db);
  const conflicts = new Set((await db.ledgerConflicts.toArray()).map((conflict) => conflict.seq));
  const rows = periods.flatMap((period) => period.proofs.map((proof) => proof.row));
  return Promise.all(
    rows.map(async (row) =>
      markOf(entryOfRow(row), await db.ledgerProofs.get([OWNER, row.id]), heads, keys, conflicts),
    ),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'ledger-device-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(async () => {
  await resetClientState();
});

describe('the signed ledger on the device', () => {
  it('keeps the heads and the proofs of the rows, and marks each row with its day from them alone', async () => {
    const periods = ledger();
    const server = serverOf(periods);
    await syncLedgerHeads(db, server.fetchers, NOW);
    expect((await db.ledgerHeads.toArray()).map((head) => head.seq)).toEqual([1, 2, 3]);
    // A row of the running period (13) is not asked: no head holds it yet.
    const ids = Array.from({ length: 13 }, (_, i) => i + 1);
    expect(await fetchRowProofs(db, OWNER, ids, server.fetchers, NOW)).toBe(12);
    expect(server.asked.proofs).toEqual([ids.slice(0, 12)]);
    // Held: asked again, nothing is fetched.
    await fetchRowProofs(db, OWNER, ids, server.fetchers, NOW);
    expect(server.asked.proofs).toHaveLength(1);

    const marks = await marksOf(periods);
    expect(marks.map((mark) => mark?.state)).toEqual(Array(12).fill('signed'));
    expect(marks.map((mark) => mark?.day)).toEqual([0, 1, 2].flatMap((d) => Array(4).fill(DAY + d)));
  });

  it('marks in red a row the member reads otherwise than it was signed', async () => {
    const periods = ledger();
    const server = serverOf(periods);
    await syncLedgerHeads(db, server.fetchers, NOW);
    await fetchRowProofs(db, OWNER, [6], server.fetchers, NOW);
    const heads = new Map((await db.ledgerHeads.toArray()).map((head) => [head.seq, head]));
    const keys = await heldTrustedKeys(db);
    const proof = await db.ledgerProofs.get([OWNER, 6]);
    const row = periods[1].proofs[1].row;
    expect(markOf(entryOfRow(row), proof, heads, keys, new Set())?.state).toBe('signed');
    const shown = { ...entryOfRow(row), after: entryOfRow(row).after + 0.01 };
    expect(markOf(shown, proof, heads, keys, new Set())).toEqual({ state: 'differs', day: DAY + 1 });
    // A kept proof changed on the device no longer reaches the signed root.
    const changed = { ...proof!, row: { ...proof!.row, amountCents: proof!.row.amountCents - 1 } };
    expect(markOf(entryOfRow(row), changed, heads, keys, new Set())?.state).toBe('differs');
  });

  it('keeps a head answered different for a held day aside, names its day, and never replaces it', async () => {
    const periods = ledger();
    const server = serverOf(periods);
    await syncLedgerHeads(db, server.fetchers, NOW);
    await fetchRowProofs(db, OWNER, [5, 6, 7, 8], server.fetchers, NOW);
    const held = await db.ledgerHeads.toArray();

    // The operator rewrites day 2 (a cent of row 6) and signs again every head from there on.
    const rows = periods[1].proofs.map((proof) => proof.row);
    rows[1] = { ...rows[1], amountCents: rows[1].amountCents + 1 };
    const second = closePeriod(2, DAY + 1, rows, periods[0].head);
    const third = closePeriod(
      3,
      DAY + 2,
      periods[2].proofs.map((proof) => proof.row),
      second.head,
    );
    server.publish([periods[0], second, third]);
    await syncLedgerHeads(db, server.fetchers, NOW + 1);

    expect(await db.ledgerHeads.toArray()).toEqual(held);
    const conflicts = await db.ledgerConflicts.toArray();
    expect(conflicts.map((conflict) => [conflict.seq, conflict.day])).toEqual([
      [2, DAY + 1],
      [3, DAY + 2],
    ]);
    expect(conflicts[0]).toMatchObject({ heldHash: periods[1].head.headHash, answeredHash: second.head.headHash });
    const marks = await marksOf([periods[1]]);
    expect(marks.map((mark) => mark?.state)).toEqual(Array(4).fill('differs'));
    // A proof answered on the rewritten head is not kept either.
    await fetchRowProofs(db, OWNER, [9], server.fetchers, NOW + 2);
    expect(await db.ledgerProofs.get([OWNER, 9])).toBeUndefined();
  });

  it('keeps no head signed by a key that was not handed over, and no proof on it', async () => {
    const periods = ledger();
    const server = serverOf(periods);
    await syncLedgerHeads(db, server.fetchers, NOW);
    // A fourth head signed by another key, which no key the device trusts handed over.
    const other = new Uint8Array(32).fill(9);
    const fourth = closePeriod(4, DAY + 3, memberRows(7, 13, 2, (DAY + 3) * 86_400_000), periods[2].head, other);
    server.publish([...periods, fourth]);
    await syncLedgerHeads(db, server.fetchers, NOW);
    expect(await db.ledgerHeads.get(4)).toBeUndefined();
    expect(await fetchRowProofs(db, OWNER, [13, 14], server.fetchers, NOW)).toBe(0);
  });

  it('finds a head that does not chain to the held one before it', async () => {
    const periods = ledger();
    const server = serverOf(periods.slice(0, 2));
    await syncLedgerHeads(db, server.fetchers, NOW);
    const forged = signedHead({ ...headFromWire(periods[2].head), previousHash: new Uint8Array(32).fill(1) });
    server.publish([...periods.slice(0, 2), { head: forged, proofs: [] }]);
    await syncLedgerHeads(db, server.fetchers, NOW);
    expect(await db.ledgerHeads.get(3)).toBeUndefined();
    expect((await db.ledgerConflicts.toArray()).map((conflict) => conflict.seq)).toEqual([2]);
  });

  it("copies the newest proof as docs/ledger.md's script reads it, and the script says ok", async () => {
    const periods = ledger();
    const server = serverOf(periods);
    await syncLedgerHeads(db, server.fetchers, NOW);
    expect(await newestProofFile(db, OWNER)).toBeNull();
    await fetchRowProofs(db, OWNER, [3, 10], server.fetchers, NOW);
    const file = (await newestProofFile(db, OWNER))!;
    expect(JSON.parse(file)).toMatchObject({ row: { id: 10 }, index: 1, size: 4 });
    const script = /```js\n(\/\/ check-row\.mjs[\s\S]*?)```/.exec(
      readFileSync(join(import.meta.dirname, '../../docs/ledger.md'), 'utf8'),
    )![1];
    writeFileSync(join(dir, 'check-row.mjs'), script);
    writeFileSync(join(dir, 'proof.json'), file);
    const run = spawnSync(process.execPath, [join(dir, 'check-row.mjs'), join(dir, 'proof.json')], {
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('ok');
    const changed = JSON.parse(file) as { row: { afterCents: number } };
    changed.row.afterCents += 1;
    writeFileSync(join(dir, 'changed.json'), JSON.stringify(changed));
    const refused = spawnSync(process.execPath, [join(dir, 'check-row.mjs'), join(dir, 'changed.json')], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
  });
});
