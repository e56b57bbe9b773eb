/**
 * Public content: articles by category (whole or as a list), one article, banners, home's game
 * tiles, the finance tiers and the home ticker's winners. Reads go through the short caches of PublicReads.
 */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { requireArticle } from '../domain/content/articles';
import { localeOf, success, type RouteContext } from './context';
import { parseBody } from './parse';
import { publicAnswers } from './publicAnswers';

export function contentRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(ApiPath.oneClassArticle, async (request) => {
    const body = parseBody(ApiPath.oneClassArticle, request.body);
    return success(ctx, request, await ctx.reads.categoryArticles(body.type));
  });

  app.post(ApiPath.articleList, async (request) => {
    const body = parseBody(ApiPath.articleList, request.body);
    return success(ctx, request, await ctx.reads.categorySummaries(body.type));
  });

  app.post(ApiPath.articleDetail, async (request) => {
    const body = parseBody(ApiPath.articleDetail, request.body);
    return success(ctx, request, requireArticle(await ctx.reads.article(body.id)));
  });

  for (const path of [ApiPath.slide, ApiPath.homeTiles, ApiPath.winners] as const) {
    app.post(path, async (request) => success(ctx, request, await publicAnswers[path](ctx, localeOf(request))));
  }

  app.post(ApiPath.financeProducts, async (request) =>
    success(ctx, request, await ctx.reads.financeProducts((message) => request.log.error(message))),
  );
}
