/**
 * The app's page (the built index.html), for `/`, `/index.html` and every client route (the SPA
 * fallback in errors.ts).
 *
 * A browser's navigation gets it with the public answers its first screen waits for written in
 * (src/shared/api/pageAnswers.ts), and home's first banner asked for in its head. On a first visit
 * these were calls the app could only make once its scripts had run, one round trip each on a slow
 * link before anything could be painted. The API's address comes with them, so the page's
 * preload of /manifest.json goes.
 *
 * Any other fetch of the page (the service worker keeping its copy for launches offline) gets it as
 * built: answers written into a kept copy would be shown as new long after they were made. The
 * answers are read through the same short caches as their calls; when they cannot be read (the
 * database away), the page goes as built and the app asks for them itself.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_ANSWERS_ELEMENT_ID,
  pageAnswerPathsFor,
  type PageAnswerPath,
  type PageAnswers,
} from '../../shared/api/pageAnswers';
import { ApiPath } from '../../shared/api/paths';
import type { Banner } from '../../shared/api/types';
import { bannerPath, isSafeUrl } from '../../shared/content';
import { apiLangOf, DEFAULT_LOCALE, type Locale } from '../../shared/locale';
import { TtlCache, type CacheClock } from '../domain/ttlCache';
import type { RouteContext } from './context';
import { publicAnswers } from './publicAnswers';

/** The page's preload of the API's address (src/client/index.html), not needed when the page says it. */
const MANIFEST_PRELOAD = /[ \t]*<link rel="preload" href="[^"]*manifest\.json"[^>]*>\n?/;

/** The built page's text; null without one. */
export type BuiltPage = () => Promise<string | null>;

/** Reads distDir's index.html, kept `ttlMs` (a rebuild under a running server is seen after it). */
export function readBuiltPage(distDir: string, ttlMs: number, clock?: CacheClock): BuiltPage {
  const cache = new TtlCache<'page', string | null>(ttlMs, clock);
  const file = join(distDir, 'index.html');
  return () => cache.get('page', () => readFile(file, 'utf8').catch(() => null));
}

export interface AppPageOptions {
  page: BuiltPage;
  /** The API's address the manifest gives ('' for this origin). */
  publicApiUrl: string;
}

/**
 * JSON that can sit inside a <script> element: no `<` (so no `</script>` or `<!--`), `>` or `&`
 * reaches the markup, and the line separators JavaScript once disallowed are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function attribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The first banner's picture, as home's carousel will ask for it, so it loads beside the scripts. */
function bannerPreload(banners: readonly Banner[] | undefined, locale: Locale): string {
  const first = banners?.map((banner) => bannerPath(banner, locale)).find((src) => src !== '' && isSafeUrl(src));
  return first === undefined ? '' : `<link rel="preload" as="image" href="${attribute(first)}" fetchpriority="high">`;
}

/** The page with the answers (and home's first banner) written at the end of its head. */
export function pageWithAnswers(page: string, answers: PageAnswers, locale: Locale): string {
  const head =
    bannerPreload(answers.answers[ApiPath.slide] as Banner[] | undefined, locale) +
    `<script id="${PAGE_ANSWERS_ELEMENT_ID}" type="application/json">${scriptSafeJson(answers)}</script>`;
  return page.replace(MANIFEST_PRELOAD, '').replace('</head>', `${head}</head>`);
}

/** A browser loading the page to show it, not a script (the service worker) fetching a copy. */
function isNavigation(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-dest'] === 'document';
}

export type PageHandler = ReturnType<typeof appPage>;

export function appPage(ctx: RouteContext, options: AppPageOptions) {
  async function answersFor(pathname: string, locale: Locale): Promise<PageAnswers> {
    const paths = pageAnswerPathsFor(pathname);
    const values = await Promise.all(paths.map((path) => publicAnswers[path](ctx, locale)));
    const answers: Partial<Record<PageAnswerPath, unknown>> = {};
    paths.forEach((path, i) => (answers[path] = values[i]));
    return { lang: apiLangOf(locale), madeAt: ctx.deps.clock(), apiWebUrl: options.publicApiUrl, answers };
  }

  /** The page for this request; null when there is no built app (removed under a running server). */
  return async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const built = await options.page();
    if (built === null) return null;
    // The same address answers a navigation and a copy differently: a shared cache must keep both apart.
    reply.header('cache-control', 'no-cache').header('vary', 'sec-fetch-dest').type('text/html; charset=utf-8');
    if (!isNavigation(request)) return built;
    // The app's language is on the device; a first visit starts in the default one.
    const locale = DEFAULT_LOCALE;
    try {
      return pageWithAnswers(built, await answersFor(request.url.split('?')[0], locale), locale);
    } catch (error) {
      request.log.warn({ err: error }, 'page answers could not be read; the page goes as built');
      return built;
    }
  };
}
