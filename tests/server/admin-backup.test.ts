/**
 * `npm run admin -- backup <file>`. On SQLite: a copy taken by the real program while the server
 * takes orders and the operator credits members, restored as the database of a fresh admin run,
 * passes the audit, and is the server's database as it was at one moment (every fund-log row up to
 * some id, none after it, and each balance the one that row left). It never replaces a file. On
 * PostgreSQL the command refuses and names pg_dump and pg_restore.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findPgBinary } from '../../scripts/preflight.mjs';
import SQLite from '../../src/server/db/sqliteDriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_DUMP, PG_RESTORE } from '../../src/server/admin/backupCommand';
import { adminInProcess, adminOf, adminProcessAsync } from './support/admin';
import { TEST_DIALECT } from './support/database';
import { fundedMember, line, openRound, order, ROOM, type Player } from './support/game';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const admin = adminOf(() => server);

interface FundRow {
  id: number;
  member_id: number;
  amount_cents: number;
  before_cents: number;
  after_cents: number;
}

if (TEST_DIALECT === 'postgres') {
  describe('backup on PostgreSQL', () => {
    it('the documented dump command, run from a shell of the usual umask (022), writes a dump only its owner can read', async () => {
      const pgDump = findPgBinary('pg_dump');
      expect(pgDump, 'pg_dump beside the PostgreSQL server binaries').not.toBeNull();
      const dir = mkdtempSync(join(tmpdir(), 'pg-dump-'));
      try {
        const run = spawnSync('sh', ['-c', `umask 022 && ${PG_DUMP}`], {
          cwd: dir,
          env: { ...process.env, PATH: `${dirname(pgDump!)}:${process.env.PATH}`, ...server.database.env },
          encoding: 'utf8',
        });
        expect(run.status, run.stderr).toBe(0);
        expect(statSync(join(dir, 'backup.dump')).mode & 0o777).toBe(0o600);
        // And the README says the same command.
        expect(readFileSync('README.md', 'utf8')).toContain(PG_DUMP);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses (exit 1) and gives the pg_dump command and its restore', async () => {
      const file = join(server.database.dir, 'pg.backup');
      const result = await admin('backup', file);
      expect(result.code).toBe(1);
      expect(result.err).toContain('the database is PostgreSQL (DATABASE_URL); back it up with pg_dump');
      expect(result.err).toContain(PG_DUMP);
      expect(PG_DUMP).toBe('(umask 077 && pg_dump --format=custom --file=backup.dump "$DATABASE_URL")');
      expect(result.err).toContain(PG_RESTORE);
      expect(existsSync(file)).toBe(false);
      expect((await admin('backup', '--help')).out).toContain(PG_DUMP);
    });
  });
} else {
  describe('backup on SQLite', () => {
    let players: Player[];
    beforeAll(async () => {
      // Enough for every order a slow copy lets them place (20 each: 10,000 orders apiece; 5,000
      // ran out on a loaded machine).
      players = await Promise.all([1, 2, 3].map(() => fundedMember(server, 200_000)));
      await openRound(server, 15, 30);
    });

    const live = () => server.deps.db;

    it('copies the running database at one moment while orders and credits go on; the copy restores and audits', async () => {
      const file = join(server.database.dir, 'online.sqlite');
      const startRow = await live()
        .selectFrom('fund_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();

      // Members stake through the app and the operator credits them, without pause, until the copy is done.
      let copying = true;
      let orders = 0;
      let credits = 0;
      const stakes = players.map(async (player) => {
        while (copying) {
          const placed = await order(server, player.token, ROOM.usdtStandard, [line(orders % 10, 20)]);
          expect(placed.body.code, placed.body.info).toBe(1);
          orders += 1;
        }
      });
      const operator = (async () => {
        while (copying) {
          const player = players[credits % players.length];
          expect((await admin('credit', player.username, '1.25', '--ref', `backup-${credits}`)).code).toBe(0);
          credits += 1;
        }
      })();

      const backup = await adminProcessAsync(server, 'backup', file);
      // Keep writing a little after the copy, so the live database moves past the copied moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      copying = false;
      await Promise.all([...stakes, operator]);

      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(
        new RegExp(
          `^Backed up .*app\\.sqlite to .*online\\.sqlite: \\d+ bytes, \\d+ pages of \\d+ bytes \\(quick_check ok, mode 0600\\)\\.\\n` +
            'The draw secret is not in the copy: back up .*draw-secret apart from it\\.\\n$',
        ),
      );
      expect(orders).toBeGreaterThan(0);
      expect(credits).toBeGreaterThan(0);

      // The copy, restored as an operator would: the file as app.sqlite of a fresh DATA_DIR.
      const restoredDir = join(server.database.dir, 'restored');
      mkdirSync(restoredDir);
      copyFileSync(file, join(restoredDir, 'app.sqlite'));
      const env = { DATA_DIR: restoredDir, DATABASE_URL: '' };
      const audit = await adminInProcess(env, ['audit']);
      expect(audit.code, audit.out + audit.err).toBe(0);
      expect(audit.out).toMatch(/ok {3}every balance equals the sum of its fund-log deltas/);
      expect(audit.out).toMatch(/Audit passed/);

      // One moment: the copy holds the live fund log up to some id exactly, and nothing after it.
      const copy = new SQLite(join(restoredDir, 'app.sqlite'), { readonly: true });
      try {
        const copied = copy.prepare('SELECT * FROM fund_log ORDER BY id').all() as FundRow[];
        const cut = copied[copied.length - 1].id;
        const liveRows = (await live().selectFrom('fund_log').selectAll().orderBy('id').execute()) as FundRow[];
        const pick = (rows: FundRow[]) =>
          rows.map(({ id, member_id, amount_cents, before_cents, after_cents }) => ({
            id,
            member_id,
            amount_cents,
            before_cents,
            after_cents,
          }));
        expect(pick(copied)).toEqual(pick(liveRows.filter((row) => row.id <= cut)));
        // Taken while the writes went on: some after the workload began, some after the copy.
        expect(cut).toBeGreaterThan(Number(startRow.id));
        expect(liveRows[liveRows.length - 1].id).toBeGreaterThan(cut);

        // Each copied balance is the one the member's last copied fund-log row left.
        const balances = copy.prepare('SELECT id, money_cents FROM members').all() as {
          id: number;
          money_cents: number;
        }[];
        for (const member of balances) {
          const last = copied.filter((row) => row.member_id === member.id).at(-1);
          expect(member.money_cents, `member #${member.id}`).toBe(last?.after_cents ?? 0);
        }
        // The order lines went into the copy with their stakes: one staked line per stake row.
        const stakedLines = copy.prepare('SELECT count(*) AS n FROM order_lines').get() as { n: number };
        expect(stakedLines.n).toBeGreaterThan(0);
      } finally {
        copy.close();
      }

      // The restored database is a working one: the operator can go on with it.
      const credit = await adminInProcess(env, ['credit', players[0].username, '2']);
      expect(credit.code, credit.err).toBe(0);
    });

    it('never replaces a file, and refuses a missing folder or database (exit 1)', async () => {
      const taken = join(server.database.dir, 'taken.sqlite');
      writeFileSync(taken, 'keep me');
      const refused = await admin('backup', taken);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/taken\.sqlite exists already; a backup never replaces a file/);
      expect(readFileSync(taken, 'utf8')).toBe('keep me');

      const noFolder = await admin('backup', join(server.database.dir, 'absent', 'b.sqlite'));
      expect(noFolder.code).toBe(1);
      expect(noFolder.err).toMatch(/there is no folder .*absent/);

      const empty = join(server.database.dir, 'empty');
      const noDatabase = await adminInProcess({ DATA_DIR: empty, DATABASE_URL: '' }, [
        'backup',
        join(server.database.dir, 'none.sqlite'),
      ]);
      expect(noDatabase.code).toBe(1);
      expect(noDatabase.err).toMatch(/there is no database at .*empty.app\.sqlite/);
      // A backup neither creates nor migrates a database.
      expect(existsSync(empty)).toBe(false);
    });
  });
}
