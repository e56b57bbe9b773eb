/**
 * The draw secret file (DRAW_SECRET_FILE): one secret of 64 hex digits per line, newest first, and
 * comment lines. It is only ever written whole, mode 0600, under a temporary name that is then
 * given the file's name, so a reader never sees half a file; a file others may read is refused.
 * The ledger's signing keys are kept the same way (domain/ledger/keys.ts): a `SecretFileKind` names
 * the file in messages and writes its header.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { DRAW_SECRET_PATTERN } from '../../config';

/** A draw secret that cannot be used: the message says what to do, never the secret. */
export class DrawSecretError extends Error {}

/** What a file of secrets holds: its name in messages, and the header written above the secrets. */
export interface SecretFileKind {
  label: string;
  header: readonly string[];
}

export const DRAW_SECRET_FILE_KIND: SecretFileKind = {
  label: 'draw secret',
  header: [
    '# RoundPlay draw secret: every unplayed round seed follows from it. Keep this file mode 0600, outside',
    '# the data folder, and back it up apart from the database backups.',
    '# Newest first: new hash chains come from the first line; a line below it draws the rounds committed',
    '# before a rotation (npm run admin -- draw-secret:rotate).',
  ],
};

export function newDrawSecret(): Buffer {
  return randomBytes(32);
}

function parse(path: string, text: string, kind: SecretFileKind): Buffer[] {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (lines.length === 0 || !lines.every((line) => DRAW_SECRET_PATTERN.test(line))) {
    throw new DrawSecretError(
      `the ${kind.label} file ${path} must hold one or more lines of 64 hex digits (32 bytes), newest first`,
    );
  }
  return lines.map((line) => Buffer.from(line, 'hex'));
}

/** The secrets in the file, newest first; null when there is no file. */
export function readSecretFile(path: string, kind: SecretFileKind = DRAW_SECRET_FILE_KIND): Buffer[] | null {
  let mode: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new DrawSecretError(`the ${kind.label} file ${path} is not a file`);
    mode = stat.mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if ((mode & 0o077) !== 0) {
    throw new DrawSecretError(
      `the ${kind.label} file ${path} may be read by others (mode ${mode.toString(8).padStart(4, '0')}): ` +
        `chmod 600 ${path}`,
    );
  }
  return parse(path, readFileSync(path, 'utf8'), kind);
}

/** The secrets written, mode 0600, to a new file beside `path`; its name is returned. */
function writeTemporary(path: string, secrets: readonly Buffer[], kind: SecretFileKind): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const text = [...kind.header, ...secrets.map((secret) => secret.toString('hex')), ''].join('\n');
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    // The umask may only have taken bits away; this makes it exactly owner read and write.
    chmodSync(temporary, 0o600);
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temporary;
}

/** Replaces the file with these secrets (a rotation). */
export function writeSecretFile(
  path: string,
  secrets: readonly Buffer[],
  kind: SecretFileKind = DRAW_SECRET_FILE_KIND,
): void {
  const temporary = writeTemporary(path, secrets, kind);
  try {
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Makes the file with one new secret unless it exists: two servers starting at once end up with
 * the same secret (the link fails for the second, which reads the first's).
 */
export function createSecretFile(
  path: string,
  kind: SecretFileKind = DRAW_SECRET_FILE_KIND,
): { secrets: Buffer[]; created: boolean } {
  const secrets = [newDrawSecret()];
  const temporary = writeTemporary(path, secrets, kind);
  try {
    linkSync(temporary, path);
    return { secrets, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = readSecretFile(path, kind);
    if (!existing) throw error;
    return { secrets: existing, created: false };
  } finally {
    rmSync(temporary, { force: true });
  }
}
