import { lazy, Suspense, useCallback, useState } from 'react';
import { AppProviders } from './providers';
import { ConfigGate } from './ConfigGate';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { InstallPrompt } from './InstallPrompt';
import { OfflineBanner } from './OfflineBanner';
import { TabBar } from './TabBar';
import type { RouteDef } from './routes';
import { useOnline } from '../api/online';
import { useOverlaysWanted } from './useOverlaysWanted';
import { useMemberNews } from './useMemberNews';

const Overlays = lazy(() => import('./Overlays'));

function Shell() {
  const [withTabBar, setWithTabBar] = useState(false);
  const onRouteChange = useCallback((def: RouteDef | null) => setWithTabBar(def?.tabBar === true), []);
  const online = useOnline();
  useMemberNews();
  return (
    <div className={`shell${withTabBar ? ' has-tabbar' : ''}${online ? '' : ' is-offline'}`}>
      <OfflineBanner />
      <InstallPrompt />
      <KeepAliveOutlet onRouteChange={onRouteChange} />
      {withTabBar && <TabBar />}
    </div>
  );
}

export function App() {
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
