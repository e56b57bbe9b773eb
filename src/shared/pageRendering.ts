/**
 * What the server's page route and the app's renderer of first screens say to each other (server
 * routes/pageRenderer.ts loads src/client/ssr/renderPage.tsx, built for Node).
 */
import type { Locale } from './locale';

/** A page to render: the route, the member's language and session, and how calls reach the server. */
export interface PageRenderInput {
  path: string;
  /** The query string without its `?` ('' for none). */
  search: string;
  locale: Locale;
  /** The zone to write times in (the device's, as its cookie said, else the server's). */
  timeZone: string;
  /** The member's token when the request carried a live session cookie. */
  token: string | null;
  /** The server's clock now (epoch ms): what the countdown shows until the app has started. */
  now: number;
  /** Answers a call inside the server (the API client's fetch, given a full URL). */
  fetch: typeof fetch;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The answers the screen was rendered from, for the app to start with (TanStack's dehydrate). */
  state: unknown;
}

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;
