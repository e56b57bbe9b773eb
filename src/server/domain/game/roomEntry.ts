/**
 * Who may be in a room (SPEC.md section 5, Room entry): the room and its game trading, a VIP
 * room's level (2055), the room's minjoin (2004). Entering (getGameinfo) and reading the room's
 * live orders (getVorder) ask the same, so a room's orders are seen only by those who may enter.
 */
import type { Room } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { validateRoomEntry } from '../../../shared/validation';
import type { Member } from '../../db/schema';
import { refused, refusedFrom } from '../refused';
import type { GameSettings, RoomSettings } from './catalog';
import type { GameEngine } from './engine';

export async function enterRoom(
  engine: GameEngine,
  member: Member,
  roomId: number,
): Promise<{ room: RoomSettings; game: GameSettings; wire: Room }> {
  const entered = await engine.roomAndGame(roomId);
  const { room, game } = entered;
  if (!room.enabled || !game.enabled) throw refused(ErrorCode.TradingStopped);
  const refusal = validateRoomEntry({
    loggedIn: true,
    balance: member.money_cents,
    minJoin: room.minjoinCents,
    vipRoom: room.minlevel > 0,
    level: member.level,
    vipMinLevel: room.minlevel,
  });
  if (refusal) throw refusedFrom(refusal);
  return entered;
}
