/**
 * The ledger audit (DESIGN.md section 3; `npm run admin -- audit`): re-checks the money and fairness
 * invariants over the whole database from the stored rows, with its own arithmetic, and names each
 * breach; and the signed heads of the fund log against its rows (signedLedger/verify.ts). Nothing
 * is changed.
 */
import { commitmentOf, drawFromSeed, linePayout, settleLine } from '../../shared/game';
import { formatMoney } from '../../shared/money';
import type { RoundRow } from '../db/schema';
import { inSnapshot } from '../db/snapshot';
import {
  allOrderGroups,
  fundLogOfReasons,
  fundLogPage,
  memberBalancesAndFundSums,
  orderLinesPage,
} from '../repositories/audit';
import { listChains } from '../repositories/chains';
import { listRounds } from '../repositories/rounds';
import type { AuditCheck } from './auditCheck';
import type { Deps } from './deps';
import { FundReason, GAME_REASONS } from './fundReasons';
import { withdrawalChecks } from './wallet/withdrawalAudit';
import type { LedgerKeys } from './signedLedger/keys';
import { verifyLedger } from './signedLedger/verify';

export interface AuditReport {
  ok: boolean;
  checks: AuditCheck[];
}

const money = (cents: number) => `${formatMoney(cents)} USD`;

/** Order lines read per query (the fund log's pages are 20,000 rows of five columns). */
const LINES_PAGE = 10_000;

async function balances(deps: Deps): Promise<AuditCheck[]> {
  const rows = await memberBalancesAndFundSums(deps.db);
  const sums: AuditCheck = {
    name: 'every balance equals the sum of its fund-log deltas',
    checked: rows.length,
    breaches: [],
  };
  const negative: AuditCheck = { name: 'no balance below zero', checked: rows.length, breaches: [] };
  for (const row of rows) {
    if (row.money_cents !== row.fund_sum) {
      sums.breaches.push(
        `member ${row.username} (#${row.id}): balance ${money(row.money_cents)}, fund log sums to ${money(row.fund_sum)}`,
      );
    }
    if (row.money_cents < 0)
      negative.breaches.push(`member ${row.username} (#${row.id}): balance ${money(row.money_cents)}`);
  }
  return [sums, negative];
}

async function fundLogChains(deps: Deps): Promise<AuditCheck> {
  const check: AuditCheck = {
    name: 'each fund-log row: after = before + amount, before = the previous after, never below zero',
    checked: 0,
    breaches: [],
  };
  let cursor = { memberId: -1, id: -1 };
  let previousAfter = new Map<number, number>();
  for (;;) {
    const page = await fundLogPage(deps.db, cursor, 20_000);
    if (page.length === 0) break;
    for (const [id, memberId, amountCents, beforeCents, afterCents] of page) {
      check.checked++;
      const expectedBefore = previousAfter.get(memberId) ?? 0;
      if (afterCents !== beforeCents + amountCents) {
        check.breaches.push(`fund log #${id}: before ${beforeCents} + amount ${amountCents} != after ${afterCents}`);
      }
      if (beforeCents !== expectedBefore) {
        check.breaches.push(
          `fund log #${id} (member #${memberId}): before ${beforeCents}, previous row left ${expectedBefore}`,
        );
      }
      if (afterCents < 0) check.breaches.push(`fund log #${id}: balance after is ${afterCents}`);
      previousAfter.set(memberId, afterCents);
    }
    const [lastId, lastMember, , , lastAfter] = page[page.length - 1];
    cursor = { memberId: lastMember, id: lastId };
    // Only the member the next page continues needs remembering.
    previousAfter = new Map([[lastMember, lastAfter]]);
  }
  return check;
}

/** How a breach names a line (built only for a breach). */
function lineName(lineId: number, roundId: number, round: RoundRow | undefined): string {
  return `order line #${lineId} (round ${round?.seqno ?? roundId})`;
}

/** Adds cents to a member's sum within a round. */
function addTo(sums: Map<number, Map<number, number>>, roundId: number, memberId: number, cents: number): void {
  let ofRound = sums.get(roundId);
  if (!ofRound) sums.set(roundId, (ofRound = new Map<number, number>()));
  ofRound.set(memberId, (ofRound.get(memberId) ?? 0) + cents);
}

function drawOfRow(round: RoundRow): [number, number, number] | null {
  return round.num1 === null || round.num2 === null || round.num3 === null
    ? null
    : [round.num1, round.num2, round.num3];
}

async function ordersAndMoney(deps: Deps, rounds: Map<number, RoundRow>): Promise<AuditCheck[]> {
  const [groups, fundRows] = await Promise.all([allOrderGroups(deps.db), fundLogOfReasons(deps.db, GAME_REASONS)]);
  const once: AuditCheck = {
    name: 'every order line is settled once (as its round drew) or cancelled once, never both',
    checked: 0,
    breaches: [],
  };
  const stakes: AuditCheck = {
    name: 'stakes in the fund log match the order lines',
    checked: groups.length,
    breaches: [],
  };
  const awards: AuditCheck = {
    name: 'awards and refunds in the fund log match the order lines',
    checked: 0,
    breaches: [],
  };

  // Keyed by the stored reference (text); a member's award per round in a map per round.
  const stakeRows = new Map<string, number[]>();
  const refundRows = new Map<string, number[]>();
  const awardByRoundMember = new Map<number, Map<number, number>>();
  const push = (map: Map<string, number[]>, key: string, cents: number) => {
    const list = map.get(key);
    if (list) list.push(cents);
    else map.set(key, [cents]);
  };
  for (const row of fundRows) {
    if (row.reason_code === FundReason.Stake && row.ref_type === 'order') {
      push(stakeRows, row.ref_id, row.amount_cents);
    } else if (row.reason_code === FundReason.StakeRefund && row.ref_type === 'order_line') {
      push(refundRows, row.ref_id, row.amount_cents);
    } else if (row.reason_code === FundReason.Award && row.ref_type === 'round') {
      addTo(awardByRoundMember, Number(row.ref_id), row.member_id, row.amount_cents);
    } else {
      awards.breaches.push(`fund log #${row.id}: ${row.reason_code} with an unexpected reference ${row.ref_type}`);
    }
  }

  const lineStakeByGroup = new Map<number, number>();
  const lineAwardByRoundMember = new Map<number, Map<number, number>>();
  // A page at a time: a page's lines are garbage once checked, and the young generation collects
  // them cheaply (all 100,000 at once outlive it and are copied on), in memory bounded by the page.
  for (
    let page = await orderLinesPage(deps.db, -1, LINES_PAGE);
    page.length > 0;
    page = await orderLinesPage(deps.db, page[page.length - 1][0], LINES_PAGE)
  ) {
    once.checked += page.length;
    for (const [id, groupId, memberId, roundId, outcome, rate, stakeCents, refund1314, status, awardCents] of page) {
      lineStakeByGroup.set(groupId, (lineStakeByGroup.get(groupId) ?? 0) + stakeCents);
      const round = rounds.get(roundId);
      // Most lines were never refunded: no key is made for them.
      let refunds: number[] = [];
      if (refundRows.size > 0) {
        const key = String(id);
        refunds = refundRows.get(key) ?? [];
        refundRows.delete(key);
      }
      if (status === 'cancel') {
        if (refunds.length !== 1 || refunds[0] !== stakeCents) {
          once.breaches.push(
            `${lineName(id, roundId, round)}: cancelled, but its stake came back ${refunds.length} times (${refunds.join(', ')})`,
          );
        }
        if (awardCents !== 0)
          once.breaches.push(`${lineName(id, roundId, round)}: cancelled and also paid ${money(awardCents)}`);
        continue;
      }
      if (refunds.length > 0)
        once.breaches.push(`${lineName(id, roundId, round)}: ${status}, but also refunded as cancelled`);
      const draw = round && round.status === 'drawn' ? drawOfRow(round) : null;
      if (status === 'wait') {
        if (round?.settled_at !== null && round?.settled_at !== undefined)
          once.breaches.push(`${lineName(id, roundId, round)}: still waiting in a settled round`);
        // A called-off round is never drawn: its stakes must have come back when it was called off.
        if (round?.voided_at !== null && round?.voided_at !== undefined)
          once.breaches.push(`${lineName(id, roundId, round)}: still waiting in a round called off`);
        continue;
      }
      if (!draw) {
        once.breaches.push(`${lineName(id, roundId, round)}: ${status} although its round is not drawn`);
        continue;
      }
      const result = settleLine(outcome, draw, { refundOn13And14: refund1314 === 1 });
      const payout = linePayout(stakeCents, rate, result);
      if (status !== result || awardCents !== payout) {
        once.breaches.push(
          `${lineName(id, roundId, round)}: stored ${status} ${money(awardCents)}, the draw ${draw.join('')} gives ${result} ${money(payout)}`,
        );
      }
      addTo(lineAwardByRoundMember, roundId, memberId, awardCents);
    }
  }
  for (const [lineId] of refundRows)
    once.breaches.push(`fund log refunds order line #${lineId}, which is not a cancelled line`);

  for (const group of groups) {
    const debits = stakeRows.get(String(group.id)) ?? [];
    stakeRows.delete(String(group.id));
    const linesTotal = lineStakeByGroup.get(group.id) ?? 0;
    if (debits.length !== 1 || debits[0] !== -group.total_cents) {
      stakes.breaches.push(
        `order #${group.id}: total ${money(group.total_cents)}, fund-log stakes ${debits.join(', ') || 'none'}`,
      );
    }
    if (linesTotal !== group.total_cents) {
      stakes.breaches.push(
        `order #${group.id}: total ${money(group.total_cents)}, its lines stake ${money(linesTotal)}`,
      );
    }
  }
  for (const [groupId] of stakeRows) stakes.breaches.push(`fund-log stake for order #${groupId}, which does not exist`);

  const roundIds = new Set([...awardByRoundMember.keys(), ...lineAwardByRoundMember.keys()]);
  for (const roundId of roundIds) {
    const paidTo = awardByRoundMember.get(roundId) ?? new Map<number, number>();
    const owedTo = lineAwardByRoundMember.get(roundId) ?? new Map<number, number>();
    const round = rounds.get(roundId);
    // A round still settling may have credited some batches only; a settled one must match.
    const settling = round !== undefined && round.settled_at === null;
    for (const memberId of new Set([...paidTo.keys(), ...owedTo.keys()])) {
      awards.checked++;
      const paid = paidTo.get(memberId) ?? 0;
      const owed = owedTo.get(memberId) ?? 0;
      if (paid !== owed && !(settling && paid <= owed)) {
        awards.breaches.push(
          `member #${memberId}, round ${round?.seqno ?? roundId}: credited ${money(paid)}, lines won ${money(owed)}`,
        );
      }
    }
  }
  return [once, stakes, awards];
}

async function fairness(deps: Deps, rounds: RoundRow[]): Promise<AuditCheck> {
  const check: AuditCheck = {
    name: "every drawn round's numbers derive from its seed, its seed hashes to its commitment, and the chain links",
    checked: 0,
    breaches: [],
  };
  const anchors = new Map((await listChains(deps.db)).map((c) => [c.id, c.anchor]));
  const seedOf = new Map(rounds.filter((r) => r.seed !== null).map((r) => [`${r.chain_id}:${r.chain_index}`, r.seed]));
  for (const round of rounds) {
    const where = `round ${round.seqno} (#${round.id}, game ${round.game_id})`;
    const previous =
      round.chain_index === 1 ? anchors.get(round.chain_id) : seedOf.get(`${round.chain_id}:${round.chain_index - 1}`);
    if (previous !== undefined && previous !== round.commitment) {
      check.breaches.push(`${where}: commitment does not match the seed before it in the chain`);
    }
    if (round.status !== 'drawn') {
      if (round.seed !== null) check.breaches.push(`${where}: seed revealed before the draw`);
      continue;
    }
    check.checked++;
    const draw = drawOfRow(round);
    if (round.seed === null || !draw) {
      check.breaches.push(`${where}: drawn without a seed or numbers`);
      continue;
    }
    if (commitmentOf(round.seed) !== round.commitment)
      check.breaches.push(`${where}: seed does not hash to its commitment`);
    const expected = drawFromSeed(round.seed, round.id);
    if (expected.some((digit, i) => digit !== draw[i]) || round.sum !== draw[0] + draw[1] + draw[2]) {
      check.breaches.push(
        `${where}: numbers ${draw.join(',')} (sum ${round.sum}), the seed gives ${expected.join(',')}`,
      );
    }
  }
  return check;
}

/** Safe on a live system: every check reads the same committed state (db/snapshot.ts). */
export function runAudit(deps: Deps, ledgerKeys?: LedgerKeys): Promise<AuditReport> {
  return inSnapshot(deps.db, (db) => auditAll({ ...deps, db }, ledgerKeys));
}

async function auditAll(deps: Deps, ledgerKeys: LedgerKeys | undefined): Promise<AuditReport> {
  const rounds = await listRounds(deps.db);
  const roundsById = new Map(rounds.map((r) => [r.id, r]));
  const checks = [
    ...(await balances(deps)),
    await fundLogChains(deps),
    ...(await ordersAndMoney(deps, roundsById)),
    ...(await withdrawalChecks(deps)),
    await fairness(deps, rounds),
    // The signed heads of the fund log, recomputed from its rows (issue 46).
    ...(await verifyLedger(deps.db, ledgerKeys)),
  ];
  return { ok: checks.every((c) => c.breaches.length === 0), checks };
}
