import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useRouter } from 'wouter';
import { AppProviders } from './providers';
import { ConfigGate } from './ConfigGate';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { InstallPrompt } from './InstallPrompt';
import { OfflineBanner } from './OfflineBanner';
import { TabBar } from './TabBar';
import { findRoute } from './routes';
import { useOnline } from '../api/online';
import { useOverlaysWanted } from './useOverlaysWanted';
import { useMemberNews } from './useMemberNews';

const Overlays = lazy(() => import('./Overlays'));

function Shell() {
  // From the route in this render, not after it: a server-rendered page has its tab bar painted.
  const [location] = useLocation();
  const { parser } = useRouter();
  const withTabBar = useMemo(() => findRoute(location, parser)?.tabBar === true, [location, parser]);
  const online = useOnline();
  useMemberNews();
  return (
    <div className={`shell${withTabBar ? ' has-tabbar' : ''}${online ? '' : ' is-offline'}`}>
      <OfflineBanner />
      <InstallPrompt />
      <KeepAliveOutlet />
      {withTabBar && (
        // A part of its own: a server-rendered page's tab bar is taken over apart from its screen.
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
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
