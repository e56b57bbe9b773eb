/**
 * Public content: articles by category (whole or as a list), one article, banners, home's game
 * tiles, the finance tiers and the home ticker's winners. Reads go through the short caches of PublicReads.
 */
import { ApiPath } from '../../shared/api/paths';
import { requireArticle } from '../domain/content/articles';
import type { CallHandler, CallHandlers } from './calls';
import { localeOf, success, type RouteContext } from './context';
import { parseBody } from './parse';
import { publicAnswers } from './publicAnswers';

export function contentHandlers(ctx: RouteContext) {
  /** A read answered from publicAnswers (the same answer the page carries for its first screen). */
  const publicAnswer =
    (path: keyof typeof publicAnswers): CallHandler =>
    async (request) =>
      success(ctx, request, await publicAnswers[path](ctx, localeOf(request)));

  return {
    oneClassArticle: async (request) => {
      const body = parseBody(ApiPath.oneClassArticle, request.body);
      return success(ctx, request, await ctx.reads.categoryArticles(body.type));
    },

    articleList: async (request) => {
      const body = parseBody(ApiPath.articleList, request.body);
      return success(ctx, request, await ctx.reads.categorySummaries(body.type));
    },

    articleDetail: async (request) => {
      const body = parseBody(ApiPath.articleDetail, request.body);
      return success(ctx, request, requireArticle(await ctx.reads.article(body.id)));
    },

    slide: publicAnswer(ApiPath.slide),
    homeTiles: publicAnswer(ApiPath.homeTiles),
    winners: publicAnswer(ApiPath.winners),

    financeProducts: async (request) =>
      success(ctx, request, await ctx.reads.financeProducts((message) => request.log.error(message))),
  } satisfies Partial<CallHandlers>;
}
