/**
 * The home ticker's recent winners (getWinners): real settled winning lines only, usernames
 * masked (DESIGN.md section 3.1). An empty database answers an empty list, never filler.
 */
import type { WinnerEntry } from '../../../shared/api/types';
import { WINNERS_LIMIT } from '../../../shared/constants';
import { toUsd } from '../../../shared/money';
import { latestWinningLines, type WinnerRow } from '../../repositories/orderViews';
import type { Deps } from '../deps';
import { maskUsername } from './mask';

/** The rows, independent of language (what a cache keeps). */
export function latestWinnerRows(deps: Deps): Promise<WinnerRow[]> {
  return latestWinningLines(deps.db, WINNERS_LIMIT);
}

/** The rows as the wire answers them, outcome names in the request's language. */
export function winnersWire(rows: readonly WinnerRow[], names: readonly string[]): WinnerEntry[] {
  return rows.map((row) => ({
    id: row.id,
    user: maskUsername(row.username),
    gametype: row.gametype,
    seqno: row.seqno,
    value: row.outcome,
    valuecn: names[row.outcome] ?? '',
    money: toUsd(row.award_cents),
    time: Math.floor((row.finished_at ?? 0) / 1000),
  }));
}
