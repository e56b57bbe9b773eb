/**
 * What a stream says first, and instead of missed events it can no longer replay: the room or the
 * member as they are now, read after the bus's head id was taken, so anything newer follows it.
 */
import type { MemberEvent, RoomEvent } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import { findMemberById } from '../../repositories/members';
import { latestLiveLines } from '../../repositories/orderViews';
import type { GameEngine } from '../game/engine';
import { LIVE_FIRST } from '../game/orderViews';
import { roundPhase } from '../game/timing';
import type { Deps } from '../deps';
import { liveDraw, liveLine, liveRound } from './news';

export async function roomSnapshot(engine: GameEngine, roomId: number): Promise<RoomEvent> {
  const { room, game } = await engine.roomAndGame(roomId);
  const board = await engine.boards.get(game.id, game.type);
  const now = engine.deps.clock();
  const current = board.current;
  const rows = current ? (await latestLiveLines(engine.deps.db, current.id, room.id, LIVE_FIRST)).reverse() : [];
  const last = current && current.status === 'drawn' ? current : (board.history[0] ?? null);
  return {
    type: 'snapshot',
    roomid: room.id,
    gameid: game.id,
    gametype: game.type,
    round: current ? { ...liveRound(current), status: roundPhase(current, now) } : null,
    last: last ? liveDraw(last) : null,
    lines: current ? rows.map((row) => liveLine(row, current.seqno)) : [],
    serverTime: now,
  };
}

export async function memberSnapshot(deps: Deps, memberId: number): Promise<MemberEvent> {
  const member = await findMemberById(deps.db, memberId);
  return { type: 'snapshot', balance: toUsd(member?.money_cents ?? 0), serverTime: deps.clock() };
}
