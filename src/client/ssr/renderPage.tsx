import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { Router } from 'wouter';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from '../app/App';
import { firstScreenOf } from '../app/firstScreen';
import { prefetch } from '../data/query';
import { activateLocale } from '../i18n';
import { apiBase, session } from '../api/stores';
import { transport } from '../api/transport';
import { appQueries } from '../data/stores';
import { pageClock } from '../lib/pageClock';
import { renderZone } from '../i18n/format';
import type { PageRenderInput, RenderedPage } from '../../shared/pageRendering';

/** The server's page, with the answers as the query cache dehydrates them. */
export interface RenderedScreen extends RenderedPage {
  state: DehydratedState;
}

/** Where the renderer's calls go; the server's fetch reads only the path. */
const SERVER_ORIGIN = 'http://server.invalid';

let queue: Promise<unknown> = Promise.resolve();

/**
 * The first screen of a route as HTML, from the same components the app runs, with the answers it
 * was made from. The app's state lives in module-wide stores (the query cache, the session, the
 * language), so pages are rendered one after another, each whole before the next starts; a ready
 * screen renders in a few milliseconds, so the line is short.
 */
export function renderPage(input: PageRenderInput): Promise<RenderedScreen> {
  const rendered = queue.then(() => renderNow(input));
  queue = rendered.catch(() => undefined);
  return rendered;
}

async function renderNow(input: PageRenderInput): Promise<RenderedScreen> {
  transport.fetch = input.fetch;
  apiBase.pin(SERVER_ORIGIN);
  pageClock.renderedAt = input.now;
  renderZone.timeZone = input.timeZone;
  await activateLocale(input.locale, { persist: false });
  await appQueries.forgetVisit();
  if (input.token) session.start(input.token);
  else session.clear();
  // What the app asks for before its first render (the config, the screen's code and reads)...
  const { screen, reads } = firstScreenOf(input.path);
  await Promise.all([screen, ...reads.map(prefetch)]);
  let html = await renderToText(input.path, input.search);
  // ...and what the screen's parts asked for while rendering (a member's profile, say), asked now and
  // rendered again with them: the page arrives whole, not as skeletons the app fills in.
  const asked = appQueries.client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' })
    .filter((query) => query.options.queryFn && (query.options as { enabled?: unknown }).enabled !== false);
  if (asked.length > 0) {
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    html = await renderToText(input.path, input.search);
  }
  return { html, state: dehydrate(appQueries.client) };
}

function renderToText(path: string, search: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
      final(done) {
        resolve(text);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <Router ssrPath={path} ssrSearch={search}>
          <App />
        </Router>
      </StrictMode>,
      {
        onAllReady: () =>
          failed === null
            ? stream.pipe(sink)
            : reject(failed instanceof Error ? failed : new Error('the page failed to render', { cause: failed })),
        onShellError: reject,
        // Every part inline, however large: React would send a large part after its fallback, to be
        // moved in by an inline script, which the page's Content-Security-Policy refuses.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A part that fails here would be left to the app by an inline script, which the page's
        // Content-Security-Policy refuses: the whole page goes to the app instead (the route then
        // serves it with its answers, unrendered).
        onError: (error) => {
          failed ??= error;
        },
      },
    );
  });
}
