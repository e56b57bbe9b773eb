/** SPEC.md section 4: a missing room id is refused with its own message (1026), not as a malformed body. */
import { ErrorCode } from '../../shared/errors';
import { refused } from '../domain/refused';

export function requireRoomId(roomid: number | undefined): number {
  if (roomid === undefined) throw refused(ErrorCode.RoomNumberEmpty);
  return roomid;
}
