/** Member-row queries of the wallet and the operator's level command. */
import type { Db, Dialect, Member } from '../db/schema';

export async function setMemberLevel(db: Db, id: number, level: number): Promise<void> {
  await db.updateTable('members').set({ level }).where('id', '=', id).execute();
}

/**
 * Reads the member's row and locks it until the transaction ends (PostgreSQL; SQLite runs one
 * write transaction at a time anyway), so two requests of one member that count before they
 * write, such as withdrawals against the daily maximum, take turns.
 */
export function lockMember(db: Db, dialect: Dialect, id: number): Promise<Member | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}
