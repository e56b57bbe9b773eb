import Dexie, { type Table } from 'dexie';

/** One cached answer: what the server sent for a key, and when we got it. */
export interface CacheRow<T = unknown> {
  key: string;
  data: T;
  /** Epoch ms of the answer. */
  updatedAt: number;
}

/** Every table the app caches (DESIGN.md section 5). Later issues fill the ones unused so far. */
export const CACHE_TABLES = [
  'config',
  'profile',
  'articles',
  'banners',
  'rooms',
  'games',
  'fundLog',
  'bankCards',
  'winners',
  'finance',
  'trend',
] as const;
export type CacheTable = (typeof CACHE_TABLES)[number];

/** Rows that belong to the member: cleared at logout. Everything else is public and kept. */
export const PRIVATE_TABLES: readonly CacheTable[] = ['profile', 'fundLog', 'bankCards', 'trend'];

export class AppDatabase extends Dexie {
  config!: Table<CacheRow, string>;
  profile!: Table<CacheRow, string>;
  articles!: Table<CacheRow, string>;
  banners!: Table<CacheRow, string>;
  rooms!: Table<CacheRow, string>;
  games!: Table<CacheRow, string>;
  fundLog!: Table<CacheRow, string>;
  bankCards!: Table<CacheRow, string>;
  winners!: Table<CacheRow, string>;
  finance!: Table<CacheRow, string>;
  trend!: Table<CacheRow, string>;

  constructor(name = 'roundplay') {
    super(name);
    // A schema change is a new version with an upgrade, never a wipe (DESIGN.md section 5).
    const V1_TABLES = CACHE_TABLES.slice(0, 8);
    this.version(1).stores(Object.fromEntries(V1_TABLES.map((table) => [table, 'key, updatedAt'])));
    // Version 2 adds the home ticker's winners, the finance tiers and the member's trend figures;
    // the tables of version 1 and their rows stay as they are.
    this.version(2).stores(Object.fromEntries(CACHE_TABLES.map((table) => [table, 'key, updatedAt'])));
  }

  cacheTable(name: CacheTable): Table<CacheRow, string> {
    return this[name];
  }
}

export const db = new AppDatabase();
