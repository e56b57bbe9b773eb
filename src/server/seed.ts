/**
 * Seed data. `seedIfEmpty` gives an empty database what every install needs and nothing that
 * holds money: the game catalogue, articles, banners, settings (the finance tiers among them).
 * It runs in one transaction, so a crash half-way leaves the database empty and the next start
 * seeds again. `seedDemo` adds the demo member (1,000.00 USD through the ledger, a withdrawal
 * password, a saved USDT account) and an invitation code, only when the operator asks for it
 * (`npm run demo`).
 */
import { NEW_ACCOUNT_HOLD_HOURS } from '../shared/constants';
import { ErrorCode } from '../shared/errors';
import { DEFAULT_SETTINGS } from './domain/appConfig';
import { defaultFinanceSetting, FINANCE_SETTING_KEY } from './domain/content/financeProducts';
import type { Deps } from './domain/deps';
import { FundReason } from './domain/fundReasons';
import { cardFingerprint } from './domain/wallet/bankCards';
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
import { insertCard } from './repositories/bankCards';
import { firstActiveInvitation, insertInvitation } from './repositories/invitations';
import { findMemberByUsername, insertMember } from './repositories/members';
import { insertMissingSettings } from './repositories/settings';
import { SEED_GAMES, seedArticles, seedBanners, seedRooms } from './seedContent';

export const DEMO_MEMBER = {
  username: 'demo01',
  password: 'demo1234',
  payPassword: '123456',
  depositCents: 1_000_00,
  /** Its saved withdrawal account: a well-formed TRON address (format only; for trying the app). */
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
};

export interface SeedResult {
  seeded: boolean;
  /** The invitation code the seed added, if it was given one. */
  invitationCode: string | null;
}

/**
 * The catalogue and content of a fresh install. An invitation code is added only when one is
 * given (tests); a production install gets its first one from `npm run admin -- invite:create`.
 */
export async function seedIfEmpty(deps: Deps, options: { invitationCode?: string } = {}): Promise<SeedResult> {
  if ((await countGames(deps.db)) > 0) return { seeded: false, invitationCode: null };
  const invitationCode = options.invitationCode ?? null;
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await insertGames(trx, SEED_GAMES);
    await insertRooms(trx, seedRooms());
    await insertArticles(trx, seedArticles(now));
    await syncIdSequence(trx, deps.dialect, 'articles');
    await insertBanners(trx, seedBanners());
    await insertMissingSettings(trx, { ...DEFAULT_SETTINGS, [FINANCE_SETTING_KEY]: defaultFinanceSetting() });
    if (invitationCode !== null) await insertInvitation(trx, invitationCode, now);
  });
  return { seeded: true, invitationCode };
}

export interface DemoSeedResult {
  /** False when the demo member already existed (nothing was changed). */
  created: boolean;
  invitationCode: string;
}

/**
 * Demo data for trying the app, asked for explicitly: the demo member with its balance and
 * withdrawal password, and an invitation code when none is active. Idempotent: an existing demo01
 * (made earlier, or by the operator) is left as it is.
 */
export async function seedDemo(deps: Deps): Promise<DemoSeedResult> {
  const passwordHash = await hashSecret(DEMO_MEMBER.password);
  const payPasswordHash = await hashSecret(DEMO_MEMBER.payPassword);
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    let invitationCode = await firstActiveInvitation(trx);
    if (invitationCode === undefined) {
      invitationCode = randomInvitationCode();
      await insertInvitation(trx, invitationCode, now);
    }
    if (await findMemberByUsername(trx, DEMO_MEMBER.username)) return { created: false, invitationCode };
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
    // A saved account to try a withdrawal with. It is dated a day back because a new account
    // receives no withdrawal for its first NEW_ACCOUNT_HOLD_HOURS (domain/wallet/withdraw.ts): a
    // demo that could only withdraw tomorrow would not show the withdrawal at all.
    const demoCard = {
      type: 'USDT-TRC20',
      bank: '',
      account: '',
      username: '',
      branch: '',
      address: DEMO_MEMBER.address,
    } as const;
    await insertCard(trx, {
      member_id: memberId,
      ...demoCard,
      fingerprint: cardFingerprint(demoCard),
      created_at: now - (NEW_ACCOUNT_HOLD_HOURS + 1) * 60 * 60 * 1000,
      deleted_at: null,
    });
    await changeBalance(trx, {
      memberId,
      deltaCents: DEMO_MEMBER.depositCents,
      reason: FundReason.OperatorDeposit,
      reasonText: 'Operator deposit',
      refType: 'admin',
      // The reference a member reads in the credit's message and fund-log row, as an operator would write one.
      refId: 'DEMO-CREDIT',
      insufficientCode: ErrorCode.WrongAmount,
      now,
    });
    return { created: true, invitationCode };
  });
}
