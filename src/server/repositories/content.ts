/** Queries on articles, banners and home's tiles, for the public reads and the operator's import. */
import type { Selectable } from 'kysely';
import type { ArticlesTable, BannersTable, Db, HomeTileRow, NewArticle, NewBanner, NewHomeTile } from '../db/schema';

export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleSummaryRow = Omit<ArticleRow, 'content' | 'content_ft' | 'content_yw' | 'content_vi'>;
export type BannerRow = Selectable<BannersTable>;

const SUMMARY_COLUMNS = [
  'id',
  'category',
  'title',
  'title_ft',
  'title_yw',
  'title_vi',
  'img',
  'created_at',
] as const satisfies readonly (keyof ArticleSummaryRow)[];

/** A category's articles, newest first (ties: the later id first). */
export function articlesOfCategory(db: Db, category: number, limit: number): Promise<ArticleRow[]> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('category', '=', category)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The same list without the content columns (they are most of an article's size). */
export function articleSummariesOfCategory(db: Db, category: number, limit: number): Promise<ArticleSummaryRow[]> {
  return db
    .selectFrom('articles')
    .select(SUMMARY_COLUMNS)
    .where('category', '=', category)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function articleById(db: Db, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Existing ids among `ids`. */
export async function existingArticleIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('articles').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertArticle(db: Db, article: NewArticle): Promise<number> {
  const row = await db.insertInto('articles').values(article).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces an article's fields; its id and publication time stay. */
export async function updateArticle(
  db: Db,
  id: number,
  article: Omit<NewArticle, 'id' | 'created_at'>,
): Promise<boolean> {
  const result = await db.updateTable('articles').set(article).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteArticle(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Banners in display order: `sort`, then id. */
export function listBanners(db: Db): Promise<BannerRow[]> {
  return db.selectFrom('banners').selectAll().orderBy('sort').orderBy('id').execute();
}

export async function replaceBanners(db: Db, banners: NewBanner[]): Promise<number[]> {
  await db.deleteFrom('banners').execute();
  if (banners.length === 0) return [];
  const rows = await db.insertInto('banners').values(banners).returning('id').execute();
  return rows.map((r) => r.id);
}

/** Home's tiles in display order: `sort`, then id. */
export function listHomeTiles(db: Db): Promise<HomeTileRow[]> {
  return db.selectFrom('home_tiles').selectAll().orderBy('sort').orderBy('id').execute();
}

export async function replaceHomeTiles(db: Db, tiles: NewHomeTile[]): Promise<number[]> {
  await db.deleteFrom('home_tiles').execute();
  if (tiles.length === 0) return [];
  const rows = await db.insertInto('home_tiles').values(tiles).returning('id').execute();
  return rows.map((r) => r.id);
}
