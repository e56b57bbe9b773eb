/**
 * Seed data for an empty database (no games yet): catalogue, settings (the finance tiers among
 * them), an invitation code and a demo member credited 1,000.00 USD through the ledger. Runs in one
 * transaction, so a crash half-way leaves the database empty and the next start seeds again.
 */
import { ErrorCode } from '../shared/errors';
import { DEFAULT_SETTINGS } from './domain/appConfig';
import { defaultFinanceSetting, FINANCE_SETTING_KEY } from './domain/content/financeProducts';
import type { Deps } from './domain/deps';
import { FundReason } from './domain/fundReasons';
import { changeBalance } from './domain/ledger';
import { randomInvitationCode } from './domain/operator';
import { hashSecret } from './domain/secrets';
import {
  countGames,
  insertArticles,
  insertBanners,
  insertGames,
  insertRooms,
  syncIdSequence,
} from './repositories/catalog';
import { insertInvitation } from './repositories/invitations';
import { findMemberByUsername, insertMember } from './repositories/members';
import { insertMissingSettings } from './repositories/settings';
import { SEED_GAMES, seedArticles, seedBanners, seedRooms } from './seedContent';

export const DEMO_MEMBER = { username: 'demo01', password: 'demo1234', payPassword: '123456', depositCents: 1_000_00 };

export interface SeedResult {
  seeded: boolean;
  invitationCode: string | null;
}

export async function seedIfEmpty(deps: Deps, options: { invitationCode?: string } = {}): Promise<SeedResult> {
  if ((await countGames(deps.db)) > 0) return { seeded: false, invitationCode: null };
  const passwordHash = await hashSecret(DEMO_MEMBER.password);
  const payPasswordHash = await hashSecret(DEMO_MEMBER.payPassword);
  const invitationCode = options.invitationCode ?? randomInvitationCode();
  const now = deps.clock();

  await deps.db.transaction().execute(async (trx) => {
    await insertGames(trx, SEED_GAMES);
    await insertRooms(trx, seedRooms());
    await insertArticles(trx, seedArticles(now));
    await syncIdSequence(trx, deps.dialect, 'articles');
    await insertBanners(trx, seedBanners());
    await insertMissingSettings(trx, { ...DEFAULT_SETTINGS, [FINANCE_SETTING_KEY]: defaultFinanceSetting() });
    await insertInvitation(trx, invitationCode, now);
    // An operator may have created demo01 with the admin command before the first start.
    if (await findMemberByUsername(trx, DEMO_MEMBER.username)) return;
    const memberId = await insertMember(trx, {
      username: DEMO_MEMBER.username,
      password_hash: passwordHash,
      pay_password_hash: payPasswordHash,
      nickname: DEMO_MEMBER.username,
      phone: '',
      quhao: '+84',
      lang: 'vi',
      invited_by: invitationCode,
      created_at: now,
    });
    await changeBalance(trx, {
      memberId,
      deltaCents: DEMO_MEMBER.depositCents,
      reason: FundReason.OperatorDeposit,
      reasonText: 'Operator deposit',
      refType: 'admin',
      refId: 'seed',
      insufficientCode: ErrorCode.WrongAmount,
      now,
    });
  });
  return { seeded: true, invitationCode };
}
