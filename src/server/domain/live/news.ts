/**
 * What the live streams tell, built from committed rows (the shapes: src/shared/api/live.ts).
 * Codes, never texts: the app names outcomes, reasons and statuses in the member's language, so
 * one event serves every subscriber. Rooms' events go to `game:<id>` (rounds, shared by the
 * game's rooms) and `room:<id>` (orders); a member's to `member:<id>`; news for every member to
 * `members`.
 */
import type { LiveLine, MemberEvent, RoomEvent } from '../../../shared/api/types';
import type { FundReasonCode, OrderStatus } from '../../../shared/api/types';
import { winningOutcomes, type Draw } from '../../../shared/game';
import { toUsd } from '../../../shared/money';
import type { RoundRow } from '../../db/schema';
import type { Deps } from '../deps';
import { maskUsername } from '../game/mask';
import { sessionTag } from '../secrets';
import type { LiveNews } from './bus';

export const gameChannel = (gameId: number): string => `game:${gameId}`;
export const roomChannel = (roomId: number): string => `room:${roomId}`;
export const memberChannel = (memberId: number): string => `member:${memberId}`;
/** News for every member's stream (new messages). */
export const EVERY_MEMBER = 'members';
/**
 * Sessions that ended (logout, ended by the member or a password change, a freeze): no stream's
 * channel; every instance's hub ends the streams those sessions opened (hub.ts).
 */
export const SESSIONS_ENDED = 'sessions';

export function sessionsEnded(tokenHashes: readonly string[]): LiveNews[] {
  if (tokenHashes.length === 0) return [];
  return [{ channel: SESSIONS_ENDED, event: { type: 'sessions.ended', sessions: tokenHashes.map(sessionTag) } }];
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Tells what committed to the live streams and to the notifications members asked for (queued,
 * never awaited); nothing when the deps carry neither. Never throws.
 */
export async function announce(deps: Pick<Deps, 'live' | 'push'>, news: readonly LiveNews[]): Promise<void> {
  if (news.length === 0) return;
  deps.push?.tell(news);
  await deps.live?.publish(news);
}

function roomNews(channel: string, event: RoomEvent): LiveNews {
  return { channel, event };
}

function memberNews(memberId: number, event: MemberEvent): LiveNews {
  return { channel: memberChannel(memberId), event };
}

interface GameRef {
  id: number;
  type: number;
}

export function liveRound(round: RoundRow) {
  return {
    id: round.id,
    seqno: round.seqno,
    openAt: round.open_at,
    closeAt: round.close_at,
    drawAt: round.draw_at,
    commitment: round.commitment,
  };
}

/** A drawn round's numbers, winning outcomes and seed; null before the draw. */
export function liveDraw(round: RoundRow) {
  if (round.status !== 'drawn' || round.num1 === null || round.num2 === null || round.num3 === null) return null;
  if (round.sum === null) return null;
  const draw: Draw = [round.num1, round.num2, round.num3];
  return {
    id: round.id,
    seqno: round.seqno,
    num1: draw[0],
    num2: draw[1],
    num3: draw[2],
    sum: round.sum,
    results: winningOutcomes(draw),
    seed: round.seed ?? '',
    drawnAt: round.drawn_at ?? round.draw_at,
  };
}

export function roundOpened(game: GameRef, round: RoundRow): LiveNews {
  return roomNews(gameChannel(game.id), {
    type: 'round.opened',
    gameid: game.id,
    gametype: game.type,
    round: liveRound(round),
  });
}

export function roundClosed(game: GameRef, round: RoundRow): LiveNews {
  return roomNews(gameChannel(game.id), {
    type: 'round.closed',
    gameid: game.id,
    gametype: game.type,
    roundId: round.id,
    seqno: round.seqno,
    closeAt: round.close_at,
  });
}

export function roundDrawn(game: GameRef, round: RoundRow): LiveNews | null {
  const draw = liveDraw(round);
  return (
    draw && roomNews(gameChannel(game.id), { type: 'round.drawn', gameid: game.id, gametype: game.type, round: draw })
  );
}

/** A line as the live table shows it: the name masked as getVorder masks it. */
export function liveLine(
  row: { id: number; username: string; outcome: number; rate: number; stake_cents: number; created_at: number },
  seqno: string,
): LiveLine {
  return {
    id: row.id,
    username: maskUsername(row.username),
    value: row.outcome,
    rate: row.rate / 100,
    money: toUsd(row.stake_cents),
    seqno,
    time: seconds(row.created_at),
  };
}

export function ordersPlaced(roomId: number, round: RoundRow, lines: readonly LiveLine[]): LiveNews {
  return roomNews(roomChannel(roomId), { type: 'orders', roomid: roomId, roundId: round.id, lines: [...lines] });
}

export function ordersCancelled(roomId: number, roundId: number, ids: number[]): LiveNews {
  return roomNews(roomChannel(roomId), { type: 'orders.cancelled', roomid: roomId, roundId, ids });
}

export function balanceChanged(
  memberId: number,
  change: { afterCents: number; deltaCents: number; reason: FundReasonCode; now: number },
): LiveNews {
  return memberNews(memberId, {
    type: 'balance',
    balance: toUsd(change.afterCents),
    change: toUsd(change.deltaCents),
    reason: change.reason,
    time: seconds(change.now),
  });
}

export interface SettledLine {
  id: number;
  roomid: number;
  value: number;
  status: OrderStatus;
  awardCents: number;
}

export function roundSettled(memberId: number, round: RoundRow, lines: readonly SettledLine[]): LiveNews {
  return memberNews(memberId, {
    type: 'settled',
    roundId: round.id,
    seqno: round.seqno,
    award: toUsd(lines.reduce((sum, line) => sum + line.awardCents, 0)),
    lines: lines.map((line) => ({
      id: line.id,
      roomid: line.roomid,
      value: line.value,
      status: line.status,
      award: toUsd(line.awardCents),
    })),
  });
}

export function withdrawalDecided(
  memberId: number,
  withdrawal: { id: number; status: 'paid' | 'rejected'; amountCents: number },
): LiveNews {
  return memberNews(memberId, {
    type: 'withdrawal',
    id: withdrawal.id,
    status: withdrawal.status,
    amount: toUsd(withdrawal.amountCents),
  });
}

export function messagePosted(article: { id: number; category: number }): LiveNews {
  return { channel: EVERY_MEMBER, event: { type: 'message', id: article.id, category: article.category } };
}
