/**
 * The public reads a first screen waits for, as their calls answer them: the config, and home's
 * banners, tiles and winners. One place for each, so the call (config.ts, content.ts) and the app's
 * page (appPage.ts) give the same answer.
 */
import type { PageAnswerPath } from '../../shared/api/pageAnswers';
import { ApiPath } from '../../shared/api/paths';
import type { ApiAnswerOf } from '../../shared/api/types';
import type { Locale } from '../../shared/locale';
import { appConfig } from '../domain/appConfig';
import { homeTilesWire } from '../domain/content/homeTiles';
import { winnersWire } from '../domain/game/winners';
import type { RouteContext } from './context';

type PublicAnswers = {
  [P in PageAnswerPath]: (ctx: RouteContext, locale: Locale) => Promise<ApiAnswerOf<P>>;
};

export const publicAnswers: PublicAnswers = {
  [ApiPath.getConfig]: (ctx) => appConfig(ctx.deps),
  [ApiPath.slide]: (ctx) => ctx.reads.banners(),
  [ApiPath.homeTiles]: async (ctx) => {
    const [rows, catalog] = await Promise.all([ctx.reads.homeTileRows(), ctx.game.catalog.get()]);
    return homeTilesWire(rows, catalog);
  },
  // Winners name their outcomes in the member's language.
  [ApiPath.winners]: async (ctx, locale) => winnersWire(await ctx.reads.winnerRows(), ctx.i18n.outcomeNames(locale)),
};
