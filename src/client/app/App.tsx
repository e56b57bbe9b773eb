import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useRouter } from 'wouter';
import { AppProviders } from './providers';
import { ConfigGate } from './ConfigGate';
import { findRoute, KeepAliveOutlet } from './KeepAliveOutlet';
import { OfflineBanner } from './OfflineBanner';
import { TabBar } from './TabBar';
import type { RouteDef } from './routes';
import { isBrowserOnline, useOnline } from '../api/online';
import { prefetch } from '../data';
import { useOverlaysWanted } from './useOverlaysWanted';

const Overlays = lazy(() => import('./Overlays'));

function Shell() {
  const [withTabBar, setWithTabBar] = useState(false);
  const onRouteChange = useCallback((def: RouteDef | null) => setWithTabBar(def?.tabBar === true), []);
  const online = useOnline();
  return (
    <div className={`shell${withTabBar ? ' has-tabbar' : ''}${online ? '' : ' is-offline'}`}>
      <OfflineBanner />
      <KeepAliveOutlet onRouteChange={onRouteChange} />
      {withTabBar && <TabBar />}
    </div>
  );
}

/** The first screen's code and its public reads start while the app config is still being read. */
function usePreloadFirstScreen(): void {
  const { parser } = useRouter();
  const [path] = useLocation();
  const [first] = useState(path);
  useEffect(() => {
    const route = findRoute(first, parser);
    void route?.screen.preload().catch(() => undefined);
    if (isBrowserOnline()) for (const read of route?.reads ?? []) void prefetch(read);
  }, [first, parser]);
}

export function App() {
  usePreloadFirstScreen();
  const overlays = useOverlaysWanted();
  return (
    <AppProviders>
      <ConfigGate>
        <Shell />
      </ConfigGate>
      {overlays && (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      )}
    </AppProviders>
  );
}
