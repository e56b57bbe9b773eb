/**
 * The wallet paths: fund log, withdrawal accounts, withdrawable amount and withdrawals. Rules live
 * in domain/wallet; here the bodies are parsed and the answers wrapped.
 */
import { ApiPath } from '../../shared/api/paths';
import { addCard, addedAccounts, deleteCard, listCards } from '../domain/wallet/bankCards';
import { cancelWithdrawal } from '../domain/wallet/cancelWithdrawal';
import { depositsOfMember } from '../domain/wallet/deposits';
import { fundFlow } from '../domain/wallet/fundFlow';
import { withdrawalsOfMember } from '../domain/wallet/memberWithdrawals';
import { leftMoney } from '../domain/wallet/turnover';
import { requestWithdrawal } from '../domain/wallet/withdraw';
import type { CallHandlers } from './calls';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export function walletHandlers(ctx: RouteContext) {
  return {
    bankCardList: async (request) => success(ctx, request, await listCards(ctx.deps, requireAuth(request).member.id)),

    addBankCard: async (request) => {
      const body = parseBody(ApiPath.addBankCard, request.body);
      return success(ctx, request, await addCard(ctx.deps, requireAuth(request), body));
    },

    addedAccounts: async (request) =>
      success(ctx, request, await addedAccounts(ctx.deps, requireAuth(request).member.id)),

    deposits: async (request) =>
      success(ctx, request, await depositsOfMember(ctx.deps, requireAuth(request).member.id)),

    deleteBankCard: async (request) => {
      const body = parseBody(ApiPath.deleteBankCard, request.body);
      await deleteCard(ctx.deps, requireAuth(request).member.id, body.id);
      return success(ctx, request, null);
    },

    leftMoney: async (request) => success(ctx, request, await leftMoney(ctx.deps, requireAuth(request).member)),

    withdraw: async (request) => {
      const body = parseBody(ApiPath.withdraw, request.body);
      const answer = await requestWithdrawal(ctx.deps, requireAuth(request), {
        bankId: body.bank_id,
        money: body.money,
        pwd: body.pwd,
        idempotencyKey: body.idempotencyKey,
      });
      return success(ctx, request, answer);
    },

    withdrawals: async (request) => {
      const body = parseBody(ApiPath.withdrawals, request.body);
      return success(ctx, request, await withdrawalsOfMember(ctx.deps, requireAuth(request).member.id, body));
    },

    cancelWithdrawal: async (request) => {
      const body = parseBody(ApiPath.cancelWithdrawal, request.body);
      await cancelWithdrawal(ctx.deps, requireAuth(request).member.id, body.id);
      return success(ctx, request, null);
    },

    financeFlow: async (request) => {
      const body = parseBody(ApiPath.financeFlow, request.body);
      const names = ctx.i18n.fundReasonNames(localeOf(request));
      return success(ctx, request, await fundFlow(ctx.deps, requireAuth(request).member.id, body, names));
    },
  } satisfies Partial<CallHandlers>;
}
