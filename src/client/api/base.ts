import { APP_MANIFEST_PATH } from '../../shared/api/paths';

/**
 * The API host comes from the local manifest (GET manifest.json -> { apiWebUrl }), '' meaning the
 * app's own origin. The last good value is kept (SPEC.md: "api" is persisted locally) so an app
 * opened offline still knows where to go once the network is back.
 */
const STORAGE_KEY = 'api';

function normalize(url: unknown): string {
  return typeof url === 'string' ? url.trim().replace(/\/+$/, '') : '';
}

/** `fromPage`: the address the page itself gives (api/pageAnswers.ts), taken without asking the manifest. */
export function createApiBase(storage: Storage | null, manifestUrl: string, fromPage?: () => string | undefined) {
  let resolved: string | null = null;
  let pending: Promise<string> | null = null;

  function stored(): string {
    try {
      return storage?.getItem(STORAGE_KEY) ?? '';
    } catch {
      return '';
    }
  }

  function keep(base: string): string {
    resolved = base;
    try {
      storage?.setItem(STORAGE_KEY, base);
    } catch {
      // Not persisted; resolved again next visit.
    }
    return base;
  }

  return {
    get(fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<string> {
      if (resolved !== null) return Promise.resolve(resolved);
      const given = fromPage?.();
      if (given !== undefined) return Promise.resolve(keep(normalize(given)));
      if (pending) return pending;
      // As the page's preload asked for it (index.html), so the browser hands over that answer; the
      // server marks it no-cache, so an operator's change is seen on the next start.
      pending = fetchImpl(manifestUrl)
        .then(async (response) => {
          if (!response.ok) throw new Error(`manifest ${response.status}`);
          const body = (await response.json()) as { apiWebUrl?: unknown };
          return keep(normalize(body.apiWebUrl));
        })
        .catch(() => stored())
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    /** An embedder (or a test) pins the base; null asks the manifest again. */
    pin(base: string | null): void {
      resolved = base === null ? null : normalize(base);
    },
  };
}

/** Where the app's manifest.json is, under the app's base path. */
export function manifestUrlOf(baseUrl: string): string {
  return `${baseUrl.replace(/\/$/, '')}${APP_MANIFEST_PATH}`;
}
