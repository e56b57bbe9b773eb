/**
 * Settlement of a drawn round (DESIGN.md section 4). Lines are settled in batches of members, one
 * transaction per batch, so a round of 100,000 lines never holds the database for long and orders
 * for other rounds go through between batches. In each batch: the waiting lines are read, settled
 * with guarded set-based updates (the count must match what was read, or the batch rolls back),
 * each member's payouts are credited through the ledger as one fund-log row referencing the
 * round, and each member's stakes and payout of the round are recorded (round_results: what the
 * winners ticker reads). Running it again after a crash changes nothing already settled.
 */
import { ErrorCode } from '../../../shared/errors';
import { linePayout, OUTCOME_KEYS, settleLine, type Draw } from '../../../shared/game';
import type { RoundRow } from '../../db/schema';
import {
  addRoundResults,
  settleLines,
  waitingLines,
  waitingLinesPerMember,
  type MemberLineCount,
  type MemberRange,
  type OutcomeVerdicts,
} from '../../repositories/orders';
import { markSettled } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { changeBalance } from '../ledger';
import type { LiveNews } from '../live/bus';
import { announce, balanceChanged, roundSettled, type SettledLine } from '../live/news';

export const DEFAULT_SETTLE_BATCH = 10_000;
const MAX_CONFLICTS = 5;

export function drawOf(round: RoundRow): Draw | null {
  if (round.status !== 'drawn' || round.num1 === null || round.num2 === null || round.num3 === null) return null;
  return [round.num1, round.num2, round.num3];
}

export function verdictsOf(draw: Draw): OutcomeVerdicts {
  const outcomes = OUTCOME_KEYS.map((_key, index) => index);
  const plain = { refundOn13And14: false };
  const withRule = { refundOn13And14: true };
  return {
    winPlain: outcomes.filter((o) => settleLine(o, draw, plain) === 'win'),
    winRefundRule: outcomes.filter((o) => settleLine(o, draw, withRule) === 'win'),
    refundRefundRule: outcomes.filter((o) => settleLine(o, draw, withRule) === 'refund'),
  };
}

/** Consecutive member ranges of about `size` lines; a member is never split across batches. */
export function planBatches(counts: MemberLineCount[], size: number): { fromMember: number; toMember: number }[] {
  const batches: { fromMember: number; toMember: number }[] = [];
  let lines = 0;
  for (const count of counts) {
    const last = batches[batches.length - 1];
    if (last && lines + count.lines <= size) {
      last.toMember = count.member_id;
      lines += count.lines;
    } else {
      batches.push({ fromMember: count.member_id, toMember: count.member_id });
      lines = count.lines;
    }
  }
  return batches;
}

class SettlementConflict extends Error {}

export interface SettleReport {
  lines: number;
  batches: number;
  /** Members credited (one fund-log row each per batch). */
  credits: number;
}

/** A batch settled and committed, and what the members' streams are told of it. */
async function settleBatch(deps: Deps, round: RoundRow, draw: Draw, range: MemberRange): Promise<SettleReport> {
  const { report, news } = await settleBatchInTransaction(deps, round, draw, range);
  await announce(deps, news);
  return report;
}

async function settleBatchInTransaction(
  deps: Deps,
  round: RoundRow,
  draw: Draw,
  range: MemberRange,
): Promise<{ report: SettleReport; news: LiveNews[] }> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    const lines = await waitingLines(trx, deps.dialect, range);
    if (lines.length === 0) return { report: { lines: 0, batches: 0, credits: 0 }, news: [] };
    const changed = await settleLines(trx, range, verdictsOf(draw), now);
    if (changed !== lines.length) throw new SettlementConflict();
    const payouts = new Map<number, number>();
    const stakes = new Map<number, number>();
    const settled = new Map<number, SettledLine[]>();
    for (const line of lines) {
      const result = settleLine(line.outcome, draw, { refundOn13And14: line.refund1314 === 1 });
      const payout = linePayout(line.stake_cents, line.rate, result);
      stakes.set(line.member_id, (stakes.get(line.member_id) ?? 0) + line.stake_cents);
      if (payout > 0) payouts.set(line.member_id, (payouts.get(line.member_id) ?? 0) + payout);
      const own = settled.get(line.member_id) ?? [];
      own.push({ id: line.id, roomid: line.room_id, value: line.outcome, status: result, awardCents: payout });
      settled.set(line.member_id, own);
    }
    await addRoundResults(
      trx,
      [...stakes].map(([memberId, stakeCents]) => ({
        round_id: round.id,
        member_id: memberId,
        stake_cents: stakeCents,
        award_cents: payouts.get(memberId) ?? 0,
        settled_at: now,
      })),
    );
    const news: LiveNews[] = [];
    for (const [memberId, cents] of payouts) {
      const credit = await changeBalance(trx, {
        memberId,
        deltaCents: cents,
        reason: FundReason.Award,
        reasonText: round.seqno,
        refType: 'round',
        refId: String(round.id),
        insufficientCode: ErrorCode.UnknownError,
        now,
      });
      news.push(balanceChanged(memberId, { ...credit, deltaCents: cents, reason: FundReason.Award, now }));
    }
    for (const [memberId, own] of settled) news.push(roundSettled(memberId, round, own));
    return { report: { lines: lines.length, batches: 1, credits: payouts.size }, news };
  });
}

/** Settles every waiting line of a drawn round, then marks the round settled. */
export async function settleRound(
  deps: Deps,
  round: RoundRow,
  batchSize: number = DEFAULT_SETTLE_BATCH,
): Promise<SettleReport> {
  const draw = drawOf(round);
  if (!draw) throw new Error(`round ${round.id} is not drawn`);
  const report: SettleReport = { lines: 0, batches: 0, credits: 0 };
  for (let conflicts = 0; ;) {
    const counts = await waitingLinesPerMember(deps.db, round.id);
    if (counts.length === 0) break;
    try {
      for (const batch of planBatches(counts, batchSize)) {
        const done = await settleBatch(deps, round, draw, { roundId: round.id, ...batch });
        report.lines += done.lines;
        report.batches += done.batches;
        report.credits += done.credits;
      }
    } catch (error) {
      // Another process settled part of this range meanwhile: nothing of ours was kept; plan again.
      if (!(error instanceof SettlementConflict) || ++conflicts > MAX_CONFLICTS) throw error;
    }
  }
  await markSettled(deps.db, round.id, deps.clock());
  return report;
}
