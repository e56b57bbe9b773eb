/**
 * The draw secret leaves the database (DESIGN.md section 4). A hash chain keeps only what is public:
 * its anchor, its length and a label (its top seed is HMAC-SHA256(draw secret, label), derived in
 * memory from a file outside the data folder); `ended_at` says no more rounds come from it.
 *
 * Chains made before this migration had their top seed and checkpoints (future seeds) stored here,
 * so any backup of the database could compute their rounds before the draw: each of them ends now,
 * and every game's next round starts a new chain from the draw secret. Rounds already committed
 * from them (one per game, or a few after a stop) must still draw with the seed they were committed
 * to: each such seed is kept in `kept_round_seeds` until that round is drawn. Those seeds are in
 * every backup made before the upgrade anyway, so keeping them a few minutes more adds nothing.
 *
 * `rounds.voided_at`: a round called off because the secret it was committed from is lost; its
 * stakes are refunded and it is never drawn (a seed is never made up for it).
 * Never edited once released; later changes are new migrations.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

interface LegacyChain {
  id: number;
  top_seed: string;
  length: number;
  checkpoint_every: number;
  checkpoints: string;
}

interface UndrawnRound {
  id: number;
  chain_id: number;
  chain_index: number;
  commitment: string;
}

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** seed[index] of a stored chain: the next stored checkpoint above it (or the top seed) hashed down. */
function legacySeed(chain: LegacyChain, index: number): string {
  const checkpoints = JSON.parse(chain.checkpoints) as string[];
  const j = Math.ceil(index / chain.checkpoint_every);
  const [from, fromIndex] =
    j < checkpoints.length ? [checkpoints[j], j * chain.checkpoint_every] : [chain.top_seed, chain.length];
  let bytes: Buffer = Buffer.from(from, 'hex');
  for (let i = fromIndex; i > index; i--) bytes = sha256(bytes);
  return bytes.toString('hex');
}

export function chainSecretMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('kept_round_seeds')
        .addColumn('round_id', 'integer', (c) => c.primaryKey().references('rounds.id'))
        .addColumn('seed', 'text', (c) => c.notNull())
        .execute();

      const chains = new Map(
        (
          await sql<LegacyChain>`SELECT id, top_seed, length, checkpoint_every, checkpoints FROM fairness_chains`.execute(
            db,
          )
        ).rows.map((chain) => [chain.id, chain]),
      );
      const undrawn = await sql<UndrawnRound>`
        SELECT id, chain_id, chain_index, commitment FROM rounds WHERE status <> 'drawn' ORDER BY id`.execute(db);
      for (const round of undrawn.rows) {
        const chain = chains.get(round.chain_id);
        if (!chain) continue;
        const seed = legacySeed(chain, round.chain_index);
        // Only a seed that matches what was published may ever be revealed for the round.
        if (sha256(Buffer.from(seed, 'hex')).toString('hex') !== round.commitment) continue;
        await sql`INSERT INTO kept_round_seeds (round_id, seed) VALUES (${round.id}, ${seed})`.execute(db);
      }

      await db.schema.alterTable('fairness_chains').addColumn('label', 'text').execute();
      await db.schema.alterTable('fairness_chains').addColumn('ended_at', 'bigint').execute();
      await sql`UPDATE fairness_chains SET ended_at = ${Date.now()}`.execute(db);
      // One column per statement: SQLite drops them one at a time.
      for (const column of ['top_seed', 'checkpoint_every', 'checkpoints']) {
        await db.schema.alterTable('fairness_chains').dropColumn(column).execute();
      }

      await db.schema.alterTable('rounds').addColumn('voided_at', 'bigint').execute();
    },
  };
}
