/**
 * What the operator changes in content from the admin command: articles (import = insert or
 * update, delete) and the banner set (replaced whole). Files are checked in full before anything
 * is written, sanitised, and written in one transaction, so a bad file changes nothing.
 *
 * Article file format (one object or a list):
 *   { "id"?: 27, "category": 9,
 *     "title":   { "zh-CN"?: "...", "zh-TW"?: "...", "en"?: "...", "vi"?: "..." },
 *     "content"?: { same languages: HTML, or "@file.html" read from beside the JSON file },
 *     "img"?: ["/articles/picture.svg", ...] }
 * A missing language is stored empty (the app falls back to another translation). With an id
 * that exists, the article is replaced (its publication time stays); otherwise it is inserted.
 */
import { LOCALES, type Locale } from '../../../shared/locale';
import type { NewArticle, NewBanner } from '../../db/schema';
import { syncIdSequence } from '../../repositories/catalog';
import {
  articleById,
  deleteArticle,
  existingArticleIds,
  insertArticle,
  replaceBanners,
  updateArticle,
  type ArticleRow,
} from '../../repositories/content';
import { announce, messagePosted } from '../live/news';
import type { Deps } from '../deps';
import { OperatorInputError } from '../operator';
import { plainText, sanitizeArticleHtml } from './sanitize';
import { isPlainText, isSafePath } from '../../../shared/validation';

const MAX_ID = 2_147_483_647;
const MAX_ARTICLES = 500;
const MAX_TITLE = 200;
const MAX_CONTENT = 200_000;
const MAX_IMAGES = 20;
const MAX_PATH = 500;
const MAX_BANNERS = 20;

/** A content value naming an HTML file beside the JSON file (`@intro.en.html`); other text starting with @ is text. */
const FILE_REFERENCE = /^@[\w./-]+\.html?$/;

/** Column suffix of each language (SPEC.md section 3: title, title_ft, title_yw, title_vi). */
const COLUMN: Record<Locale, { title: keyof NewArticle; content: keyof NewArticle }> = {
  'zh-CN': { title: 'title', content: 'content' },
  'zh-TW': { title: 'title_ft', content: 'content_ft' },
  en: { title: 'title_yw', content: 'content_yw' },
  vi: { title: 'title_vi', content: 'content_vi' },
};

type Texts = Record<Locale, string>;

export interface ArticleInput {
  id: number | null;
  category: number;
  title: Texts;
  content: Texts;
  img: string[];
}

/** Reads the file an `@name.html` content value names (relative to the JSON file). */
export type ReadReference = (reference: string) => string;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;
}

function readTexts(
  where: string,
  field: string,
  value: unknown,
  clean: (text: string) => string,
  read?: ReadReference,
): Texts {
  const texts: Texts = { 'zh-CN': '', 'zh-TW': '', en: '', vi: '' };
  if (value === undefined) return texts;
  if (!isRecord(value)) {
    throw new OperatorInputError(`${where}: ${field} must be an object by language (${LOCALES.join(', ')})`);
  }
  for (const [key, text] of Object.entries(value)) {
    if (!(LOCALES as readonly string[]).includes(key)) {
      throw new OperatorInputError(`${where}: ${field} has an unknown language "${key}" (use ${LOCALES.join(', ')})`);
    }
    if (typeof text !== 'string') throw new OperatorInputError(`${where}: ${field}.${key} must be text`);
    const source = read && FILE_REFERENCE.test(text) ? read(text.slice(1)) : text;
    texts[key as Locale] = clean(source);
  }
  return texts;
}

function readArticle(raw: unknown, index: number, read: ReadReference): ArticleInput {
  let where = `article ${index + 1}`;
  if (!isRecord(raw)) throw new OperatorInputError(`${where}: expected an object`);
  const { id, category, title, content, img, ...rest } = raw;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new OperatorInputError(
      `${where}: unknown field ${unknown.map((k) => `"${k}"`).join(', ')} (fields: id, category, title, content, img)`,
    );
  }
  if (id !== undefined && !positiveId(id)) throw new OperatorInputError(`${where}: id must be a positive whole number`);
  if (id !== undefined) where += ` (id ${id})`;
  if (!positiveId(category)) throw new OperatorInputError(`${where}: category must be a positive whole number`);
  if (title === undefined) throw new OperatorInputError(`${where}: title is missing`);
  const titles = readTexts(where, 'title', title, (text) => {
    // Refused, not cleaned: a title with a line break or an override is not what the operator meant.
    if (!isPlainText(text)) {
      throw new OperatorInputError(`${where}: a title holds control, format or separator characters`);
    }
    return plainText(text);
  });
  if (LOCALES.every((l) => titles[l] === '')) {
    throw new OperatorInputError(`${where}: at least one title must hold text`);
  }
  const long = LOCALES.find((l) => [...titles[l]].length > MAX_TITLE);
  if (long) throw new OperatorInputError(`${where}: title.${long} is longer than ${MAX_TITLE} characters`);
  const contents = readTexts(where, 'content', content, sanitizeArticleHtml, read);
  const large = LOCALES.find((l) => contents[l].length > MAX_CONTENT);
  if (large) throw new OperatorInputError(`${where}: content.${large} is larger than ${MAX_CONTENT} characters`);
  const images = readImages(where, img);
  return { id: id ?? null, category, title: titles, content: contents, img: images };
}

function readImages(where: string, img: unknown): string[] {
  if (img === undefined) return [];
  if (!Array.isArray(img)) throw new OperatorInputError(`${where}: img must be a list of image paths`);
  if (img.length > MAX_IMAGES) throw new OperatorInputError(`${where}: at most ${MAX_IMAGES} images`);
  for (const path of img) {
    if (typeof path !== 'string' || path.length > MAX_PATH || !isSafePath(path)) {
      throw new OperatorInputError(
        `${where}: image ${JSON.stringify(path)} is not a usable path (relative, or http/https, no spaces)`,
      );
    }
  }
  return img as string[];
}

/** Checks and sanitises an import file's content (one article or a list). */
export function readArticleFile(raw: unknown, read: ReadReference): ArticleInput[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) throw new OperatorInputError('the file holds no article');
  if (list.length > MAX_ARTICLES) throw new OperatorInputError(`at most ${MAX_ARTICLES} articles per file`);
  const articles = list.map((entry, index) => readArticle(entry, index, read));
  const seen = new Set<number>();
  for (const article of articles) {
    if (article.id === null) continue;
    if (seen.has(article.id)) throw new OperatorInputError(`article id ${article.id} appears twice in the file`);
    seen.add(article.id);
  }
  return articles;
}

function columnsOf(article: ArticleInput): Omit<NewArticle, 'id' | 'created_at'> {
  const row: Record<string, unknown> = { category: article.category, img: JSON.stringify(article.img) };
  for (const locale of LOCALES) {
    row[COLUMN[locale].title] = article.title[locale];
    row[COLUMN[locale].content] = article.content[locale];
  }
  return row as Omit<NewArticle, 'id' | 'created_at'>;
}

export interface ImportedArticle {
  id: number;
  category: number;
  title: string;
  action: 'inserted' | 'updated';
}

/** A title to print: English, else the first translation with text. */
export function displayTitle(title: Texts): string {
  return [title.en, ...LOCALES.map((l) => title[l])].find((t) => t !== '') ?? '';
}

/** Inserts or updates every article of the file in one transaction; answers them in file order. */
/** Categories the messages page shows (news, announcements): a new one is told on members' streams. */
const MESSAGE_CATEGORIES: readonly number[] = [9, 14];

export async function importArticles(deps: Deps, articles: ArticleInput[]): Promise<ImportedArticle[]> {
  const now = deps.clock();
  const done = await deps.db.transaction().execute(async (trx) => {
    const existing = await existingArticleIds(
      trx,
      articles.flatMap((a) => (a.id === null ? [] : [a.id])),
    );
    const done: ImportedArticle[] = [];
    const record = (index: number, id: number, action: ImportedArticle['action']) => {
      const article = articles[index];
      done[index] = { id, category: article.category, title: displayTitle(article.title), action };
    };
    // Ids the file names first, so a generated id can never take one of them.
    let explicitInsert = false;
    for (const [index, article] of articles.entries()) {
      if (article.id === null) continue;
      if (existing.has(article.id)) {
        await updateArticle(trx, article.id, columnsOf(article));
        record(index, article.id, 'updated');
      } else {
        await insertArticle(trx, { ...columnsOf(article), id: article.id, created_at: now });
        record(index, article.id, 'inserted');
        explicitInsert = true;
      }
    }
    if (explicitInsert) await syncIdSequence(trx, deps.dialect, 'articles');
    for (const [index, article] of articles.entries()) {
      if (article.id !== null) continue;
      record(index, await insertArticle(trx, { ...columnsOf(article), created_at: now }), 'inserted');
    }
    return done;
  });
  await announce(
    deps,
    done.filter((a) => a.action === 'inserted' && MESSAGE_CATEGORIES.includes(a.category)).map(messagePosted),
  );
  return done;
}

export async function removeArticle(deps: Deps, id: number): Promise<ArticleRow> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await articleById(trx, id);
    if (!row || !(await deleteArticle(trx, id))) throw new OperatorInputError(`there is no article #${id}`);
    return row;
  });
}

const BANNER_FIELDS = ['path', 'path_tw', 'path_vi', 'path_yw'] as const;

/** Checks a banner file: a list of {path, path_tw, path_vi, path_yw, sort?}. */
export function readBannerFile(raw: unknown): NewBanner[] {
  if (!Array.isArray(raw)) {
    throw new OperatorInputError(
      'expected a JSON list of banners: [{"path", "path_tw", "path_vi", "path_yw", "sort"}]',
    );
  }
  if (raw.length === 0) throw new OperatorInputError('the list holds no banner');
  if (raw.length > MAX_BANNERS) throw new OperatorInputError(`at most ${MAX_BANNERS} banners`);
  return raw.map((entry, index) => {
    const where = `banner ${index + 1}`;
    if (!isRecord(entry)) throw new OperatorInputError(`${where}: expected an object`);
    const unknown = Object.keys(entry).filter((k) => k !== 'sort' && !(BANNER_FIELDS as readonly string[]).includes(k));
    if (unknown.length > 0) {
      throw new OperatorInputError(
        `${where}: unknown field ${unknown.map((k) => `"${k}"`).join(', ')} (fields: ${BANNER_FIELDS.join(', ')}, sort)`,
      );
    }
    const paths = {} as Record<(typeof BANNER_FIELDS)[number], string>;
    for (const field of BANNER_FIELDS) {
      const value = entry[field] ?? '';
      if (typeof value !== 'string' || value.length > MAX_PATH || (value !== '' && !isSafePath(value))) {
        throw new OperatorInputError(
          `${where}: ${field} ${JSON.stringify(value)} is not a usable image path (relative, or http/https, no spaces)`,
        );
      }
      paths[field] = value;
    }
    if (BANNER_FIELDS.every((f) => paths[f] === '')) throw new OperatorInputError(`${where}: no image path`);
    const sort = entry.sort ?? index + 1;
    if (typeof sort !== 'number' || !Number.isInteger(sort) || Math.abs(sort) > MAX_ID) {
      throw new OperatorInputError(`${where}: sort must be a whole number`);
    }
    return { ...paths, sort };
  });
}

/** Replaces the banner set in one transaction; answers the new ids in file order. */
export async function replaceBannerSet(deps: Deps, banners: NewBanner[]): Promise<number[]> {
  return deps.db.transaction().execute((trx) => replaceBanners(trx, banners));
}
