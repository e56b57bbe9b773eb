import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useConfig } from '../../data';
import { isBrowserOnline, subscribeOnline } from '../../api/online';
import { useScreenActive } from '../../ui';
import { priceFeedUrl, retainPriceFeed, sharedPriceFeed, type OnlineSource, type PriceSnapshot } from './priceFeed';

/** The app's one online signal (api/online.ts), so the feed and the offline banner agree. */
const APP_ONLINE: OnlineSource = { isOnline: isBrowserOnline, subscribe: subscribeOnline };

const WAITING_FOR_CONFIG: PriceSnapshot = {
  url: '',
  state: 'connecting',
  prices: {},
  lastTickAt: null,
  downSince: null,
  error: null,
};
const noop = () => () => {};

/**
 * Live prices for a screen: the feed of the operator's URL (app config), open while the screen is
 * the one shown and closed when no shown screen uses it.
 */
export function usePrices(): PriceSnapshot & { retry: () => void } {
  const configured = useConfig().data?.priceFeedUrl;
  const known = configured !== undefined;
  const url = priceFeedUrl(configured);
  const active = useScreenActive();
  const feed = useMemo(() => (known ? sharedPriceFeed(url, { online: APP_ONLINE }) : null), [known, url]);

  useEffect(() => {
    if (!feed || !active) return;
    return retainPriceFeed(feed);
  }, [feed, active]);

  const snapshot = useSyncExternalStore(
    feed ? feed.subscribe : noop,
    feed ? feed.getSnapshot : () => WAITING_FOR_CONFIG,
    () => WAITING_FOR_CONFIG,
  );
  const retry = useCallback(() => feed?.retry(), [feed]);
  return { ...snapshot, retry };
}
