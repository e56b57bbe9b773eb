/**
 * Queries on the hash chains that seed the rounds. A chain row is public (anchor, length, label);
 * the only seeds stored before a draw are those kept for rounds committed before 0008_chain_secret.
 */
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

/** No more rounds come from the chain; false when it had ended already. */
export async function endChain(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('fairness_chains')
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

export type ChainNeed = ChainRow & { label: string };

/**
 * The chains made from a draw secret that still need it: those rounds still come from, and those
 * with a round committed but neither drawn nor called off.
 */
export async function chainsNeedingSecret(db: Db): Promise<ChainNeed[]> {
  const rows = await db
    .selectFrom('fairness_chains as c')
    .selectAll('c')
    .where('c.label', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('c.ended_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('rounds as r')
            .select('r.id')
            .whereRef('r.chain_id', '=', 'c.id')
            .where('r.status', '<>', 'drawn')
            .where('r.voided_at', 'is', null),
        ),
      ]),
    )
    .orderBy('c.id')
    .execute();
  return rows.filter((row): row is ChainNeed => row.label !== null);
}

/** The seed kept for a round committed from a chain made before 0008 (undefined for any other). */
export async function keptSeedOf(db: Db, roundId: number): Promise<string | undefined> {
  const row = await db.selectFrom('kept_round_seeds').select('seed').where('round_id', '=', roundId).executeTakeFirst();
  return row?.seed;
}

/** The round is drawn: its seed is public in the round now, and no copy is kept. */
export async function forgetKeptSeed(db: Db, roundId: number): Promise<void> {
  await db.deleteFrom('kept_round_seeds').where('round_id', '=', roundId).execute();
}

/** Every chain in use ends (a rotation of the draw secret): each game's next round starts a new one. */
export async function endLiveChains(db: Db, now: number): Promise<number[]> {
  const ended = await db
    .updateTable('fairness_chains')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .returning('game_id')
    .execute();
  return ended.map((row) => row.game_id);
}
