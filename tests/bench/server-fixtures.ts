/**
 * Data for the server bench, written straight into a fresh database through the same repositories
 * and ledger the server uses: members with a session token and a deposit, and a round holding a
 * large number of order lines for the settlement figure.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ErrorCode } from '../../src/shared/errors';
import { openPostgres, openSqlite } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Db } from '../../src/server/db/schema';
import type { Deps } from '../../src/server/domain/deps';
import { FundReason } from '../../src/server/domain/fundReasons';
import { ChainStore } from '../../src/server/domain/game/chains';
import { fixedDrawSecrets } from '../../src/server/domain/game/drawSecrets';
import { gameSettings } from '../../src/server/domain/game/catalog';
import { createNextRound } from '../../src/server/domain/game/rounds';
import { changeBalance } from '../../src/server/domain/ledger';
import { hashSecret, newToken } from '../../src/server/domain/secrets';
import { listGameRows, updateGameRow } from '../../src/server/repositories/gameCatalog';
import { insertMember } from '../../src/server/repositories/members';
import { insertOrderGroup, insertOrderLines } from '../../src/server/repositories/orders';
import { insertSession } from '../../src/server/repositories/sessions';
import { seedIfEmpty } from '../../src/server/seed';

export interface BenchMember {
  id: number;
  token: string;
}

export async function openBenchDatabase(dir: string, clock: () => number = Date.now): Promise<Deps> {
  const { db } = openSqlite(join(dir, 'app.sqlite'));
  await migrateToLatest(db, 'sqlite');
  const deps: Deps = { db, dialect: 'sqlite', clock };
  await seedIfEmpty(deps);
  return deps;
}

/** The same on PostgreSQL (the bench's throwaway cluster). */
export async function openBenchPostgres(url: string): Promise<Deps> {
  const { db } = openPostgres(url);
  await migrateToLatest(db, 'postgres');
  const deps: Deps = { db, dialect: 'postgres', clock: Date.now };
  await seedIfEmpty(deps);
  return deps;
}

/** The draw secret of the rounds the bench makes in process (never written anywhere). */
const BENCH_SECRETS = fixedDrawSecrets([randomBytes(32)], 'the bench');

/** The hash chains of the rounds the bench makes and draws in process. */
export function benchChains(db: Db): ChainStore {
  return new ChainStore(db, BENCH_SECRETS);
}

/** Rounds long enough that a whole bench runs inside one open round. */
export async function longRounds(db: Db, seconds: number): Promise<void> {
  for (const game of await listGameRows(db))
    await updateGameRow(db, game.id, { round_seconds: seconds, close_seconds: 60 });
}

export async function createMembers(deps: Deps, count: number, depositCents: number): Promise<BenchMember[]> {
  const passwordHash = await hashSecret('bench1234');
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const members: BenchMember[] = [];
    for (let i = 0; i < count; i++) {
      const id = await insertMember(trx, {
        username: `bench${String(i).padStart(5, '0')}`,
        password_hash: passwordHash,
        pay_password_hash: null,
        nickname: `bench${i}`,
        phone: '',
        quhao: '+84',
        lang: 'en',
        invited_by: null,
        created_at: now,
      });
      const { token, hash } = newToken();
      await insertSession(trx, {
        token_hash: hash,
        member_id: id,
        created_at: now,
        expires_at: now + 86_400_000,
        last_used_at: now,
        user_agent: 'bench',
        ip: '127.0.0.1',
      });
      await changeBalance(trx, {
        memberId: id,
        deltaCents: depositCents,
        reason: FundReason.OperatorDeposit,
        refType: 'admin',
        refId: 'bench',
        insufficientCode: ErrorCode.WrongAmount,
        now,
      });
      members.push({ id, token });
    }
    return members;
  });
}

/**
 * A USDT round with `orders` orders of `linesPerOrder` lines spread over the members, each order
 * debited through the ledger as the order path does. Returns the round id.
 */
export async function fillRound(
  deps: Deps,
  members: BenchMember[],
  orders: number,
  linesPerOrder: number,
): Promise<number> {
  const game = gameSettings((await listGameRows(deps.db)).find((g) => g.id === 15)!);
  const roundId = await createNextRound(deps, benchChains(deps.db), game);
  if (roundId === null) throw new Error('no round to fill');
  const rates = [195, 195, 195, 195, 410, 350, 350, 410, 1600, 1600, 9000];
  const now = deps.clock();
  for (let start = 0; start < orders; start += 2_000) {
    await deps.db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(orders, start + 2_000); i++) {
        const member = members[i % members.length];
        const stake = 2_000 + (i % 7) * 100;
        const groupId = await insertOrderGroup(trx, {
          member_id: member.id,
          round_id: roundId,
          room_id: 1,
          total_cents: stake * linesPerOrder,
          idem_key: null,
          request_hash: null,
          created_at: now,
        });
        await changeBalance(trx, {
          memberId: member.id,
          deltaCents: -stake * linesPerOrder,
          reason: FundReason.Stake,
          refType: 'order',
          refId: String(groupId),
          insufficientCode: ErrorCode.TransferExceedsBalance,
          now,
        });
        await insertOrderLines(
          trx,
          Array.from({ length: linesPerOrder }, (_, j) => {
            const outcome = (i + j) % 11;
            return {
              group_id: groupId,
              member_id: member.id,
              round_id: roundId,
              room_id: 1,
              outcome,
              rate: rates[outcome],
              stake_cents: stake,
              refund1314: 0,
              created_at: now,
            };
          }),
        );
      }
    });
  }
  return roundId;
}
