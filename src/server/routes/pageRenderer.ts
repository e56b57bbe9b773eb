/**
 * The app's first screens rendered on the server (the renderer is the app's own components, built
 * by `vite build --ssr` into build/ssr/, src/client/ssr/renderPage.tsx). The renderer's calls are
 * answered inside this server through `inject`: each goes through the same routes, hooks, limits
 * and caches as the app's own call, as the member who asked for the page, from their address.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageRenderer } from '../../shared/pageRendering';
import { SESSION_COOKIE } from './sessionCookie';

/** The built renderer, or null without one (the page then goes as built, and the app renders it). */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: PageRenderer };
  return typeof module.renderPage === 'function' ? module.renderPage : null;
}

/**
 * The fetch the renderer calls with: the request answered by this server, as from the page's
 * visitor, carried by their session cookie when the page is a member's (as the app's calls are).
 */
export function fetchInside(app: FastifyInstance, visitor: FastifyRequest, token: string | null): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as 'POST',
      url: url.pathname + url.search,
      payload: request.method === 'GET' ? undefined : await request.text(),
      headers: {
        'content-type': request.headers.get('content-type') ?? 'application/json',
        'user-agent': visitor.headers['user-agent'] ?? '',
        ...(token === null ? {} : { cookie: `${SESSION_COOKIE}=${token}`, 'sec-fetch-site': 'same-origin' }),
      },
      remoteAddress: visitor.ip,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    return new Response(answer.body, { status: answer.statusCode, headers });
  };
}
