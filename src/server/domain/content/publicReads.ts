/**
 * The public reads every app start and home page makes (articles, banners, home's tiles, finance
 * tiers, winners), each through a short cache. The admin command changes content from another process,
 * so a change shows once the entry is older than its time to live (a few seconds); winners,
 * which change with every settled round, live one second.
 */
import type { Article, ArticleSummary, Banner, FinanceProduct } from '../../../shared/api/types';
import type { HomeTileRow } from '../../db/schema';
import { listHomeTiles } from '../../repositories/content';
import type { Deps } from '../deps';
import { latestWinnerRows, type WinnerRound } from '../game/winners';
import { realTime, TtlCache, type CacheClock } from '../ttlCache';
import { banners, categoryArticles, categorySummaries, findArticle } from './articles';
import { financeProducts } from './financeProducts';

export interface PublicReadOptions {
  /** Articles, banners and finance tiers (ms, real time); 0 reads the database every time. */
  cacheTtlMs: number;
  /** The winners list (ms, real time). */
  winnersTtlMs: number;
}

export const DEFAULT_PUBLIC_READ_OPTIONS: PublicReadOptions = { cacheTtlMs: 5_000, winnersTtlMs: 1_000 };

export class PublicReads {
  private readonly articles: TtlCache<number, Article[]>;
  private readonly summaries: TtlCache<number, ArticleSummary[]>;
  private readonly details: TtlCache<number, Article | null>;
  private readonly singles: TtlCache<'banners', Banner[]>;
  private readonly tiles: TtlCache<'tiles', HomeTileRow[]>;
  private readonly finance: TtlCache<'finance', FinanceProduct[]>;
  private readonly winners: TtlCache<'winners', WinnerRound[]>;

  constructor(
    private readonly deps: Deps,
    options: PublicReadOptions = DEFAULT_PUBLIC_READ_OPTIONS,
    now: CacheClock = realTime,
  ) {
    this.articles = new TtlCache(options.cacheTtlMs, now);
    this.summaries = new TtlCache(options.cacheTtlMs, now);
    this.details = new TtlCache(options.cacheTtlMs, now);
    this.singles = new TtlCache(options.cacheTtlMs, now);
    this.tiles = new TtlCache(options.cacheTtlMs, now);
    this.finance = new TtlCache(options.cacheTtlMs, now);
    this.winners = new TtlCache(options.winnersTtlMs, now);
  }

  categoryArticles(category: number): Promise<Article[]> {
    return this.articles.get(category, () => categoryArticles(this.deps, category));
  }

  categorySummaries(category: number): Promise<ArticleSummary[]> {
    return this.summaries.get(category, () => categorySummaries(this.deps, category));
  }

  article(id: number): Promise<Article | null> {
    return this.details.get(id, () => findArticle(this.deps, id));
  }

  banners(): Promise<Banner[]> {
    return this.singles.get('banners', () => banners(this.deps));
  }

  homeTileRows(): Promise<HomeTileRow[]> {
    return this.tiles.get('tiles', () => listHomeTiles(this.deps.db));
  }

  financeProducts(log?: (message: string) => void): Promise<FinanceProduct[]> {
    return this.finance.get('finance', () => financeProducts(this.deps, log));
  }

  winnerRows(): Promise<WinnerRound[]> {
    return this.winners.get('winners', () => latestWinnerRows(this.deps));
  }
}
