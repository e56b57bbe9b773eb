/**
 * Public content: articles by category (whole or as a list), one article, banners, home's game
 * tiles, the finance tiers and the home ticker's winners. Reads go through the short caches of PublicReads.
 */
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../shared/api/paths';
import { requireArticle } from '../domain/content/articles';
import { homeTilesWire } from '../domain/content/homeTiles';
import { winnersWire } from '../domain/game/winners';
import { localeOf, success, type RouteContext } from './context';
import { parseBody } from './parse';

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

  app.post(ApiPath.slide, async (request) => success(ctx, request, await ctx.reads.banners()));

  app.post(ApiPath.homeTiles, async (request) => {
    const [rows, catalog] = await Promise.all([ctx.reads.homeTileRows(), ctx.game.catalog.get()]);
    return success(ctx, request, homeTilesWire(rows, catalog));
  });

  app.post(ApiPath.financeProducts, async (request) =>
    success(ctx, request, await ctx.reads.financeProducts((message) => request.log.error(message))),
  );

  app.post(ApiPath.winners, async (request) => {
    const names = ctx.i18n.outcomeNames(localeOf(request));
    return success(ctx, request, winnersWire(await ctx.reads.winnerRows(), names));
  });
}
