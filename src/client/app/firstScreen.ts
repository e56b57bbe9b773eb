import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { isBrowserOnline } from '../api/online';
import { getMember } from '../api/session';
import { prefetch, type Query } from '../data/query';
import { currentApiLang } from '../api/language';
import { pageAnswers } from '../api/stores';
import { cacheGate } from '../data/stores';
import { configQuery } from '../data/resources';
import { findRoute } from './routes';

/**
 * What the first screen of a visit needs, asked for before React renders anything: the app config
 * (the loading canvas waits for it on a first visit), the screen's code and its reads.
 * Asked from a component, they would wait for the first render to commit, which on a slow phone is
 * most of the time to the first banner. The screens' own reads then find them in flight or answered.
 *
 * Settles once the screen's code and the reads the page itself answers (api/pageAnswers.ts) are
 * in: the app renders then, so the first render already has them, instead of rendering the screen
 * empty and again, all at once, as each answer lands. Rendered before its code, a screen showed its
 * fallback first, and React reveals what replaces a fallback no sooner than 300 ms after it: a
 * room's countdown came up to that much later than its answer. Reads that go to the network are
 * never waited for. Once every read is answered (or failed), a first visit's cache database may
 * open (data/cacheGate.ts).
 */
/** A path's screen, its code asked for, and the reads its first paint waits for (the config among them). */
export function firstScreenOf(path: string): { screen: Promise<unknown>; reads: Query<unknown>[] } {
  // The router's default parser (the app sets no other): the same match the outlet will make.
  const route = findRoute(path, parse);
  const screen = route?.screen.preload().catch(() => undefined) ?? Promise.resolve();
  const reads: Query<unknown>[] = [configQuery];
  if (route?.reads && !(route.auth && getMember() === null)) {
    const [, params] = matchRoute(parse, route.path, path);
    reads.push(...route.reads(params ?? {}));
  }
  return { screen, reads };
}

export function startFirstScreen(path: string): Promise<unknown> {
  const { screen, reads } = firstScreenOf(path);
  if (!isBrowserOnline()) {
    cacheGate.firstScreenDrawn();
    return Promise.resolve();
  }
  const lang = currentApiLang();
  const fromPage: Promise<void>[] = [];
  const asked: Promise<void>[] = [];
  for (const read of reads) {
    // Asked before the call takes the page's answer.
    const inPage = pageAnswers.holds(read.key[0], lang);
    const answered = prefetch(read);
    asked.push(answered);
    if (inPage) fromPage.push(answered);
  }
  void Promise.allSettled(asked).then(() => cacheGate.firstScreenDrawn());
  return Promise.all([screen, ...fromPage]);
}
