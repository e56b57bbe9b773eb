/**
 * Settlement of a drawn round (DESIGN.md section 4). Lines are settled in batches of members, one
 * transaction per batch, so a round of 100,000 lines never holds the database for long and orders
 * for other rounds go through between batches. In each batch: the waiting lines are settled by one
 * guarded update that returns them (each checked against the rules here, or the batch rolls back),
 * each member's payouts are credited through the ledger as one fund-log row referencing the
 * round, and each member's stakes and payout of the round are recorded (round_results: what the
 * winners ticker reads). Running it again after a crash changes nothing already settled.
 */
import { ErrorCode } from '../../../shared/errors';
import { linePayout, OUTCOME_KEYS, settleLine, type Draw } from '../../../shared/game';
import { dayNumber } from '../../../shared/serverDay';
import type { RoundRow, Trx } from '../../db/schema';
import {
  addRoundResults,
  settleLines,
  waitingLinesPerMember,
  type MemberLineCount,
  type MemberRange,
  type OutcomeVerdicts,
} from '../../repositories/orders';
import { playStatesBetween } from '../../repositories/play';
import { markSettled } from '../../repositories/rounds';
import type { Deps } from '../deps';
import { FundReason } from '../fundReasons';
import { creditBalances } from '../ledger';
import type { LiveNews } from '../live/bus';
import { announce, balanceChanged, roundSettled, type SettledLine } from '../live/news';
import { givePlayBack } from '../play/orderCheck';

export const DEFAULT_SETTLE_BATCH = 10_000;
/** Passes over the round's waiting lines: a second finds none unless lines changed meanwhile. */
const MAX_PASSES = 5;

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

/** The database and this code disagree on a line's result: nothing of the batch is kept. */
class SettlementMismatch extends Error {}

interface PaidLine {
  memberId: number;
  placedAt: number;
  payout: number;
}

/**
 * What the lines paid no longer counts as lost toward the limits of members who keep a play state
 * (one read per batch, then one update per such member and day the lines were placed on).
 */
async function givePaidBackToLossLimits(trx: Trx, range: MemberRange, paid: readonly PaidLine[]): Promise<void> {
  if (paid.length === 0) return;
  const tracked = await playStatesBetween(trx, range.fromMember, range.toMember);
  if (tracked.size === 0) return;
  const byMemberDay = new Map<string, { memberId: number; placedAt: number; loss: number }>();
  for (const line of paid) {
    if (!tracked.has(line.memberId)) continue;
    const key = `${line.memberId} ${dayNumber(line.placedAt)}`;
    const entry = byMemberDay.get(key);
    if (entry) entry.loss += line.payout;
    else byMemberDay.set(key, { memberId: line.memberId, placedAt: line.placedAt, loss: line.payout });
  }
  for (const entry of byMemberDay.values()) {
    await givePlayBack(trx, entry.memberId, entry.placedAt, { stake: 0, loss: entry.loss });
  }
}

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
    // One statement reads and settles the batch's waiting lines; each is checked against the rules here.
    const lines = await settleLines(trx, range, verdictsOf(draw), now);
    if (lines.length === 0) return { report: { lines: 0, batches: 0, credits: 0 }, news: [] };
    lines.sort((a, b) => a[0] - b[0]);
    const payouts = new Map<number, number>();
    const stakes = new Map<number, number>();
    const settled = new Map<number, SettledLine[]>();
    const paidLines: PaidLine[] = [];
    for (const [id, memberId, roomId, outcome, rate, stakeCents, refund1314, createdAt, status, award] of lines) {
      const result = settleLine(outcome, draw, { refundOn13And14: refund1314 === 1 });
      const payout = linePayout(stakeCents, rate, result);
      if (status !== result || Number(award) !== payout) {
        throw new SettlementMismatch(`order line #${id}: stored ${status} ${award}, rules give ${result} ${payout}`);
      }
      stakes.set(memberId, (stakes.get(memberId) ?? 0) + stakeCents);
      if (payout > 0) {
        payouts.set(memberId, (payouts.get(memberId) ?? 0) + payout);
        paidLines.push({ memberId, placedAt: createdAt, payout });
      }
      let own = settled.get(memberId);
      if (!own) settled.set(memberId, (own = []));
      own.push({ id, roomid: roomId, value: outcome, status: result, awardCents: payout });
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
    const credits = await creditBalances(
      trx,
      deps.dialect,
      [...payouts].map(([memberId, deltaCents]) => ({ memberId, deltaCents })),
      {
        reason: FundReason.Award,
        reasonText: round.seqno,
        refType: 'round',
        refId: String(round.id),
        insufficientCode: ErrorCode.UnknownError,
        now,
      },
    );
    const news = credits.map((credit) => balanceChanged(credit.memberId, { ...credit, reason: FundReason.Award, now }));
    await givePaidBackToLossLimits(trx, range, paidLines);
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
  for (let pass = 0; ; pass++) {
    const counts = await waitingLinesPerMember(deps.db, round.id);
    if (counts.length === 0) break;
    if (pass === MAX_PASSES) throw new Error(`round ${round.id}: lines still waiting after ${MAX_PASSES} passes`);
    // A line another process settled meanwhile is skipped by the guarded update, never settled twice.
    for (const batch of planBatches(counts, batchSize)) {
      const done = await settleBatch(deps, round, draw, { roundId: round.id, ...batch });
      report.lines += done.lines;
      report.batches += done.batches;
      report.credits += done.credits;
    }
  }
  await markSettled(deps.db, round.id, deps.clock());
  return report;
}
