import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Redirect, Route, Router, useLocation, useRouter, type BaseLocationHook } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '../api/session';
import { EmptyState, Page, ScreenActiveContext, Spinner } from '../ui';
import { findRoute, type RouteDef } from './routes';
import { pathTo } from '../routing/paths';

interface Entry {
  key: string;
  def: RouteDef;
  /** Each kept page sees its own (frozen) location, so it keeps its params and does not re-render on every navigation. */
  hook: BaseLocationHook;
}

/** Kept pages beyond this many are dropped, oldest first. */
const MAX_KEPT = 16;

function frozenLocation(path: string): BaseLocationHook {
  return () => [path, navigate];
}

function ScreenFallback() {
  const { t } = useLingui();
  return (
    <div className="screen-fallback">
      <Spinner label={t`Loading`} />
    </div>
  );
}

function NotFound() {
  const { t } = useLingui();
  return (
    <Page title={t`Page not found`}>
      <EmptyState title={t`This page does not exist`} text={t`The link may be old or mistyped.`} icon="info" />
    </Page>
  );
}

/**
 * Renders the matched route. Kept-alive routes (SPEC.md section 2) stay mounted once visited and
 * are hidden while inactive, so their state survives; window scroll is saved per page and
 * restored when it comes back.
 */
export function KeepAliveOutlet() {
  const [location] = useLocation();
  const router = useRouter();
  const { member } = useSession();
  const def = useMemo(() => findRoute(location, router.parser), [location, router.parser]);
  const blocked = def?.auth === true && !member;
  const kept = def !== null && def.keepAlive !== false && !blocked;
  const activeKey = kept ? location : null;

  const [entries, setEntries] = useState<readonly Entry[]>([]);

  // Adjusting state while rendering (React's documented pattern) avoids a frame without the page.
  if (activeKey && def && !entries.some((entry) => entry.key === activeKey)) {
    const next = [...entries, { key: activeKey, def, hook: frozenLocation(activeKey) }];
    setEntries(
      next.length > MAX_KEPT ? next.filter((entry, i) => i >= next.length - MAX_KEPT || entry.key === activeKey) : next,
    );
  }
  // Private pages go with the session.
  if (!member && entries.some((entry) => entry.def.auth)) {
    setEntries(entries.filter((entry) => !entry.def.auth));
  }

  const scrolls = useRef(new Map<string, number>());
  const scrollKey = useRef<string>(location);
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => scrolls.current.set(scrollKey.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    scrollKey.current = location;
    window.scrollTo(0, activeKey ? (scrolls.current.get(location) ?? 0) : 0);
  }, [location, activeKey]);

  return (
    <>
      {entries.map((entry) => (
        <div key={entry.key} className="screen" hidden={entry.key !== activeKey}>
          <ScreenActiveContext.Provider value={entry.key === activeKey}>
            {/* A router with its own hook starts from wouter's defaults: the server's query string is passed on. */}
            <Router hook={entry.hook} ssrSearch={router.ssrSearch}>
              <Suspense fallback={<ScreenFallback />}>
                <Route path={entry.def.path} component={entry.def.screen} />
              </Suspense>
            </Router>
          </ScreenActiveContext.Provider>
        </div>
      ))}
      {!kept && (
        <div key={`live:${location}`} className="screen">
          {def === null ? (
            <NotFound />
          ) : blocked ? (
            <Redirect to={pathTo('login')} replace />
          ) : (
            <Suspense fallback={<ScreenFallback />}>
              <Route path={def.path} component={def.screen} />
            </Suspense>
          )}
        </div>
      )}
    </>
  );
}
