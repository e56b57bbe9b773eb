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
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_ANSWERS_ELEMENT_ID,
  PAGE_COOKIES,
  pageAnswerPathsFor,
  type PageAnswerPath,
  type PageAnswers,
} from '../../shared/api/pageAnswers';
import { ApiPath } from '../../shared/api/paths';
import type { Banner } from '../../shared/api/types';
import { bannerPath, isSafeUrl } from '../../shared/content';
import { deviceTimeZone, isTimeZone } from '../../shared/instant';
import { apiLangOf, DEFAULT_LOCALE, isLocale, localeOfBrowser, type Locale } from '../../shared/locale';
import { liveSessionOf } from '../domain/accounts/sessions';
import type { PageRenderer, RenderedPage } from '../../shared/pageRendering';
import { clearSessionCookie, SESSION_COOKIE } from './sessionCookie';
import { TtlCache, type CacheClock } from '../domain/ttlCache';
import type { RouteContext } from './context';
import { publicAnswers } from './publicAnswers';
import type { CatalogPreloads } from './catalogPreloads';

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
  /** How long a page made with answers is sent again as it is (the answers' own caches are as short). */
  cacheTtlMs: number;
  cacheClock?: CacheClock;
  /** The renderer of first screens (pageRenderer.ts); without one the app renders the page itself. */
  renderer?: () => Promise<PageRenderer | null>;
  /** The fetch a render's calls go through, answered inside this server as from the visitor. */
  fetchFor?: (request: FastifyRequest, token: string | null) => typeof fetch;
  /** The links preloading a language's catalogues (catalogPreloads.ts); none without. */
  catalogs?: CatalogPreloads;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A page and its compressed copies, each made once, when first asked for. */
class PageBytes {
  private br: Promise<Buffer> | null = null;
  private gz: Promise<Buffer> | null = null;
  constructor(readonly html: string) {}
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer> {
    if (encoding === 'br') return (this.br ??= brotli(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
    return (this.gz ??= gzipped(this.html, { level: 9 }));
  }
}

/** Whether an Accept-Encoding header accepts a coding (a `q=0` refuses it). */
export function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return (name === coding || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
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

/**
 * The page with the answers (and home's first banner, and `preloads`: the links to its language)
 * written at the end of its head.
 */
export function pageWithAnswers(page: string, answers: PageAnswers, locale: Locale, preloads = ''): string {
  const head =
    preloads +
    bannerPreload(answers.answers[ApiPath.slide] as Banner[] | undefined, locale) +
    `<script id="${PAGE_ANSWERS_ELEMENT_ID}" type="application/json">${scriptSafeJson(answers)}</script>`;
  // A function, not a string: a replacement string would read `$&` or `$'` in an answer as patterns.
  return page.replace(MANIFEST_PRELOAD, '').replace('</head>', () => `${head}</head>`);
}

/**
 * The page with the rendered screen in #root, speaking its language, and in its head what it was
 * made from and `preloads` (the links to its language).
 */
export function renderedPage(
  page: string,
  rendered: RenderedPage,
  answers: PageAnswers,
  locale: Locale,
  preloads = '',
): string {
  const start = page.indexOf('<div id="root">');
  const end = page.indexOf('<div id="overlays">');
  if (start < 0 || end < start) throw new Error('the built page has no #root before #overlays');
  const head = `${preloads}<script id="${PAGE_ANSWERS_ELEMENT_ID}" type="application/json">${scriptSafeJson(answers)}</script>`;
  return (
    page
      .slice(0, start)
      .replace(MANIFEST_PRELOAD, '')
      .replace('</head>', () => `${head}</head>`)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`) +
    `<div id="root">${rendered.html}</div>\n    ` +
    page.slice(end)
  );
}

/** The language a page speaks: the member's choice (the app keeps it in a cookie too), else the browser's. */
export function localeOfRequest(request: FastifyRequest): Locale {
  const chosen = request.cookies?.[PAGE_COOKIES.locale];
  if (isLocale(chosen)) return chosen;
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0].trim());
  return localeOfBrowser(accepted) ?? DEFAULT_LOCALE;
}

/** A browser loading the page to show it, not a script (the service worker) fetching a copy. */
function isNavigation(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-dest'] === 'document';
}

export type PageHandler = ReturnType<typeof appPage>;

let ownZone: string | undefined;
/** The server's own zone, for a page asked without one; read once (Intl works it out anew on every read). */
function serverTimeZone(): string {
  return (ownZone ??= deviceTimeZone());
}

/** Pages rendered or waiting to be, at most; past it a page goes for the app to render. */
export const MAX_RENDERS_WAITING = 4;

export function appPage(ctx: RouteContext, options: AppPageOptions) {
  // Made once per kind of page and cache time, compressed once: a flood of page loads costs what a
  // flood of a static file does, not four reads and a compression each.
  const made = new TtlCache<string, PageBytes | null>(options.cacheTtlMs, options.cacheClock, 64);
  // The page as built, compressed once per version of it; a new version starts new made pages.
  let plain: PageBytes | null = null;
  let version = 0;
  // Pages being rendered now. The renderer makes one page at a time on the event loop; past this
  // many waiting, a page goes unrendered (with its public answers, the app renders it), so a crowd
  // loading pages (or one asking for a new address each time) costs the game's calls a few
  // renders' time, never a queue of them.
  let rendering = 0;

  async function answersFor(pathname: string, locale: Locale): Promise<PageAnswers> {
    const paths = pageAnswerPathsFor(pathname);
    const values = await Promise.all(paths.map((path) => publicAnswers[path](ctx, locale)));
    const answers: Partial<Record<PageAnswerPath, unknown>> = {};
    paths.forEach((path, i) => (answers[path] = values[i]));
    return { lang: apiLangOf(locale), madeAt: ctx.deps.clock(), apiWebUrl: options.publicApiUrl, answers };
  }

  const preloadsOf = (locale: Locale) => options.catalogs?.(locale) ?? Promise.resolve('');

  async function withAnswers(
    built: string,
    pathname: string,
    preloaded: Locale,
    request: FastifyRequest,
  ): Promise<PageBytes | null> {
    // The app's language is on the device; a first visit starts in the default one. The language
    // preloaded is the one the device most likely speaks (its cookie, else the browser's).
    const locale = DEFAULT_LOCALE;
    try {
      const answers = await answersFor(pathname, locale);
      return new PageBytes(pageWithAnswers(built, answers, locale, await preloadsOf(preloaded)));
    } catch (error) {
      request.log.warn({ err: error }, 'page answers could not be read; the page goes as built');
      return null;
    }
  }

  /**
   * The first screen rendered into the page, for the member the session cookie names (a cookie
   * whose session has ended goes) or for a guest; a guest's page is made once per language, path
   * and cache time. Null without a renderer, or when rendering failed (the page then goes with its
   * answers, and the app renders it).
   */
  async function rendered(
    built: string,
    pathname: string,
    search: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const renderer = await options.renderer?.();
    if (!renderer || !options.fetchFor) return null;
    const locale = localeOfRequest(request);
    const asked = request.cookies?.[PAGE_COOKIES.timeZone];
    const timeZone = isTimeZone(asked) ? asked : serverTimeZone();
    const cookie = request.cookies?.[SESSION_COOKIE];
    const member = cookie === undefined ? null : await liveSessionOf(ctx.deps, cookie);
    if (cookie !== undefined && member === null) clearSessionCookie(reply, ctx.https === true);
    const token = member ? cookie! : null;
    const fetch = options.fetchFor(request, token);
    const make = async (): Promise<PageBytes | null> => {
      const now = ctx.deps.clock();
      try {
        const page = await renderer({ path: pathname, search, locale, timeZone, token, now, fetch });
        const facts = { member: member !== null, locale, timeZone, state: page.state };
        const answers = {
          lang: apiLangOf(locale),
          madeAt: now,
          apiWebUrl: options.publicApiUrl,
          answers: {},
          rendered: facts,
        };
        return new PageBytes(renderedPage(built, page, answers, locale, await preloadsOf(locale)));
      } catch (error) {
        request.log.warn({ err: error }, 'the page could not be rendered; it goes with its answers');
        return null;
      }
    };
    const bounded = async (): Promise<PageBytes | null> => {
      if (rendering >= MAX_RENDERS_WAITING) return null;
      rendering += 1;
      try {
        return await make();
      } finally {
        rendering -= 1;
      }
    };
    return member ? bounded() : made.get(`${version} ${locale} ${timeZone} ${pathname}?${search}`, bounded);
  }

  function asBuilt(built: string): PageBytes {
    if (plain?.html !== built) {
      plain = new PageBytes(built);
      version += 1;
    }
    return plain;
  }

  /** The page for this request; null when there is no built app (removed under a running server). */
  return async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<string | Buffer | null> {
    const built = await options.page();
    if (built === null) return null;
    let page = asBuilt(built);
    if (isNavigation(request)) {
      const mark = request.url.indexOf('?');
      const pathname = mark < 0 ? request.url : request.url.slice(0, mark);
      const search = mark < 0 ? '' : request.url.slice(mark + 1);
      const madeHere = await rendered(built, pathname, search, request, reply);
      const paths = pageAnswerPathsFor(pathname);
      const locale = localeOfRequest(request);
      // Keyed by the built page's version too: a rebuild is never sent as the page made before it.
      const key = `${version} ${locale} ${paths.join(' ')}`;
      page = madeHere ?? (await made.get(key, () => withAnswers(built, pathname, locale, request))) ?? page;
    }
    // The same address answers a navigation and a copy differently: a shared cache must keep both apart.
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'sec-fetch-dest, accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepts(accepted, 'br') ? 'br' : accepts(accepted, 'gzip') ? 'gzip' : null;
    if (encoding === null) return page.html;
    reply.header('content-encoding', encoding);
    return page.encoded(encoding);
  };
}
