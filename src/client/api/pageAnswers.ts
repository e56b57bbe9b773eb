import {
  isPageAnswers,
  PAGE_ANSWERS_MAX_AGE_MS,
  type PageAnswerPath,
  type PageAnswers,
  type RenderedFacts,
} from '../../shared/api/pageAnswers';

/**
 * The answers the server wrote into the page for its first screen (src/shared/api/pageAnswers.ts).
 * Each is taken once, by the first call to its path with no parameters, in the language it was
 * made in, and then checked as a network answer is (client.ts): a page that carries none (the
 * service worker's copy), one made too long ago or in another language changes nothing, and the
 * app asks the server as before.
 */
export interface PageAnswerStore {
  /** The API's address the page gives, if it gives one. */
  apiWebUrl(): string | undefined;
  /** What the server rendered the page for and from, when it rendered its first screen. */
  rendered(): (RenderedFacts & { madeAt: number }) | undefined;
  /** Whether the page has an answer to `path` in `lang` that no call has taken yet. */
  holds(path: string, lang: string): boolean;
  /** The answer to `path` in `lang`, once; undefined when the page has none for it. */
  take(path: string, lang: string): { data: unknown } | undefined;
}

export function createPageAnswers(readText: () => string | null | undefined, now: () => number): PageAnswerStore {
  let page: PageAnswers | null | undefined;
  const taken = new Set<string>();

  function current(): PageAnswers | null {
    if (page !== undefined) return page;
    page = null;
    try {
      const value: unknown = JSON.parse(readText() ?? 'null');
      if (isPageAnswers(value) && Math.abs(now() - value.madeAt) <= PAGE_ANSWERS_MAX_AGE_MS) page = value;
    } catch {
      // Not JSON: as if the page carried none.
    }
    return page;
  }

  function holds(path: string, lang: string): boolean {
    const given = current();
    return given !== null && given.lang === lang && !taken.has(path) && Object.hasOwn(given.answers, path);
  }

  return {
    apiWebUrl: () => current()?.apiWebUrl,
    rendered() {
      const given = current();
      return given?.rendered && { ...given.rendered, madeAt: given.madeAt };
    },
    holds,
    take(path, lang) {
      if (!holds(path, lang)) return undefined;
      taken.add(path);
      return { data: page!.answers[path as PageAnswerPath] };
    },
  };
}
