/**
 * The wallet paths: fund log, withdrawal accounts, withdrawable amount and withdrawals. Rules live
 * in domain/wallet; here the bodies are parsed and the answers wrapped.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiPath } from '../../shared/api/paths';
import { ErrorCode } from '../../shared/errors';
import { BANK_CARD_TYPES } from '../../shared/api/types';
import { addCard, deleteCard, listCards } from '../domain/wallet/bankCards';
import { fundFlow } from '../domain/wallet/fundFlow';
import { leftMoney } from '../domain/wallet/turnover';
import { requestWithdrawal } from '../domain/wallet/withdraw';
import { localeOf, requireAuth, success, type RouteContext } from './context';
import { idField, numberField, textField } from './gameFields';
import { parseBody } from './parse';
import { memberLimitConfig, type RateLimits } from './rateLimits';

// Generous bounds: the rules (validateBankCard) decide what is missing; these only keep junk small.
const AddCardBody = z.object({
  type: z.enum(BANK_CARD_TYPES),
  bank: textField(100).optional(),
  account: textField(64).optional(),
  username: textField(100).optional(),
  branch: textField(100).optional(),
  address: textField(128).optional(),
});

const DeleteCardBody = z.object({ id: idField });

const WithdrawBody = z.object({
  // No account chosen arrives as a missing, empty or null bank_id: 2058, not a malformed request.
  bank_id: z
    .union([idField, z.literal(''), z.null()])
    .optional()
    .transform((id) => (typeof id === 'number' ? id : null)),
  money: numberField.optional(),
  pwd: textField(128).optional(),
  idempotencyKey: z.string().min(1).max(128).optional(),
});

const FinanceFlowBody = z.object({
  start: z.string().max(32),
  end: z.string().max(32),
  before: idField.optional(),
  limit: idField.optional(),
});

export function walletRoutes(app: FastifyInstance, ctx: RouteContext, limits: RateLimits): void {
  app.post(ApiPath.bankCardList, async (request) =>
    success(ctx, request, await listCards(ctx.deps, requireAuth(request).member.id), 'read'),
  );

  app.post(ApiPath.addBankCard, async (request) => {
    const body = parseBody(AddCardBody, request.body);
    return success(ctx, request, await addCard(ctx.deps, requireAuth(request).member.id, body), 'write');
  });

  app.post(ApiPath.deleteBankCard, async (request) => {
    const body = parseBody(DeleteCardBody, request.body);
    await deleteCard(ctx.deps, requireAuth(request).member.id, body.id);
    return success(ctx, request, null, 'write');
  });

  app.post(ApiPath.leftMoney, async (request) =>
    success(ctx, request, await leftMoney(ctx.deps, requireAuth(request).member), 'read'),
  );

  // A withdrawal checks the withdrawal password: a member's tries are few, wherever they come from.
  const withdrawLimit = memberLimitConfig(limits.withdraw, ErrorCode.SendingTooFrequently);
  app.post(ApiPath.withdraw, { config: withdrawLimit }, async (request) => {
    const body = parseBody(WithdrawBody, request.body);
    const answer = await requestWithdrawal(ctx.deps, requireAuth(request).member, {
      bankId: body.bank_id,
      money: body.money ?? null,
      pwd: body.pwd ?? '',
      idempotencyKey: body.idempotencyKey,
    });
    return success(ctx, request, answer, 'write');
  });

  app.post(ApiPath.financeFlow, async (request) => {
    const body = parseBody(FinanceFlowBody, request.body);
    const names = ctx.i18n.fundReasonNames(localeOf(request));
    return success(ctx, request, await fundFlow(ctx.deps, requireAuth(request).member.id, body, names), 'read');
  });
}
