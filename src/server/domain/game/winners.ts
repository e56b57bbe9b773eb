/**
 * The home ticker's recent winners (getWinners): a member's settled round is listed only when it
 * paid the member more than the member staked on it, with that net gain (a member who staked on Big
 * and Small lost money even though one line won, and is not a winner). Real rows only, usernames
 * masked (DESIGN.md section 3.1). An empty database answers an empty list, never filler.
 */
import type { WinnerEntry } from '../../../shared/api/types';
import { WINNERS_LIMIT } from '../../../shared/constants';
import { toUsd } from '../../../shared/money';
import { latestWinningRounds, winningOutcomes, type WinnerRow } from '../../repositories/orderViews';
import type { Deps } from '../deps';
import { maskUsername } from './mask';

/** A winning round with the outcomes it was won on: biggest payout first. */
export interface WinnerRound extends WinnerRow {
  outcomes: number[];
}

const pairKey = (roundId: number, memberId: number) => `${roundId}:${memberId}`;

/** The rows, independent of language (what a cache keeps). */
export async function latestWinnerRows(deps: Deps): Promise<WinnerRound[]> {
  const rounds = await latestWinningRounds(deps.db, WINNERS_LIMIT);
  const lines = await winningOutcomes(deps.db, rounds);
  const byPair = new Map<string, { outcome: number; award_cents: number }[]>();
  for (const line of lines) {
    const key = pairKey(line.round_id, line.member_id);
    byPair.set(key, [...(byPair.get(key) ?? []), line]);
  }
  return rounds.map((round) => {
    const won = byPair.get(pairKey(round.round_id, round.member_id)) ?? [];
    const outcomes = [...won]
      .sort((a, b) => b.award_cents - a.award_cents || a.outcome - b.outcome)
      .map((line) => line.outcome)
      .filter((outcome, index, all) => all.indexOf(outcome) === index);
    return { ...round, outcomes };
  });
}

/** The rows as the wire answers them, outcome names in the request's language. */
export function winnersWire(rows: readonly WinnerRound[], names: readonly string[]): WinnerEntry[] {
  return rows.map((row) => {
    // A positive net always has a winning line: the first is the one that paid most.
    const [value = 0] = row.outcomes;
    return {
      id: row.id,
      user: maskUsername(row.username),
      gametype: row.gametype,
      seqno: row.seqno,
      value,
      valuecn: names[value] ?? '',
      values: row.outcomes,
      money: toUsd(row.net_cents),
      time: Math.floor(row.settled_at / 1000),
    };
  });
}
