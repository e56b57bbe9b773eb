/**
 * Entering a room and polling it (getGameinfo): the room entry rules (roomEntry.ts), then the
 * room, its game's current round, the time left and the last drawn rounds with their seeds.
 * Rooms and boards come from the engine's caches, and every part but the server's time is the same
 * object for every poll until it changes (BoardCache.currentWire); only the clock is read per request.
 */
import type { GameInfoAnswer, GameListItem, Room } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import type { Locale } from '../../../shared/locale';
import type { Member } from '../../db/schema';
import { refused } from '../refused';
import type { GameEngine } from './engine';
import { enterRoom } from './roomEntry';

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
  const now = engine.deps.clock();
  const current = engine.boards.currentWire(board, locale, engine.names, now);
  if (!current) throw refused(ErrorCode.NoActiveActivity);
  return {
    room: wire,
    game: current.game,
    diff: current.diff,
    his: engine.boards.historyWire(board, locale, engine.names),
    serverTime: now,
  };
}
