/**
 * `backup <file>`: a consistent copy of the SQLite database while the server keeps running, with
 * SQLite's online backup API (better-sqlite3's `.backup()`) on a connection of its own. The whole
 * database is copied in one step, inside one read transaction: in WAL mode that is one snapshot,
 * taken without stopping the server's writes, so the copy holds every commit up to one moment and
 * none after it. The copy is written beside the target under a temporary name, checked
 * (quick_check), then given its name without ever replacing a file. The copy is mode 0600 from its
 * first byte, as the database is. On PostgreSQL it refuses and names pg_dump instead.
 */
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  openSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE } from '../db/connect';
import SQLite from '../db/sqliteDriver';
import { OperatorInputError } from '../domain/operator';
import { configCommand, exactly, type AdminCommand } from './command';

/** A dump is as secret as the database: made under umask 077, so it is 0600 whatever the shell's umask. */
export const PG_DUMP = '(umask 077 && pg_dump --format=custom --file=backup.dump "$DATABASE_URL")';
export const PG_RESTORE = 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" backup.dump';

/** Pages per backup step: all of them, so the copy is one snapshot (better-sqlite3 caps the rate here). */
const ALL_PAGES = 0x7fffffff;

function removeQuietly(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/** Gives `from` the name `to` unless `to` exists (checked by the file system, not before it). */
function publish(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new OperatorInputError(`${to} exists already; a backup never replaces a file`);
    // A file system without hard links: an exclusive copy refuses an existing file the same way.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
    try {
      copyFileSync(from, to, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new OperatorInputError(`${to} exists already; a backup never replaces a file`);
      }
      throw copyError;
    }
  }
}

export const BACKUP_COMMANDS: Record<string, AdminCommand> = {
  backup: configCommand({
    synopsis: '<file>',
    summary: 'a consistent copy of the SQLite database while the server runs (PostgreSQL: pg_dump)',
    details: [
      'Never replaces an existing file. Prints the size and the page count of the copy (mode 0600).',
      'The draw secret (DRAW_SECRET_FILE) is never in the database: back it up apart from the copies.',
      'Restore: stop the server, copy the file to $DATA_DIR/app.sqlite, remove app.sqlite-wal and',
      'app.sqlite-shm if present, start the server.',
      `On PostgreSQL: ${PG_DUMP}`,
      `  restore with: ${PG_RESTORE}`,
    ],
    parse: (line) => resolve(exactly(line, 1, '<file>')[0]),
    async run(config, target, io) {
      if (config.databaseUrl) {
        throw new OperatorInputError(
          `the database is PostgreSQL (DATABASE_URL); back it up with pg_dump: ${PG_DUMP} ` +
            `(restore: ${PG_RESTORE})`,
        );
      }
      const source = join(config.dataDir, 'app.sqlite');
      if (!existsSync(source)) throw new OperatorInputError(`there is no database at ${source} (DATA_DIR)`);
      if (existsSync(target)) throw new OperatorInputError(`${target} exists already; a backup never replaces a file`);
      if (!existsSync(dirname(target))) throw new OperatorInputError(`there is no folder ${dirname(target)}`);
      const partial = `${target}.${process.pid}.partial`;
      removeQuietly(partial);
      try {
        // Made private before SQLite writes a page into it (SQLite keeps an existing file's mode).
        closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
        chmodSync(partial, PRIVATE_FILE_MODE);
        const database = new SQLite(source, { fileMustExist: true });
        try {
          database.pragma('busy_timeout = 5000');
          await database.backup(partial, { progress: () => ALL_PAGES });
        } finally {
          database.close();
        }
        const copy = new SQLite(partial, { fileMustExist: true });
        let pages: number;
        let pageSize: number;
        try {
          const check = copy.pragma('quick_check', { simple: true });
          if (check !== 'ok')
            throw new OperatorInputError(`the copy failed its check (${String(check)}); nothing kept`);
          // One file on its own: no -wal beside it to copy along.
          copy.pragma('journal_mode = DELETE');
          pages = Number(copy.pragma('page_count', { simple: true }));
          pageSize = Number(copy.pragma('page_size', { simple: true }));
        } finally {
          copy.close();
        }
        publish(partial, target);
        chmodSync(target, PRIVATE_FILE_MODE);
        io.out(
          `Backed up ${source} to ${target}: ${statSync(target).size} bytes, ${pages} pages of ${pageSize} bytes ` +
            '(quick_check ok, mode 0600).',
        );
        const secret = config.drawSecret.kind === 'file' ? config.drawSecret.path : 'DRAW_SECRET';
        io.out(`The draw secret is not in the copy: back up ${secret} apart from it.`);
      } finally {
        removeQuietly(partial);
      }
    },
  }),
};
