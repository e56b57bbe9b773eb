/** The content calls of the contract (SPEC.md section 7), each read through the sync layer. */
import type { Article, ArticleSummary } from '../../../shared/api/types';
import { api, ApiError, ApiPath } from '../../api';
import { useSynced, type Synced } from '../../data';

/** Silent: the reading pages show their own loading, empty and error states instead of a toast. */
export const fetchCategory = (type: number): Promise<Article[]> =>
  api.call(ApiPath.oneClassArticle, { type }, { silent: true });
export const fetchSummaries = (type: number): Promise<ArticleSummary[]> =>
  api.call(ApiPath.articleList, { type }, { silent: true });
export const fetchArticle = (id: number): Promise<Article | null> =>
  api.call(ApiPath.articleDetail, { id }, { silent: true });

/** Whole articles of a category, newest first (info page, messages). */
export function useCategoryArticles(type: number | null): Synced<Article[]> {
  return useSynced(type === null ? null : `articles:category-${type}`, () => fetchCategory(type ?? 0), {
    maxAgeMs: 30_000,
  });
}

/** Titles and images of a category, newest first (help list). */
export function useArticleSummaries(type: number): Synced<ArticleSummary[]> {
  return useSynced(`articles:list-${type}`, () => fetchSummaries(type), { maxAgeMs: 30_000 });
}

/** One article by id (help page); null data when the server has none. */
export function useArticle(id: number | null): Synced<Article | null> {
  return useSynced(id === null ? null : `articles:id-${id}`, () => fetchArticle(id ?? 0), { maxAgeMs: 30_000 });
}

/** The server answered, and refused: the article does not exist (as opposed to a network failure). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'refused';
}

/** A route param that names an article or a category: a positive integer, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
