/**
 * The signed ledger's costs (issue 46): closing a period of 100,000 fund-log rows (its tree, every
 * balance's sum tree, the signature and the stored balances), serving one row's proof (from the
 * tree the close left in memory, and rebuilt from the database), and checking one proof and its
 * head's signature as the app does, in Node and in Chromium at 4x CPU slowdown (ledgerBrowser.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { encodeRow } from '../../src/shared/ledger/encoding';
import { leafHash, pathOf, verifyInclusion } from '../../src/shared/ledger/merkle';
import { verifyHeadSignature } from '../../src/shared/ledger/signature';
import type { Deps } from '../../src/server/domain/deps';
import { closeLedgerPeriod } from '../../src/server/domain/signedLedger/close';
import { fixedLedgerKeys } from '../../src/server/domain/signedLedger/keys';
import { LedgerProofs } from '../../src/server/domain/signedLedger/proofs';
import { headOf, headWire, ledgerRowOf, rowLevels } from '../../src/server/domain/signedLedger/trees';
import { ledgerKeys } from '../../src/server/repositories/ledgerHeads';
import { browserCheckMs } from './ledgerBrowser';
import { fundRowsBetween } from '../../src/server/repositories/ledgerHeads';
import { startCluster } from '../server/pg/cluster';
import { n } from './harness';
import { createMembers, openBenchDatabase, openBenchPostgres } from './server-fixtures';

const ROWS = 100_000;
const MEMBERS = 2_000;
const ms = (value: number) =>
  value < 0.01 ? `${(value * 1_000).toFixed(1)} µs` : `${value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 0)} ms`;

/** MEMBERS members with a deposit each, then rows up to ROWS: small stakes and wins, balances chained. */
async function fillFundLog(deps: Deps): Promise<void> {
  const members = await createMembers(deps, MEMBERS, 1_000_00);
  const balances = new Map(members.map((member) => [member.id, 1_000_00]));
  const now = deps.clock();
  const rows = [];
  for (let i = MEMBERS; i < ROWS; i++) {
    const member = members[i % MEMBERS].id;
    const amount = i % 3 === 0 ? 150 : -100;
    const before = balances.get(member)!;
    balances.set(member, before + amount);
    rows.push({
      member_id: member,
      amount_cents: amount,
      before_cents: before,
      after_cents: before + amount,
      reason_code: amount > 0 ? 'award' : 'stake',
      reason_text: 'bench',
      ref_type: amount > 0 ? 'round' : 'order',
      ref_id: String(i),
      created_at: now,
    });
  }
  for (let at = 0; at < rows.length; at += 2_000) {
    await deps.db
      .insertInto('fund_log')
      .values(rows.slice(at, at + 2_000))
      .execute();
  }
}

async function figures(deps: Deps, inBrowser: boolean): Promise<string[]> {
  await fillFundLog(deps);
  const keys = fixedLedgerKeys([randomBytes(32)], 'the bench');
  let started = performance.now();
  const closed = await closeLedgerPeriod(deps, keys);
  const { head, levels } = closed;
  const closeMs = performance.now() - started;
  const index = Math.floor(head.row_count / 2);

  // A thousand proofs of rows across the period: the time of one is their mean.
  started = performance.now();
  let warmPath: Uint8Array[] = [];
  for (let i = 0; i < 1_000; i++) warmPath = pathOf(levels, (index + i * 97) % head.row_count);
  const warmMs = (performance.now() - started) / 1_000;

  // Served as the call serves it (the row's head looked up, the kept tree walked, hex made): mean of 200.
  const proofs = new LedgerProofs(deps.db, keys);
  proofs.keep(head.seq, closed.rows, levels);
  const asked = closed.rows[index];
  started = performance.now();
  for (let i = 0; i < 200; i++) await proofs.rowProofs(asked.member_id, [asked.id]);
  const servedMs = (performance.now() - started) / 200;

  started = performance.now();
  const rows = await fundRowsBetween(deps.db, Number(head.first_row_id) - 1, Number(head.last_row_id));
  const coldPath = pathOf(rowLevels(rows), index);
  const coldMs = performance.now() - started;

  const signed = headOf(head);
  const publicKey = keys.current().publicKey;
  // The median of 21 checks (the first compiles the code).
  const times: number[] = [];
  let checks = true;
  for (let i = 0; i < 21; i++) {
    started = performance.now();
    const leaf = leafHash(encodeRow(ledgerRowOf(rows[index])));
    checks &&=
      verifyHeadSignature(signed, hexToBytes(head.signature), publicKey) &&
      verifyInclusion(index, head.row_count, leaf, coldPath, signed.root);
    times.push(performance.now() - started);
  }
  const checkMs = times.sort((a, b) => a - b)[10];
  if (!checks || warmPath.length !== coldPath.length) throw new Error('the bench proof does not check');
  const browser = inBrowser ? await browserFigure(deps, rows[index], head, index, coldPath) : [];
  return [
    `Closing a period of ${n(head.row_count)} rows and ${n(head.liabilities_count)} balances: ${ms(closeMs)} — goal < 1 s`,
    `One row's proof (${warmPath.length} steps): ${ms(warmMs)} from the tree in memory (mean of 1,000), ${ms(servedMs)} served with its head looked up (mean of 200), ${ms(coldMs)} when its tree is rebuilt from the database — goal < 5 ms to serve`,
    `Checking it and the head's signature in Node (median of 21): ${ms(checkMs)}`,
    ...browser,
  ];
}

/** The same proof checked in Chromium at 4x CPU slowdown, as the app checks it (ledgerBrowser.ts). */
async function browserFigure(
  deps: Deps,
  row: Parameters<typeof ledgerRowOf>[0],
  head: Parameters<typeof headWire>[0],
  index: number,
  path: Uint8Array[],
): Promise<string[]> {
  const keys = (await ledgerKeys(deps.db)).map((key) => ({
    keyId: key.key_id,
    publicKey: key.public_key,
    previousKeyId: key.previous_key_id,
    handover: key.handover,
    fromSeq: key.from_seq,
  }));
  const proof = { row: ledgerRowOf(row), head: headWire(head), index, path: path.map(bytesToHex) };
  const { firstRowMs, nextRowMs } = await browserCheckMs(proof, keys);
  return [
    `Checking it in Chromium at 4x CPU slowdown (median of 21): ${ms(firstRowMs)} with the head's key and signature, ${ms(nextRowMs)} for each further row of a checked head — goal < 20 ms`,
  ];
}

export async function runLedgerBench(): Promise<void> {
  console.log('\n== The signed ledger (figures, not pass/fail) ==');
  const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-'));
  try {
    const deps = await openBenchDatabase(dir);
    try {
      for (const line of await figures(deps, true)) console.log(`SQLite: ${line}`);
    } finally {
      await deps.db.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cluster = await startCluster({ prefix: 'bench-pg-ledger-', durable: true });
  try {
    const deps = await openBenchPostgres(cluster.adminUrl);
    try {
      for (const line of await figures(deps, false)) console.log(`PostgreSQL (durable): ${line}`);
    } finally {
      await deps.db.destroy();
    }
  } finally {
    await cluster.destroy();
  }
}
