/** Queries on games and rooms as the round engine and the operator commands read and change them. */
import type { Updateable } from 'kysely';
import type { Db, GameRow, GamesTable, RoomRow, RoomsTable } from '../db/schema';

export function listGameRows(db: Db): Promise<GameRow[]> {
  return db.selectFrom('games').selectAll().orderBy('id').execute();
}

export function listRoomRows(db: Db): Promise<RoomRow[]> {
  return db.selectFrom('rooms').selectAll().orderBy('id').execute();
}

export async function updateGameRow(db: Db, id: number, changes: Updateable<GamesTable>): Promise<boolean> {
  const result = await db.updateTable('games').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateRoomRow(db: Db, id: number, changes: Updateable<RoomsTable>): Promise<boolean> {
  const result = await db.updateTable('rooms').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
