/**
 * The draw secrets a server holds (DESIGN.md section 4): from DRAW_SECRET, or from the file
 * DRAW_SECRET_FILE, made on the first start. A file that is missing while the database has chains
 * made from it is never replaced by a new secret on the quiet: the start is refused with what to do
 * (restore the file, or declare it lost with `draw-secret:rotate --lost`), since a new secret would
 * end those chains and leave the rounds committed from them without their seeds.
 */
import type { DrawSecretSource } from '../../config';
import type { Db } from '../../db/schema';
import { chainsNeedingSecret } from '../../repositories/chains';
import { createSecretFile, DrawSecretError, readSecretFile } from './drawSecretFile';

export interface DrawSecrets {
  /** Where they come from, for messages: the file's path or DRAW_SECRET. */
  readonly where: string;
  /** The secret new chains are made from (the first). */
  current(): Buffer;
  /** Every secret held, newest first. */
  all(): readonly Buffer[];
  /** Reads the file again, after a rotation by the admin command (DRAW_SECRET never changes while running). */
  reload(): void;
}

/** Secrets that never change (DRAW_SECRET, or a test's). */
export function fixedDrawSecrets(secrets: readonly Buffer[], where = 'DRAW_SECRET'): DrawSecrets {
  if (secrets.length === 0) throw new DrawSecretError('no draw secret given');
  return { where, current: () => secrets[0], all: () => secrets, reload: () => undefined };
}

function fileDrawSecrets(path: string, initial: Buffer[]): DrawSecrets {
  let secrets = initial;
  return {
    where: path,
    current: () => secrets[0],
    all: () => secrets,
    reload() {
      const read = readSecretFile(path);
      if (!read) {
        throw new DrawSecretError(
          `the draw secret file ${path} has gone: restore it from its backup (no new hash chain starts without it)`,
        );
      }
      secrets = read;
    },
  };
}

export function describeNeeds(needs: readonly { game_id: number }[]): string {
  const games = [...new Set(needs.map((need) => need.game_id))].sort((a, b) => a - b);
  return `game${games.length === 1 ? '' : 's'} ${games.join(', ')}`;
}

export const LOST_SECRET_ADVICE =
  'npm run admin -- draw-secret:rotate --lost (the chains made from it end, the rounds committed from them ' +
  'and not drawn are called off with every stake refunded, and new chains start)';

export interface OpenedDrawSecrets {
  secrets: DrawSecrets;
  /** The file was made now (first start): the operator must back it up. */
  created: boolean;
}

export async function openDrawSecrets(source: DrawSecretSource, db: Db): Promise<OpenedDrawSecrets> {
  if (source.kind === 'env') {
    return { secrets: fixedDrawSecrets(source.secrets.map((secret) => Buffer.from(secret, 'hex'))), created: false };
  }
  const held = readSecretFile(source.path);
  if (held) return { secrets: fileDrawSecrets(source.path, held), created: false };
  const needs = await chainsNeedingSecret(db);
  if (needs.length > 0) {
    throw new DrawSecretError(
      `the draw secret file ${source.path} is missing, but the hash chains of ${describeNeeds(needs)} were made ` +
        `from a secret and rounds still come from them. Restore the file from its backup (mode 0600), or, if it ` +
        `is lost, run ${LOST_SECRET_ADVICE}.`,
    );
  }
  const made = createSecretFile(source.path);
  return { secrets: fileDrawSecrets(source.path, made.secrets), created: made.created };
}
