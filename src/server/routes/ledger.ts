/** The signed ledger's calls (docs/ledger.md; domain/signedLedger/proofs.ts). */
import { ApiPath } from '../../shared/api/paths';
import type { LedgerProofs } from '../domain/signedLedger/proofs';
import type { CallHandlers } from './calls';
import { requireAuth, success, type RouteContext } from './context';
import { parseBody } from './parse';

export function ledgerHandlers(ctx: RouteContext, proofs: LedgerProofs) {
  return {
    ledgerHeads: async (request) => {
      const body = parseBody(ApiPath.ledgerHeads, request.body);
      return success(ctx, request, await proofs.heads(body.page, body.size));
    },

    ledgerKeys: async (request) => success(ctx, request, await proofs.publicKeys()),

    ledgerProof: async (request) => {
      const body = parseBody(ApiPath.ledgerProof, request.body);
      const { member } = requireAuth(request);
      return success(ctx, request, await proofs.rowProofs(member.id, body.ids));
    },

    ledgerLiability: async (request) => {
      const body = parseBody(ApiPath.ledgerLiability, request.body);
      const { member } = requireAuth(request);
      return success(ctx, request, await proofs.liability(member.id, body.seq));
    },
  } satisfies Partial<CallHandlers>;
}
