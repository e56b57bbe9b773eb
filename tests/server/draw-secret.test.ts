/**
 * No copy of the database predicts a draw (DESIGN.md section 4). A backup of a running server taken
 * in the middle of a hash chain (`admin backup` on SQLite, pg_dump on PostgreSQL), the database's
 * own files, and the server's log at LOG_LEVEL=debug hold no 32-byte value from which the next
 * round's seed follows: not as that seed, not as any later seed or top seed of its chain (hashed
 * down), not as the draw secret (keyed over the chain's label). The secret itself lives in a file of
 * mode 0600 outside DATA_DIR, made on the first start; a start that finds it missing, or holding
 * another secret, while rounds still come from its chains is refused, and no seed is made up.
 * The database's files and its backups are mode 0600.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { verifyRound } from '../../src/shared/game';
import type { GetRoundAnswer } from '../../src/shared/api/types';
import { openSqlite } from '../../src/server/db/connect';
import { topSeedOf } from '../../src/server/domain/game/chain';
import { DrawSecretError, readSecretFile } from '../../src/server/domain/game/drawSecretFile';
import { fixedDrawSecrets, openDrawSecrets } from '../../src/server/domain/game/drawSecrets';
import { createLogger } from '../../src/server/logger';
import { adminProcessAsync, type AdminProcessResult } from './support/admin';
import { createTestDatabase, TEST_DIALECT } from './support/database';
import {
  currentRound,
  drawCurrent,
  fundedMember,
  line,
  openRound,
  order,
  roundById,
  ROOM,
  type Player,
} from './support/game';
import { findPgBinary } from '../../scripts/preflight.mjs';
import { buildTestApp, newFakeClock, RecordingSmsSender, startServer, type TestServer } from './support/server';

/** A short chain, so that trying a value as any later seed of it stays quick. */
const CHAIN_LENGTH = 300;

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every 32-byte value written in hex in the text: each 64-digit window of every run of hex digits. */
function hexValues(text: string): Set<string> {
  const found = new Set<string>();
  for (const [run] of text.matchAll(/[0-9a-f]{64,}/gi)) {
    for (let i = 0; i + 64 <= run.length; i++) found.add(run.slice(i, i + 64).toLowerCase());
  }
  return found;
}

interface Target {
  seed: string;
  index: number;
  label: string;
}

function sha256(bytes: Buffer): Buffer<ArrayBufferLike> {
  return createHash('sha256').update(bytes).digest();
}

/** How `value` gives the target's seed, or null when it does not. */
function howItGives(value: string, target: Target): string | null {
  if (value === target.seed) return 'it is the seed';
  // As a later seed of the chain, up to its top seed: the target is it hashed down.
  let bytes: Buffer<ArrayBufferLike> = Buffer.from(value, 'hex');
  for (let step = 1; step <= CHAIN_LENGTH; step++) {
    bytes = sha256(bytes);
    if (bytes.toString('hex') === target.seed) return `hashed down ${step} times`;
  }
  // As the draw secret: the chain's top seed keyed over its public label, hashed down.
  let top: Buffer<ArrayBufferLike> = Buffer.from(topSeedOf(Buffer.from(value, 'hex'), target.label), 'hex');
  for (let step = target.index; step < CHAIN_LENGTH; step++) top = sha256(top);
  return top.toString('hex') === target.seed ? 'as the draw secret' : null;
}

/** A copy of the database as an operator takes one while the server runs. */
function backupOf(server: TestServer, file: string): Promise<{ text: string; output: string }> {
  if (TEST_DIALECT === 'postgres') {
    const pgDump = findPgBinary('pg_dump');
    if (!pgDump) throw new Error('pg_dump not found (apt-get install -y postgresql-client)');
    const dump = spawnSync(pgDump, ['--format=plain', `--file=${file}`, server.database.env.DATABASE_URL], {
      encoding: 'utf8',
    });
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
    return Promise.resolve({ text: readFileSync(file, 'latin1'), output: dump.stdout + dump.stderr });
  }
  return adminProcessAsync(server, 'backup', file).then((result: AdminProcessResult) => {
    if (result.status !== 0) throw new Error(`backup failed: ${result.stderr}`);
    return { text: readFileSync(file, 'latin1'), output: result.stdout + result.stderr };
  });
}

describe('a backup taken mid-chain and the debug log', () => {
  let server: TestServer;
  let player: Player;
  const log: string[] = [];

  beforeAll(async () => {
    const logger = createLogger(
      'debug',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          log.push(chunk.toString());
          done();
        },
      }),
    );
    server = await startServer({ logger, game: { chain: { length: CHAIN_LENGTH, checkpointEvery: 10 } } });
    player = await fundedMember(server, 1_000);
  });
  afterAll(() => server.close());

  it("hold nothing from which the next round's seed follows; the secret would give it", async () => {
    // Rounds of the chain played, drawn, looked at and proved, as members do.
    for (let i = 0; i < 5; i++) {
      await openRound(server, 15, 30);
      expect((await order(server, player.token, ROOM.usdtStandard, [line(i % 4, 20)])).body.code).toBe(1);
      const drawn = await drawCurrent(server, 15);
      const proof = await server.call<GetRoundAnswer>(ApiPath.getRound, {
        token: player.token,
        roomid: ROOM.usdtStandard,
        seqno: drawn.seqno,
      });
      expect(proof.body.code).toBe(1);
    }
    // The next round: committed and taking orders when the copy is taken.
    const next = await openRound(server, 15, 30);
    expect(next.chain_index).toBeGreaterThan(5);
    expect((await order(server, player.token, ROOM.usdtStandard, [line(1, 20), line(2, 20)])).body.code).toBe(1);
    const polled = await server.call(ApiPath.gameInfo, { token: player.token, roomid: ROOM.usdtStandard });
    expect(polled.body.code).toBe(1);

    const backupFile = join(server.database.dir, `mid-chain.${TEST_DIALECT === 'postgres' ? 'sql' : 'sqlite'}`);
    const backup = await backupOf(server, backupFile);
    const texts = [backup.text, backup.output, log.join('')];
    if (TEST_DIALECT === 'sqlite') {
      // A plain copy of the data folder too: the database and its write-ahead log as they are.
      for (const suffix of ['', '-wal']) {
        const file = join(server.database.dir, `app.sqlite${suffix}`);
        if (existsSync(file)) texts.push(readFileSync(file, 'latin1'));
      }
    }
    const values = hexValues(texts.join('\n'));
    const chain = await server.deps.db
      .selectFrom('fairness_chains')
      .selectAll()
      .where('id', '=', next.chain_id)
      .executeTakeFirstOrThrow();
    // The search reads what is there: the anchor, the commitment and every seed revealed so far.
    expect(values).toContain(chain.anchor);
    expect(values).toContain(next.commitment);
    const revealed = await server.deps.db.selectFrom('rounds').select('seed').where('status', '=', 'drawn').execute();
    for (const { seed } of revealed) expect(values).toContain(seed);
    // Every request is in the log (info and debug lines).
    expect(log.join('')).toMatch(/"level":30/);

    const drawn = await drawCurrent(server, 15);
    expect(drawn.status).toBe('drawn');
    const target: Target = { seed: drawn.seed!, index: drawn.chain_index, label: chain.label! };
    const predicting = [...values].flatMap((value) => {
      const how = howItGives(value, target);
      return how === null ? [] : [`${value}: ${how}`];
    });
    expect(predicting).toEqual([]);

    // The same search finds the seed from the draw secret, which is only in its own file.
    const [secret] = readSecretFile(server.database.secretFile)!;
    expect(howItGives(secret.toString('hex'), target)).toBe('as the draw secret');
    expect(values).not.toContain(secret.toString('hex'));
    expect(texts.join('\n')).not.toContain(secret.toString('base64'));
    // And the revealed seed proves the round.
    expect(
      verifyRound({
        roundId: drawn.id,
        commitment: drawn.commitment,
        seed: drawn.seed!,
        numbers: [drawn.num1!, drawn.num2!, drawn.num3!],
        previousSeed: next.commitment,
      }).ok,
    ).toBe(true);

    if (TEST_DIALECT === 'sqlite') expect(mode(backupFile)).toBe(0o600);
  });
});

describe('the draw secret file', () => {
  it('is made on the first start, mode 0600 in a folder of mode 0700, and read again as it is', async () => {
    const database = await createTestDatabase();
    const root = mkdtempSync(join(tmpdir(), 'draw-secret-'));
    try {
      const file = join(root, 'secrets', 'draw-secret');
      const first = await openDrawSecrets({ kind: 'file', path: file }, database.db);
      expect(first.created).toBe(true);
      expect(mode(file)).toBe(0o600);
      expect(mode(dirname(file))).toBe(0o700);
      expect(readFileSync(file, 'utf8')).toMatch(/^(#.*\n)+[0-9a-f]{64}\n$/);
      const again = await openDrawSecrets({ kind: 'file', path: file }, database.db);
      expect(again.created).toBe(false);
      expect(again.secrets.current().equals(first.secrets.current())).toBe(true);

      // A file others may read is refused, with what to do.
      chmodSync(file, 0o644);
      await expect(openDrawSecrets({ kind: 'file', path: file }, database.db)).rejects.toThrow(
        new RegExp(`may be read by others \\(mode 0644\\): chmod 600 ${file}`),
      );
      chmodSync(file, 0o600);
      writeFileSync(file, 'not a secret\n', { mode: 0o600 });
      await expect(openDrawSecrets({ kind: 'file', path: file }, database.db)).rejects.toThrow(DrawSecretError);
    } finally {
      rmSync(root, { recursive: true, force: true });
      await database.close();
    }
  });

  it('missing while rounds come from its chains: the start is refused and nothing is made up', async () => {
    const server = await startServer();
    try {
      const player = await fundedMember(server, 100);
      await openRound(server, 15, 30);
      expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
      const rounds = async () =>
        server.deps.db.selectFrom('rounds').select(['id', 'status', 'seed']).orderBy('id').execute();
      const before = await rounds();
      const file = server.database.secretFile;
      const saved = readFileSync(file);
      rmSync(file);

      const source = { kind: 'file' as const, path: file };
      await expect(openDrawSecrets(source, server.database.db)).rejects.toThrow(
        /the draw secret file .* is missing, but the hash chains of games 1, 4, 15 were made from a secret .*Restore the file .*draw-secret:rotate --lost/,
      );
      expect(existsSync(file)).toBe(false);

      // Another secret cannot make the chains: the app does not start, and no round moves.
      const other = fixedDrawSecrets([randomBytes(32)], 'another secret');
      await expect(
        buildTestApp(server.database, newFakeClock(server.clock.now + 3_600_000), new RecordingSmsSender(), {
          drawSecrets: other,
        }),
      ).rejects.toThrow(/the hash chains of games 1, 4, 15 were not made from any draw secret in another secret/);
      expect(await rounds()).toEqual(before);

      // Restored, the server starts and draws the round with the seed it committed to.
      writeFileSync(file, saved, { mode: 0o600 });
      await server.restart();
      const drawn = await drawCurrent(server, 15);
      expect(drawn.status).toBe('drawn');
      expect(createHash('sha256').update(Buffer.from(drawn.seed!, 'hex')).digest('hex')).toBe(drawn.commitment);
    } finally {
      await server.close();
    }
  });
});

describe('the draw secret file gone while the server runs', () => {
  it('committed rounds still draw and settle; no chain starts without it, and the tick says why', async () => {
    const server = await startServer({ game: { chain: { length: 3, checkpointEvery: 1 } } });
    try {
      const player = await fundedMember(server, 100);
      while ((await currentRound(server, 15)).chain_index < 3) await drawCurrent(server, 15);
      const last = await currentRound(server, 15);
      expect((await order(server, player.token, ROOM.usdtStandard, [line(0, 20)])).body.code).toBe(1);
      const file = server.database.secretFile;
      const saved = readFileSync(file);
      rmSync(file);

      // Its chain is used up: the next round needs a new chain, which needs the file.
      server.clock.now = last.draw_at;
      await expect(server.tick()).rejects.toThrow(/the draw secret file .*draw-secret has gone: restore it/);
      const drawn = await roundById(server, last.id);
      expect(drawn.status).toBe('drawn');
      expect(drawn.settled_at).not.toBeNull();
      const lines = await server.deps.db
        .selectFrom('order_lines')
        .select('status')
        .where('round_id', '=', last.id)
        .execute();
      expect(lines.map((l) => l.status)).not.toContain('wait');
      expect((await currentRound(server, 15)).id).toBe(last.id);

      writeFileSync(file, saved, { mode: 0o600 });
      await server.tick();
      const next = await currentRound(server, 15);
      expect(next.id).not.toBe(last.id);
      expect([next.chain_index, next.chain_id === last.chain_id]).toEqual([1, false]);
    } finally {
      await server.close();
    }
  });
});

describe.runIf(TEST_DIALECT === 'sqlite')('database files', () => {
  it('the database, its write-ahead log and shared memory are mode 0600; an older 0644 file is narrowed', async () => {
    const server = await startServer();
    try {
      await drawCurrent(server, 15);
      for (const suffix of ['', '-wal', '-shm']) {
        const file = join(server.database.dir, `app.sqlite${suffix}`);
        expect(existsSync(file), file).toBe(true);
        expect(mode(file), file).toBe(0o600);
      }
    } finally {
      await server.close();
    }

    const dir = mkdtempSync(join(tmpdir(), 'old-database-'));
    try {
      const file = join(dir, 'app.sqlite');
      writeFileSync(file, '', { mode: 0o644 });
      chmodSync(file, 0o644);
      const { db } = openSqlite(file);
      await sql`SELECT 1`.execute(db);
      expect(mode(file)).toBe(0o600);
      await db.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
