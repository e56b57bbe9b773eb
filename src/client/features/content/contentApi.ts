/** The content calls of the contract (SPEC.md section 7), each read through the sync layer. */
import type { AddedAccount, Article, ArticleSummary, DepositItem } from '../../../shared/api/types';
import { ApiError, ApiPath, useSession } from '../../api';
import { defineQuery, useQuery, type Synced } from '../../data';

/** Silent (query.ts): the reading pages show their own loading, empty and error states instead of a toast. */
export const categoryQuery = (type: number) => defineQuery(ApiPath.oneClassArticle, { type });
export const summariesQuery = (type: number) => defineQuery(ApiPath.articleList, { type });
export const articleQuery = (id: number) =>
  defineQuery<typeof ApiPath.articleDetail, Article | null>(ApiPath.articleDetail, { id });

/** Every withdrawal account the member added (deleted ones too): each is a message to the member. */
export const addedAccountsQuery = defineQuery(ApiPath.addedAccounts, {});

/** The accounts the member added, cache-first, so their messages read offline; disabled while logged out. */
export function useAddedAccounts(): Synced<AddedAccount[]> {
  const { member } = useSession();
  return useQuery(member ? addedAccountsQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

/** The operator's credits to the member (amount, reference): each is a message to the member. */
export const depositsQuery = defineQuery(ApiPath.deposits, {});

/** The member's credits, cache-first, so their messages read offline; disabled while logged out. */
export function useDeposits(): Synced<DepositItem[]> {
  const { member } = useSession();
  return useQuery(member ? depositsQuery : null, { refreshOnVisibleAfterMs: 30_000 });
}

/** Whole articles of a category, newest first (info page, messages). */
export function useCategoryArticles(type: number | null): Synced<Article[]> {
  return useQuery(type === null ? null : categoryQuery(type), { maxAgeMs: 30_000 });
}

/** Titles and images of a category, newest first (help list). */
export function useArticleSummaries(type: number): Synced<ArticleSummary[]> {
  return useQuery(summariesQuery(type), { maxAgeMs: 30_000 });
}

/** One article by id (help page); null data when the server has none. */
export function useArticle(id: number | null): Synced<Article | null> {
  return useQuery(id === null ? null : articleQuery(id), { maxAgeMs: 30_000 });
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
