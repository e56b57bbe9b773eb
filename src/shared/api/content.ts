/**
 * Public content: banners, articles (whole or as a list), the home ticker's winners and the
 * finance tiers.
 */
import { z } from '../zod';
import { idField, localizedText, usd, whole, type Calls, NoFieldsSchema } from './fields';
import { ApiPath } from './paths';

export const BannerSchema = z.object({
  id: whole,
  path: z.string(),
  path_tw: z.string(),
  path_vi: z.string(),
  path_yw: z.string(),
});

/**
 * A game tile of home (our addition, SPEC.md section 2: eight tiles, each to game 15, 1 or 4): its
 * name and picture per language as the operator set them, and the game's room, round length and
 * minimum, so a tile says what it leads to.
 */
export const HomeTileSchema = z.object({
  id: whole,
  gameid: whole,
  /** The game's standard room, where the tile leads (/activity/:roomid?focus=...). */
  roomid: whole,
  /** Round length in seconds. */
  seconds: whole,
  minjoin: usd,
  /** false = trading stopped (1020) in this game or its room. */
  enabled: z.boolean(),
  /**
   * The outcomes (indices 0..10) the tile is about, in index order: its room shows them first.
   * Empty for a tile about the whole room; absent in a list cached before tiles had one.
   */
  focus: z.array(whole).optional(),
  names: localizedText,
  /** Picture paths (relative or http/https). */
  images: localizedText,
});

/** What an article list shows (SPEC.md section 2, Article list: titles and images): no content. */
export const ArticleSummarySchema = z.object({
  id: whole,
  category: whole,
  title: z.string(),
  title_ft: z.string(),
  title_yw: z.string(),
  title_vi: z.string(),
  img: z.array(z.string()),
  /** Creation time, epoch seconds. */
  time: whole,
});

export const ArticleSchema = z.object({
  ...ArticleSummarySchema.shape,
  content: z.string(),
  content_ft: z.string(),
  content_yw: z.string(),
  content_vi: z.string(),
});

/**
 * getOneclassArticle (whole articles, newest first) and getArticlelist (summaries, newest first),
 * at most the 100 newest of the category; an unknown category answers []. A missing or
 * non-integer `type` is refused with 1001.
 * Categories: 9 news, 14 announcements, 2 help, 26 the introduction (see ARTICLE_CATEGORY).
 */
export const ArticleCategoryRequestSchema = z.object({ type: idField });

/** getArticledetail: a missing or non-integer `id`, or an id no article has, is refused with 1001. */
export const ArticleDetailRequestSchema = z.object({ id: idField });

/**
 * Addition: one row of the home ticker: a member's settled round that paid the member more than
 * the member staked on it (DESIGN.md section 3). Newest first.
 */
export const WinnerEntrySchema = z.object({
  /** The round result's id, stable for keys. */
  id: whole,
  /** The member's account name, masked (e.g. `de***01`, as the live order table masks it). */
  user: z.string(),
  gametype: whole,
  seqno: z.string(),
  /** The outcome index 0..10 of the member's best-paid winning line, and its name in the request's language. */
  value: whole,
  valuecn: z.string(),
  /** Every outcome the member won on in the round, best-paid first. */
  values: z.array(whole),
  /** The member's net gain of the round: what it paid back minus every stake on it, USD, above 0. */
  money: usd,
  /** Settlement time, epoch seconds. */
  time: whole,
});

/**
 * Addition: a mining-pool tier (SPEC.md section 9), operator configuration served by the server.
 * Display only: no call moves money into a tier.
 */
export const FinanceProductSchema = z.object({
  id: whole,
  /** Minimum amount, USD. */
  minimum: usd,
  /** Daily rate in percent with at most two decimals (0.15 = 0.15 % a day). */
  dailyRate: z.number(),
  /** Lock-up length in days. */
  days: whole,
});

/** The calls whose schemas live here (contract.ts joins every part; the app loads a part when it first needs it). */
export const contentCalls = {
  [ApiPath.slide]: { request: NoFieldsSchema, data: z.array(BannerSchema) },
  [ApiPath.oneClassArticle]: { request: ArticleCategoryRequestSchema, data: z.array(ArticleSchema) },
  [ApiPath.articleDetail]: { request: ArticleDetailRequestSchema, data: ArticleSchema },
  [ApiPath.articleList]: { request: ArticleCategoryRequestSchema, data: z.array(ArticleSummarySchema) },
  [ApiPath.winners]: { request: NoFieldsSchema, data: z.array(WinnerEntrySchema) },
  [ApiPath.financeProducts]: { request: NoFieldsSchema, data: z.array(FinanceProductSchema) },
  [ApiPath.homeTiles]: { request: NoFieldsSchema, data: z.array(HomeTileSchema) },
} as const satisfies Calls;
