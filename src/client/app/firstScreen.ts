import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { isBrowserOnline } from '../api/online';
import { getToken } from '../api/session';
import { prefetch } from '../data/query';
import { configQuery } from '../data/resources';
import { findRoute } from './routes';

/**
 * What the first screen of a visit needs, asked for before React renders anything: the app config
 * (the loading canvas waits for it on a first visit), the screen's code and its reads.
 * Asked from a component, they would wait for the first render to commit, which on a slow phone is
 * most of the time to the first banner. The screens' own reads then find them in flight or answered.
 */
export function startFirstScreen(path: string): void {
  // The router's default parser (the app sets no other): the same match the outlet will make.
  const route = findRoute(path, parse);
  void route?.screen.preload().catch(() => undefined);
  if (!isBrowserOnline()) return;
  void prefetch(configQuery);
  if (!route?.reads || (route.auth && getToken() === null)) return;
  const [, params] = matchRoute(parse, route.path, path);
  for (const read of route.reads(params ?? {})) void prefetch(read);
}
