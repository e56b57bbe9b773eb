/** Queries on the hash chains that seed the rounds. The secret columns never leave the server. */
import type { ChainRow, Db } from '../db/schema';

export function latestChainOfGame(db: Db, gameId: number): Promise<ChainRow | undefined> {
  return db
    .selectFrom('fairness_chains')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function chainById(db: Db, id: number): Promise<ChainRow | undefined> {
  return db.selectFrom('fairness_chains').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listChains(db: Db): Promise<ChainRow[]> {
  return db.selectFrom('fairness_chains').selectAll().orderBy('id').execute();
}

export async function insertChain(db: Db, row: Omit<ChainRow, 'id'>): Promise<number> {
  const inserted = await db.insertInto('fairness_chains').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The highest chain index a round has used, 0 when none. */
export async function lastUsedChainIndex(db: Db, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('rounds')
    .select((eb) => eb.fn.max('chain_index').as('top'))
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}
