/**
 * zod pieces shared by the game paths. Ids and amounts are numbers on the wire; numeric strings
 * are accepted too, as form-encoded clients of this API family send them.
 */
import { z } from 'zod';
import { ErrorCode } from '../../shared/errors';
import { refused } from '../domain/refused';

const MAX_ID = 2_147_483_647;

export const idField = z.union([
  z.number().int().min(0).max(MAX_ID),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_ID)),
]);

export const numberField = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d{1,15}(\.\d{1,10})?$/)
    .transform(Number),
]);

export const textField = (max: number) => z.union([z.string().max(max), z.number().transform(String)]);

/** SPEC.md section 4: a missing room id is refused with its own message (1026). */
export function requireRoomId(roomid: number | undefined): number {
  if (roomid === undefined) throw refused(ErrorCode.RoomNumberEmpty);
  return roomid;
}
