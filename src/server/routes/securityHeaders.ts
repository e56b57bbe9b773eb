/**
 * Security headers on every answer: API envelopes (refusals, 404s, 429s and the error handler's
 * answers included), live streams, /manifest.json, the built app, its service worker and the SPA
 * fallback. They are set in an onRequest hook, before any handler or error handler can answer, so
 * registerSecurityHeaders runs before every other hook and route. Helmet writes the pages' set
 * (with Permissions-Policy, which it does not know) once per connect-src value into a ready set of
 * headers: building helmet's middleware on each request, as @fastify/helmet does, cost more than
 * the room poll's own work.
 *
 * Answers under /api/ are never a page: no script, style, picture or frame of theirs is ever
 * loaded, so they carry the short set an API needs (API_HEADERS: a policy that allows nothing, no
 * framing, no sniffing, no referrer, same-origin reads, HSTS over HTTPS) instead of the pages'
 * 700 bytes. Those bytes were a third of the room poll's cost on the wire and in the server
 * (a do-nothing route on the app: 23,900 answers/s with the pages' set, 31,200 with none).
 *
 * The policy: scripts, styles, fonts, the manifest and workers only from this origin (no inline
 * code, no eval: the built index.html holds none, and its one <style> is named by its hash); pictures also from http(s) hosts, because an
 * article may name remote pictures (contentAdmin.ts); connections to this origin, the API's origin
 * when PUBLIC_API_URL puts it elsewhere, and the price feed the operator set (`priceFeedUrl`, which
 * the admin command may change while servers run, so it is read through a short cache).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from '../../shared/api/paths';
import { TtlCache, type CacheClock } from '../domain/ttlCache';

export interface SecurityHeaderOptions {
  /** The site is served over HTTPS (HTTPS=on): Strict-Transport-Security and upgrade-insecure-requests. */
  https: boolean;
  /** PUBLIC_API_URL: the API's origin when it is not this one ('' = this origin). */
  publicApiUrl: string;
  /** The current price feed setting (a ws:// or wss:// URL). */
  priceFeedUrl: () => string | Promise<string>;
  /** How long a read of the price feed setting is reused (ms by the cache clock); 0 reads it on every request. */
  cacheTtlMs?: number;
  cacheClock?: CacheClock;
  /** The hashes of the built page's <style> elements (inlineStyles.ts), allowed by style-src. */
  styleHashes?: () => Promise<readonly string[]>;
}

/** The same age as public content: an operator's change shows within about five seconds. */
export const DEFAULT_FEED_CACHE_TTL_MS = 5_000;

/** Powerful features the app never uses, denied to it and to anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** The service worker script (vite-plugin-pwa's generateSW output). */
export const SERVICE_WORKER_PATH = '/sw.js';

const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The headers of an answer under /api/ (see above); HSTS is added over HTTPS. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Sources of pictures: articles may name remote http(s) pictures. */
const IMAGE_SOURCES = ["'self'", 'data:', 'blob:', 'https:', 'http:'];

// A host of letters, digits, dots and dashes, or a bracketed IPv6 address, and an optional port:
// anything else (a URL parser accepts `;` and `,` in a host) could break the header.
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** scheme://host[:port] of a URL with one of the protocols, or null when it is not one. */
export function originOf(url: string, protocols: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (!protocols.includes(parsed.protocol) || !SAFE_HOST.test(parsed.host)) return null;
  return `${parsed.protocol}//${parsed.host.toLowerCase()}`;
}

/** A path with a percent sign that does not decode (Fastify's router refuses it before any hook). */
function isUndecodable(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0];
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const apiOrigin = options.publicApiUrl === '' ? null : originOf(options.publicApiUrl, ['http:', 'https:']);
  const feeds = new TtlCache<'feed', string | null>(
    options.cacheTtlMs ?? DEFAULT_FEED_CACHE_TTL_MS,
    options.cacheClock,
  );
  // After a failed read (the database busy or gone for a moment) the last good origin is kept.
  let lastFeedOrigin: string | null = null;
  // The built page's style hashes, read through the same short cache (a rebuild under a running
  // server is seen within it), never on every request.
  const styleHashes = new TtlCache<'styles', readonly string[]>(
    options.cacheTtlMs ?? DEFAULT_FEED_CACHE_TTL_MS,
    options.cacheClock,
  );
  let lastStyleHashes: readonly string[] = [];

  const connectSrcOf = (feedOrigin: string | null): string =>
    ["'self'", ...new Set([apiOrigin, feedOrigin].filter((origin) => origin !== null))].join(' ');

  const helmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        // No 'unsafe-inline': the page's own <style> is allowed by its hash (per request, below), React
        // and framer-motion set styles through the CSSOM, which style-src does not govern, and article
        // HTML loses its style attributes in the sanitisers.
        'style-src': ["'self'"],
        'img-src': IMAGE_SOURCES,
        'font-src': ["'self'"],
        // Per request (see below): this origin, the API's and the price feed's.
        'connect-src': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // Over plain HTTP (a LAN, a test) upgrading would break every request, so only with HTTPS.
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // frame-ancestors 'none' for browsers that still read only the older header.
    xFrameOptions: { action: 'deny' },
    // No address of the app (a room, a round, a member's page) goes to picture hosts or linked sites;
    // nothing here reads a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  } satisfies HelmetOptions;

  const headerSets = new Map<string, Record<string, string>>();
  const headersFor = (connectSrc: string): Record<string, string> => {
    const styleSrc = ["'self'", ...lastStyleHashes].join(' ');
    const key = `${connectSrc}|${styleSrc}`;
    let headers = headerSets.get(key);
    if (!headers) {
      // A handful of values in practice (the feed and the build change rarely); bounded all the same.
      if (headerSets.size >= 16) headerSets.clear();
      headers = helmetHeaders(helmetOptions, connectSrc, styleSrc);
      headerSets.set(key, headers);
    }
    return headers;
  };

  const apiHeaders = options.https
    ? { ...API_HEADERS, 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }
    : API_HEADERS;
  const pageHeaders = async (request: FastifyRequest): Promise<Record<string, string>> => {
    try {
      lastFeedOrigin = await feeds.get('feed', async () => originOf(await options.priceFeedUrl(), ['ws:', 'wss:']));
    } catch (error) {
      request.log.warn({ err: error }, 'price feed setting unreadable; connect-src keeps the last one');
    }
    if (options.styleHashes) lastStyleHashes = await styleHashes.get('styles', options.styleHashes);
    let connectSrc = connectSrcOf(lastFeedOrigin);
    // The service worker fetches the pictures it caches (vite.config.ts, runtimeCaching) itself, and
    // a worker's fetch is checked against its own connect-src, not img-src: its policy lets it reach
    // what pages may show as pictures. Pages keep the narrow list.
    if (request.url.split('?')[0] === SERVICE_WORKER_PATH) connectSrc += ' https: http:';
    return headersFor(connectSrc);
  };

  app.addHook('onRequest', (request, reply, done) => {
    // The API's answers skip the feed setting's read: no await on the busiest paths.
    if (isApiPath(request.url)) {
      reply.headers(apiHeaders);
      done();
      return;
    }
    pageHeaders(request).then((headers) => {
      reply.headers(headers);
      done();
    }, done);
  });

  // Fastify answers a path it cannot percent-decode (400, FST_ERR_BAD_URL) before any hook runs, so
  // such a request gets the same headers here, on the raw response, as it arrives.
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!isUndecodable(url)) return;
    const headers = isApiPath(url) ? apiHeaders : headersFor(connectSrcOf(lastFeedOrigin));
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  });
}

/** The headers helmet sets with these options, this connect-src and style-src, and Permissions-Policy. */
function helmetHeaders(
  options: HelmetOptions & { contentSecurityPolicy: object },
  connectSrc: string,
  styleSrc: string,
): Record<string, string> {
  const csp = options.contentSecurityPolicy as { directives: Record<string, unknown> };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...csp.directives, 'connect-src': [connectSrc], 'style-src': [styleSrc] },
    },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}
