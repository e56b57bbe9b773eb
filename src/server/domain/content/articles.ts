/**
 * Articles and banners as the app reads them (getOneclassArticle, getArticlelist,
 * getArticledetail, slide). Rows were sanitised when they were written; empty translations are
 * answered as stored (the app falls back with articleTitle/articleContent).
 */
import type { Article, ArticleSummary, Banner } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import {
  articleById,
  articlesOfCategory,
  articleSummariesOfCategory,
  listBanners,
  type ArticleRow,
  type ArticleSummaryRow,
  type BannerRow,
} from '../../repositories/content';
import type { Deps } from '../deps';
import { refused } from '../refused';
import { isSafePath } from '../../../shared/validation';

/** Most articles a category answers (newest first); older ones stay in the database. */
export const ARTICLE_LIST_LIMIT = 100;

const seconds = (ms: number) => Math.floor(ms / 1000);

/** `img` is stored as JSON text; a row written around the server that is not a list of safe paths reads as []. */
export function imagePaths(stored: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((p): p is string => typeof p === 'string' && isSafePath(p));
}

export function summaryWire(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    title_ft: row.title_ft,
    title_yw: row.title_yw,
    title_vi: row.title_vi,
    img: imagePaths(row.img),
    time: seconds(row.created_at),
  };
}

export function articleWire(row: ArticleRow): Article {
  return {
    ...summaryWire(row),
    content: row.content,
    content_ft: row.content_ft,
    content_yw: row.content_yw,
    content_vi: row.content_vi,
  };
}

export function bannerWire(row: BannerRow): Banner {
  return { id: row.id, path: row.path, path_tw: row.path_tw, path_vi: row.path_vi, path_yw: row.path_yw };
}

export async function categoryArticles(deps: Deps, category: number): Promise<Article[]> {
  return (await articlesOfCategory(deps.db, category, ARTICLE_LIST_LIMIT)).map(articleWire);
}

export async function categorySummaries(deps: Deps, category: number): Promise<ArticleSummary[]> {
  return (await articleSummariesOfCategory(deps.db, category, ARTICLE_LIST_LIMIT)).map(summaryWire);
}

/** null for an unknown id (the caller refuses it; see articleDetail). */
export async function findArticle(deps: Deps, id: number): Promise<Article | null> {
  const row = await articleById(deps.db, id);
  return row ? articleWire(row) : null;
}

/** An unknown article id is refused with 1001: the id names nothing, as a missing one would. */
export function requireArticle(article: Article | null): Article {
  if (!article) throw refused(ErrorCode.IncompleteParameters);
  return article;
}

export async function banners(deps: Deps): Promise<Banner[]> {
  return (await listBanners(deps.db)).map(bannerWire);
}
