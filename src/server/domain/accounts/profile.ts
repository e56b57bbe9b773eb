/** The member's own profile as the account page shows it. */
import type { UserInfo } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import type { Member } from '../../db/schema';
import { sumFundLog } from '../../repositories/fundLog';
import type { Deps } from '../deps';
import { GAME_REASONS } from '../fundReasons';

export async function userInfo(deps: Deps, member: Member): Promise<UserInfo> {
  const totalWinCents = await sumFundLog(deps.db, member.id, GAME_REASONS);
  return {
    name: member.username,
    nickname: member.nickname,
    level: member.level,
    money: toUsd(member.money_cents),
    totalWin: toUsd(totalWinCents),
    noPassword2: member.pay_password_hash === null ? 1 : 0,
    lang: member.lang,
  };
}
