import { lazy, Suspense, useCallback, useState } from 'react';
import { AppProviders } from './providers';
import { ConfigGate } from './ConfigGate';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { OfflineBanner } from './OfflineBanner';
import { TabBar } from './TabBar';
import type { RouteDef } from './routes';
import { useOnline } from '../api/online';

const Overlays = lazy(() => import('./Overlays'));

function Shell({ serviceUrl }: { serviceUrl: string }) {
  const [withTabBar, setWithTabBar] = useState(false);
  const onRouteChange = useCallback((def: RouteDef | null) => setWithTabBar(def?.tabBar === true), []);
  const online = useOnline();
  return (
    <div className={`shell${withTabBar ? ' has-tabbar' : ''}${online ? '' : ' is-offline'}`}>
      <OfflineBanner />
      <KeepAliveOutlet onRouteChange={onRouteChange} />
      {withTabBar && <TabBar serviceUrl={serviceUrl} />}
    </div>
  );
}

export function App() {
  return (
    <AppProviders>
      <ConfigGate>{(config) => <Shell serviceUrl={config.serviceUrl} />}</ConfigGate>
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
    </AppProviders>
  );
}
