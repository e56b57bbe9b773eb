/**
 * The signed ledger of the fund log (issue 46), on SQLite and PostgreSQL: a closed period's head
 * holds its rows and every balance, chains to the head before and is signed; a member's row and
 * balance are proven against it with the checks the app uses (src/shared/ledger); a past row
 * changed in the database is found by `ledger:verify`, by `audit`, and by the row's own proof; a
 * server day's end closes the running period by itself; a rotated key is handed over by the old.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRow, headHash } from '../../src/shared/ledger/encoding';
import { verifyLiability } from '../../src/shared/ledger/liabilities';
import { inclusionProof, leafHash, verifyInclusion } from '../../src/shared/ledger/merkle';
import { verifyHeadSignature, verifyKeyHandover } from '../../src/shared/ledger/signature';
import { checkHead, rowInHead, trustedKeys } from '../../src/shared/ledger/check';
import { markOf } from '../../src/client/data/ledger';
import { ApiPath } from '../../src/shared/api/paths';
import type {
  FundLogEntry,
  LedgerHead,
  LedgerKey,
  LedgerLiabilityAnswer,
  LedgerProofsAnswer,
} from '../../src/shared/api/types';
import { dayNumber, dayStart, isoDate } from '../../src/shared/serverDay';
import { runAudit } from '../../src/server/domain/audit';
import { closeLedgerPeriod } from '../../src/server/domain/signedLedger/close';
import { LedgerProofs } from '../../src/server/domain/signedLedger/proofs';
import { creditDeposit } from '../../src/server/domain/operator';
import {
  liabilitySalt,
  openLedgerKeys,
  rotateLedgerKey,
  type LedgerKeys,
} from '../../src/server/domain/signedLedger/keys';
import { headOf, headWire, ledgerRowOf, liabilityTree } from '../../src/server/domain/signedLedger/trees';
import { verifyLedger } from '../../src/server/domain/signedLedger/verify';
import { liabilityPath, liabilitiesRoot } from '../../src/shared/ledger/liabilities';
import {
  allHeads,
  balancesAt,
  fundRowsBetween,
  headOfRow,
  ledgerKeys,
} from '../../src/server/repositories/ledgerHeads';
import { adminOf } from './support/admin';
import { drawCurrent, fundedMember, line, openRound, order, ROOM, type Player } from './support/game';
import { startServer, type TestServer } from './support/server';

const GAME = 15;
let server: TestServer;
let keys: LedgerKeys;
const admin = adminOf(() => server);

beforeAll(async () => {
  server = await startServer();
  keys = (await openLedgerKeys({ kind: 'file', path: server.database.env.LEDGER_KEY_FILE }, server.deps.db)).keys;
  await server.restart({ ledgerKeys: keys });
});

afterAll(() => server?.close());

/** A member with a deposit and a played round: a few fund-log rows of each kind. */
async function playingMember(): Promise<Player> {
  const member = await fundedMember(server, 500);
  await openRound(server, GAME);
  expect((await order(server, member.token, ROOM.usdtStandard, [line(0, 20), line(1, 30)])).body.code).toBe(1);
  await drawCurrent(server, GAME);
  return member;
}

/** What the app checks of one fund-log row: its bytes are a leaf of its period's signed tree. */
async function rowChecks(rowId: number): Promise<boolean> {
  const stored = await headOfRow(server.deps.db, rowId);
  if (!stored) return false;
  const head = headOf(stored);
  const rows = await fundRowsBetween(server.deps.db, head.firstRowId - 1, head.lastRowId);
  const index = rows.findIndex((row) => row.id === rowId);
  const leaves = rows.map((row) => leafHash(encodeRow(ledgerRowOf(row))));
  const [key] = (await ledgerKeys(server.deps.db)).filter((row) => row.key_id === stored.key_id);
  return (
    verifyHeadSignature(head, hexToBytes(stored.signature), hexToBytes(key.public_key)) &&
    verifyInclusion(index, head.rowCount, leaves[index], inclusionProof(leaves, index), head.root)
  );
}

interface LedgerHeadsAnswer {
  heads: LedgerHead[];
  total: number;
}

const breachesOf = async () => (await verifyLedger(server.deps.db, keys)).flatMap((check) => check.breaches);

describe('a closed period of the fund log', () => {
  it('signs its rows and every balance; each row and each member’s balance is proven against the head', async () => {
    const members = [await playingMember(), await playingMember()];
    const { head } = await closeLedgerPeriod(server.deps, keys);
    expect(head.seq).toBe(1);
    expect(head.first_row_id).toBe(1);
    const rows = await fundRowsBetween(server.deps.db, 0, Number(head.last_row_id));
    expect(head.row_count).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(await rowChecks(row.id), `row ${row.id}`).toBe(true);

    // Liabilities: what every member holds, each balance on a path to the signed root and total.
    const money = await server.deps.db.selectFrom('members').select(['id', 'money_cents']).execute();
    const owed = money.reduce((sum, row) => sum + Number(row.money_cents), 0);
    expect(Number(head.liabilities_cents)).toBe(owed);
    const balances = await balancesAt(server.deps.db, head.seq);
    const key = keys.byId(head.key_id)!;
    const { levels, members: order } = liabilityTree(key, head.seq, balances);
    const root = { hash: hexToBytes(head.liabilities_root), sum: Number(head.liabilities_cents) };
    expect(liabilitiesRoot(levels).hash).toEqual(root.hash);
    for (const member of members) {
      const index = order.indexOf(member.id);
      const leaf = {
        salt: liabilitySalt(key, head.seq, member.id),
        memberId: member.id,
        balanceCents: balances.get(member.id)!,
      };
      const path = liabilityPath(levels, index);
      expect(verifyLiability(leaf, index, order.length, path, root)).toBe(true);
      expect(verifyLiability({ ...leaf, balanceCents: leaf.balanceCents - 1 }, index, order.length, path, root)).toBe(
        false,
      );
    }
    expect(await breachesOf()).toEqual([]);
    expect((await runAudit(server.deps, keys)).ok).toBe(true);
  });

  it('chains the next period to it, from the row after its last', async () => {
    await playingMember();
    const closed = await admin('ledger:close');
    expect(closed.code, closed.err).toBe(0);
    expect(closed.out).toMatch(/^Closed period 2 /);
    const [first, second] = await allHeads(server.deps.db);
    expect(Number(second.first_row_id)).toBe(Number(first.last_row_id) + 1);
    expect(hexToBytes(second.previous_hash)).toEqual(headHash(headOf(first)));
    const heads = await admin('ledger:heads');
    expect(heads.out.split('\n')[0]).toMatch(/^2 {2}\d{4}-\d{2}-\d{2} {2}rows /);
    expect(await breachesOf()).toEqual([]);
  });

  it('closes by itself when the server day ends, on the lease holder’s next tick', async () => {
    await playingMember();
    const before = (await allHeads(server.deps.db)).length;
    await server.tick();
    expect((await allHeads(server.deps.db)).length).toBe(before);
    server.clock.now = dayStart(dayNumber(server.clock.now) + 1) + 1_000;
    await server.tick();
    const heads = await allHeads(server.deps.db);
    expect(heads).toHaveLength(before + 1);
    // Named by the day that ended: its rows are that day's.
    expect(heads[heads.length - 1].day).toBe(dayNumber(server.clock.now) - 1);
    // Once a day: the next tick of the same day closes nothing.
    await server.advance(5_000);
    expect(await allHeads(server.deps.db)).toHaveLength(before + 1);
  });

  it('signs with a rotated key from the next head on, the new key handed over by the old', async () => {
    const old = keys.current().keyId;
    const key = await rotateLedgerKey(server.deps.db, server.database.env.LEDGER_KEY_FILE, server.clock.now);
    keys = (await openLedgerKeys({ kind: 'file', path: server.database.env.LEDGER_KEY_FILE }, server.deps.db)).keys;
    await server.restart({ ledgerKeys: keys });
    await playingMember();
    const { head } = await closeLedgerPeriod(server.deps, keys);
    expect(head.key_id).toBe(key.keyId);
    expect(head.key_id).not.toBe(old);
    const registered = await ledgerKeys(server.deps.db);
    expect(registered.map((row) => row.previous_key_id)).toEqual([null, old]);
    expect(await breachesOf()).toEqual([]);
  });
});

describe('a past row changed in the database', () => {
  it('is found by ledger:verify and audit (exit 1), and its own proof no longer checks', async () => {
    const [first] = await allHeads(server.deps.db);
    const rows = await fundRowsBetween(server.deps.db, 0, Number(first.last_row_id));
    const target = rows.find((row) => row.amount_cents > 0)!;
    expect(await rowChecks(target.id)).toBe(true);
    await server.deps.db
      .updateTable('fund_log')
      .set({ amount_cents: target.amount_cents + 100, after_cents: target.after_cents + 100 })
      .where('id', '=', target.id)
      .execute();
    try {
      expect(await rowChecks(target.id)).toBe(false);
      expect(await breachesOf()).toContain(
        `head 1 (day ${first.day}): its rows are not the rows that were signed (a row was changed, added or removed)`,
      );
      const verify = await admin('ledger:verify');
      expect(verify.code).toBe(1);
      expect(verify.out).toMatch(/FAIL each signed head of the fund log/);
      const audit = await admin('audit');
      expect(audit.code).toBe(1);
      expect(audit.out).toMatch(/FAIL each signed head of the fund log/);
    } finally {
      await server.deps.db
        .updateTable('fund_log')
        .set({ amount_cents: target.amount_cents, after_cents: target.after_cents })
        .where('id', '=', target.id)
        .execute();
    }
    expect(await breachesOf()).toEqual([]);
  });

  it("turns the app's mark of the changed row red: the row the member reads is not the row that was signed", async () => {
    const member = await fundedMember(server, 120);
    const { head } = await closeLedgerPeriod(server.deps, keys);
    const heads = new Map([[head.seq, headWire(head)]]);
    const trusted = trustedKeys((await server.call<LedgerKey[]>(ApiPath.ledgerKeys, {})).body.data);
    const day = isoDate(dayNumber(server.clock.now));
    const markNow = async () => {
      const [entry] = (
        await server.call<FundLogEntry[]>(ApiPath.financeFlow, { token: member.token, start: day, end: day })
      ).body.data;
      const { proofs } = (
        await server.call<LedgerProofsAnswer>(ApiPath.ledgerProof, { token: member.token, ids: [entry.id] })
      ).body.data;
      const [{ row, index, path }] = proofs;
      const kept = { owner: 'member', id: row.id, seq: head.seq, index, path, row };
      return { id: entry.id, mark: markOf(entry, kept, heads, trusted, new Set()) };
    };
    const before = await markNow();
    expect(before.mark).toEqual({ state: 'signed', day: head.day });
    await server.deps.db
      .updateTable('fund_log')
      .set({ amount_cents: 12_100, after_cents: 12_100 })
      .where('id', '=', before.id)
      .execute();
    try {
      expect((await markNow()).mark).toEqual({ state: 'differs', day: head.day });
    } finally {
      await server.deps.db
        .updateTable('fund_log')
        .set({ amount_cents: 12_000, after_cents: 12_000 })
        .where('id', '=', before.id)
        .execute();
    }
  });

  it('a head rewritten to match a changed row breaks its signature and the chain after it', async () => {
    const [first] = await allHeads(server.deps.db);
    await server.deps.db
      .updateTable('ledger_heads')
      .set({ row_count: first.row_count + 1 })
      .where('seq', '=', 1)
      .execute();
    try {
      const breaches = await breachesOf();
      expect(breaches).toContain(`head 1 (day ${first.day}): its signature does not check against a registered key`);
      expect(breaches).toContain(
        `head 2 (day ${(await allHeads(server.deps.db))[1].day}): does not chain to the head before`,
      );
    } finally {
      await server.deps.db
        .updateTable('ledger_heads')
        .set({ row_count: first.row_count })
        .where('seq', '=', 1)
        .execute();
    }
  });
});

describe('the ledger calls', () => {
  it('publish the heads newest first and the keys, each handover checking', async () => {
    const answer = await server.call<LedgerHeadsAnswer>(ApiPath.ledgerHeads, { lang: 'en', page: 1, size: 2 });
    expect(answer.body.code).toBe(1);
    const heads = await allHeads(server.deps.db);
    expect(answer.body.data.total).toBe(heads.length);
    expect(answer.body.data.heads.map((head) => head.seq)).toEqual([heads.length, heads.length - 1]);
    const keysAnswer = await server.call<LedgerKey[]>(ApiPath.ledgerKeys, { lang: 'en' });
    const [first, second] = keysAnswer.body.data;
    expect(first.previousKeyId).toBeNull();
    expect(
      verifyKeyHandover(
        hexToBytes(second.publicKey),
        hexToBytes(first.publicKey),
        second.fromSeq,
        hexToBytes(second.handover!),
      ),
    ).toBe(true);
  });

  it("prove a member's own rows as the app checks them, and leave out another's and one not signed yet", async () => {
    const member = await playingMember();
    const other = await playingMember();
    const { rows } = await closeLedgerPeriod(server.deps, keys);
    const own = rows.filter((row) => row.member_id === member.id);
    expect(own.length).toBeGreaterThanOrEqual(3);
    const othersRow = rows.find((row) => row.member_id === other.id)!;
    // A row of the running period (the member's next stake): signed at the next close.
    await openRound(server, GAME);
    expect((await order(server, member.token, ROOM.usdtStandard, [line(2, 20)])).body.code).toBe(1);
    const newest = await server.deps.db
      .selectFrom('fund_log')
      .select('id')
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const keysAnswer = await server.call<LedgerKey[]>(ApiPath.ledgerKeys, { lang: 'en' });
    const trusted = trustedKeys(keysAnswer.body.data);
    const answer = await server.call<LedgerProofsAnswer>(ApiPath.ledgerProof, {
      lang: 'en',
      token: member.token,
      ids: [...own.map((row) => row.id), othersRow.id, newest.id],
    });
    expect(answer.body.code).toBe(1);
    const { proofs } = answer.body.data;
    expect(proofs.map((proof) => proof.row.id)).toEqual(own.map((row) => row.id));
    for (const [i, proof] of proofs.entries()) {
      expect(proof.row).toEqual(ledgerRowOf(own[i]));
      expect(checkHead(proof.head, trusted)).toBe(true);
      expect(rowInHead(proof)).toBe(true);
      // The same proof with a cent changed in its row no longer reaches the signed root.
      expect(rowInHead({ ...proof, row: { ...proof.row, amountCents: proof.row.amountCents + 1 } })).toBe(false);
    }
    // Asked about nothing of the member's: an empty answer, the same as for rows not signed yet.
    const none = await server.call<LedgerProofsAnswer>(ApiPath.ledgerProof, {
      lang: 'en',
      token: member.token,
      ids: [othersRow.id],
    });
    expect(none.body.data.proofs).toEqual([]);
    const tooMany = await server.call(ApiPath.ledgerProof, {
      lang: 'en',
      token: member.token,
      ids: Array.from({ length: 51 }, (_, i) => i + 1),
    });
    expect(tooMany.body.code).not.toBe(1);
  });

  it("build at most one period's tree not kept per call: rows of other old periods come at the next calls", async () => {
    const member = await fundedMember(server, 10);
    const ids: number[] = [];
    for (let period = 0; period < 3; period++) {
      if (period > 0) await creditDeposit(server.deps, { username: member.username, cents: 100, ref: 'test' });
      const { rows } = await closeLedgerPeriod(server.deps, keys);
      ids.push(...rows.filter((row) => row.member_id === member.id).map((row) => row.id));
    }
    expect(ids).toHaveLength(3);
    // An instance that keeps none of these trees (another instance closed them).
    const fresh = new LedgerProofs(server.deps.db, keys);
    const proven = async () => (await fresh.rowProofs(member.id, ids)).proofs.map((proof) => proof.row.id);
    expect(await proven()).toEqual(ids.slice(0, 1));
    expect(await proven()).toEqual(ids.slice(0, 2));
    expect(await proven()).toEqual(ids);
  });

  it("prove a member's balance is counted in what is owed, and refuse a head they hold none at", async () => {
    const member = await playingMember();
    const { head } = await closeLedgerPeriod(server.deps, keys);
    const answer = await server.call<LedgerLiabilityAnswer>(ApiPath.ledgerLiability, {
      lang: 'en',
      token: member.token,
      seq: head.seq,
    });
    expect(answer.body.code).toBe(1);
    const proof = answer.body.data;
    const money = await server.deps.db
      .selectFrom('members')
      .select('money_cents')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(proof.balanceCents).toBe(Number(money.money_cents));
    const root = { hash: hexToBytes(proof.head.liabilitiesRoot), sum: proof.head.liabilitiesCents };
    const leaf = { salt: hexToBytes(proof.salt), memberId: member.id, balanceCents: proof.balanceCents };
    const path = proof.path.map((node) => ({ hash: hexToBytes(node.hash), sum: node.sum }));
    expect(verifyLiability(leaf, proof.index, proof.head.liabilitiesCount, path, root)).toBe(true);
    // The latest head too (seq 0), and a head from before the member existed: 3018.
    expect(
      (await server.call<LedgerLiabilityAnswer>(ApiPath.ledgerLiability, { lang: 'en', token: member.token, seq: 0 }))
        .body.data.head.seq,
    ).toBe(head.seq);
    expect((await server.call(ApiPath.ledgerLiability, { lang: 'en', token: member.token, seq: 1 })).body.code).toBe(
      3018,
    );
  });
});
