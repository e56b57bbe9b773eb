/**
 * The wallet paths: fund log, withdrawal accounts, withdrawable amount and withdrawals. Rules live
 * in domain/wallet; here the bodies are parsed and the answers wrapped.
 */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { ErrorCode } from '../../shared/errors';
import { addCard, addedAccounts, deleteCard, listCards } from '../domain/wallet/bankCards';
import { cancelWithdrawal } from '../domain/wallet/cancelWithdrawal';
import { depositsOfMember } from '../domain/wallet/deposits';
import { fundFlow } from '../domain/wallet/fundFlow';
import { withdrawalsOfMember } from '../domain/wallet/memberWithdrawals';
import { leftMoney } from '../domain/wallet/turnover';
import { requestWithdrawal } from '../domain/wallet/withdraw';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';
import { sessionLimitConfig, type RateLimits } from './rateLimits';

export function walletRoutes(app: FastifyInstance, ctx: RouteContext, limits: RateLimits): void {
  // A withdrawal checks the withdrawal password: a session's tries are few, wherever they come from,
  // and what one session spends (a stolen token) leaves the member's others their own.
  const withdrawLimit = sessionLimitConfig('withdraw', limits.withdraw, ErrorCode.SendingTooFrequently);
  const addCardLimit = sessionLimitConfig('addBankCard', limits.withdraw, ErrorCode.SendingTooFrequently);

  app.post(ApiPath.bankCardList, async (request) =>
    success(ctx, request, await listCards(ctx.deps, requireAuth(request).member.id)),
  );

  // Adding an account checks the withdrawal password: limited per session, as a withdrawal is.
  app.post(ApiPath.addBankCard, { config: addCardLimit }, async (request) => {
    const body = parseBody(ApiPath.addBankCard, request.body);
    return success(ctx, request, await addCard(ctx.deps, requireAuth(request), body));
  });

  app.post(ApiPath.addedAccounts, async (request) =>
    success(ctx, request, await addedAccounts(ctx.deps, requireAuth(request).member.id)),
  );

  app.post(ApiPath.deposits, async (request) =>
    success(ctx, request, await depositsOfMember(ctx.deps, requireAuth(request).member.id)),
  );

  app.post(ApiPath.deleteBankCard, async (request) => {
    const body = parseBody(ApiPath.deleteBankCard, request.body);
    await deleteCard(ctx.deps, requireAuth(request).member.id, body.id);
    return success(ctx, request, null);
  });

  app.post(ApiPath.leftMoney, async (request) =>
    success(ctx, request, await leftMoney(ctx.deps, requireAuth(request).member)),
  );

  app.post(ApiPath.withdraw, { config: withdrawLimit }, async (request) => {
    const body = parseBody(ApiPath.withdraw, request.body);
    const answer = await requestWithdrawal(ctx.deps, requireAuth(request), {
      bankId: body.bank_id,
      money: body.money,
      pwd: body.pwd,
      idempotencyKey: body.idempotencyKey,
    });
    return success(ctx, request, answer);
  });

  app.post(ApiPath.withdrawals, async (request) => {
    const body = parseBody(ApiPath.withdrawals, request.body);
    return success(ctx, request, await withdrawalsOfMember(ctx.deps, requireAuth(request).member.id, body));
  });

  app.post(ApiPath.cancelWithdrawal, async (request) => {
    const body = parseBody(ApiPath.cancelWithdrawal, request.body);
    await cancelWithdrawal(ctx.deps, requireAuth(request).member.id, body.id);
    return success(ctx, request, null);
  });

  app.post(ApiPath.financeFlow, async (request) => {
    const body = parseBody(ApiPath.financeFlow, request.body);
    const names = ctx.i18n.fundReasonNames(localeOf(request));
    return success(ctx, request, await fundFlow(ctx.deps, requireAuth(request).member.id, body, names));
  });
}
