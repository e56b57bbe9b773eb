/** Queries on the catalogue: games, rooms, articles and banners. */
import { sql } from 'kysely';
import type { Db, Dialect, NewArticle, NewBanner, NewGame, NewRoom } from '../db/schema';

export async function countGames(db: Db): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGames(db: Db, games: NewGame[]): Promise<void> {
  await db.insertInto('games').values(games).execute();
}

export async function insertRooms(db: Db, rooms: NewRoom[]): Promise<void> {
  await db.insertInto('rooms').values(rooms).execute();
}

export async function insertArticles(db: Db, articles: NewArticle[]): Promise<void> {
  await db.insertInto('articles').values(articles).execute();
}

export async function insertBanners(db: Db, banners: NewBanner[]): Promise<void> {
  await db.insertInto('banners').values(banners).execute();
}

/**
 * After rows were inserted with explicit ids (article 26 must be id 26), PostgreSQL's sequence
 * does not know them, so the next generated id would collide. SQLite's AUTOINCREMENT follows the
 * largest id by itself.
 */
export async function syncIdSequence(db: Db, dialect: Dialect, table: 'articles' | 'rooms' | 'banners'): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${sql.table(table)}))`.execute(
    db,
  );
}
