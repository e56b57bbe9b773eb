/**
 * The public answers the server writes into the app's page for a browser's navigation (server
 * routes/appPage.ts), so a first visit's first screen does not wait for the scripts to start before
 * asking for them: the config every screen waits for, and on home its banners, tiles and winners.
 * The app takes each once, in place of its first call (client api/pageAnswers.ts), and checks it
 * against the call's schema as it checks every answer.
 */
import { ApiPath } from './paths';

/** The id of the `<script type="application/json">` element that holds them. */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/** Older than this by the device's clock (a page kept from an earlier visit), the app asks instead. */
export const PAGE_ANSWERS_MAX_AGE_MS = 120_000;

/** The calls whose answers a page can carry: public reads, asked with no parameters. */
export const PAGE_ANSWER_PATHS = [ApiPath.getConfig, ApiPath.slide, ApiPath.homeTiles, ApiPath.winners] as const;
export type PageAnswerPath = (typeof PAGE_ANSWER_PATHS)[number];

/** Every screen waits for the config; home also for the rest (SPEC.md sections 2 and 7). */
export function pageAnswerPathsFor(pathname: string): readonly PageAnswerPath[] {
  return pathname === '/' || pathname === '/index.html' ? PAGE_ANSWER_PATHS : [ApiPath.getConfig];
}

export interface PageAnswers {
  /** The language they were made in (winners name their outcomes): used only by an app in it. */
  lang: string;
  /** When, by the server's clock (epoch milliseconds). */
  madeAt: number;
  /** The API's address, as /manifest.json gives it ('' for this origin). */
  apiWebUrl: string;
  /** Each call's success data, as the call answers it. */
  answers: Partial<Record<PageAnswerPath, unknown>>;
  /** Present when the server rendered the first screen into the page (server routes/pageRenderer.ts). */
  rendered?: RenderedFacts;
}

/**
 * Cookies the app writes for the server's renderer (never read as a credential): the language it
 * speaks and the device's time zone, so a page is rendered as the app would render it there.
 */
export const PAGE_COOKIES = { locale: 'lang', timeZone: 'tz' } as const;

/** What a server-rendered page was rendered for: the app hydrates it only when it would render the same. */
export interface RenderedFacts {
  /** Rendered for a member (the session cookie named a live session) or a guest. */
  member: boolean;
  /** The language it speaks. */
  locale: string;
  /** The time zone its times are written in (the device's, when its cookie named one). */
  timeZone: string;
  /** The answers it was rendered from, as the query cache dehydrates them. */
  state: unknown;
}

export function isPageAnswers(value: unknown): value is PageAnswers {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return (
    typeof page.lang === 'string' &&
    typeof page.madeAt === 'number' &&
    typeof page.apiWebUrl === 'string' &&
    typeof page.answers === 'object' &&
    page.answers !== null
  );
}
