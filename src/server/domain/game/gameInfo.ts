/**
 * Entering a room and polling it (getGameinfo): the room entry rules (roomEntry.ts), then the
 * room, its game's current round, the time left and the last drawn rounds with their seeds.
 * Rooms and boards come from the engine's caches; only the clock is read per request.
 */
import type { GameInfoAnswer, GameListItem, Room } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { diffOf, secondsUntil } from '../../../shared/game';
import type { Locale } from '../../../shared/locale';
import type { Member } from '../../db/schema';
import { refused } from '../refused';
import type { GameEngine } from './engine';
import { enterRoom } from './roomEntry';
import { roundWire } from './roundView';

export async function gameList(engine: GameEngine): Promise<GameListItem[]> {
  return (await engine.catalog.get()).gameList;
}

export async function roomList(engine: GameEngine, roomtype: number): Promise<Room[]> {
  return (await engine.catalog.get()).roomsByType.get(roomtype) ?? [];
}

export async function gameInfo(
  engine: GameEngine,
  member: Member,
  roomId: number,
  locale: Locale,
): Promise<GameInfoAnswer> {
  const { game, wire } = await enterRoom(engine, member, roomId);

  const board = await engine.boards.get(game.id, game.type);
  if (!board.current) throw refused(ErrorCode.NoActiveActivity);
  const now = engine.deps.clock();
  const current = roundWire({
    round: board.current,
    gametype: game.type,
    stakeCents: board.stakes.get(board.current.id) ?? 0,
    anchor: board.anchors.get(board.current.chain_id) ?? '',
    now,
    locale,
    names: engine.names,
  });
  return {
    room: wire,
    game: current,
    diff: diffOf(secondsUntil(board.current.draw_at, now)),
    his: engine.boards.historyWire(board, locale, engine.names),
    serverTime: now,
  };
}
