/** The member's own profile as the account page shows it. */
import type { UserInfo } from '../../../shared/api/types';
import { toUsd } from '../../../shared/money';
import type { Member } from '../../db/schema';
import { memberTotalWin } from '../../repositories/orderViews';
import type { Deps } from '../deps';

export async function userInfo(deps: Deps, member: Member): Promise<UserInfo> {
  // Awards minus stakes of settled lines: orders still waiting and cancelled ones do not count.
  const totalWinCents = await memberTotalWin(deps.db, member.id);
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
