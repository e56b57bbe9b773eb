import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useConfig } from '../../data';
import { isBrowserOnline, subscribeOnline } from '../../api/online';
import { useScreenActive } from '../../ui';
import { PriceFeeds, priceFeedUrl, type OnlineSource, type PriceFeedOptions, type PriceSnapshot } from './priceFeed';

/** The app's one online signal (api/online.ts), so the feed and the offline banner agree. */
const APP_ONLINE: OnlineSource = { isOnline: isBrowserOnline, subscribe: subscribeOnline };

/** The app's feeds, on the app's online signal; a test adds its websocket and short delays. */
export const createAppPriceFeeds = (options: Omit<PriceFeedOptions, 'url' | 'online'> = {}): PriceFeeds =>
  new PriceFeeds({ ...options, online: APP_ONLINE });

/** The feeds screens share, made with the trend chunk; a test provides new ones, as a reload would. */
export const PriceFeedsContext = createContext(createAppPriceFeeds());

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
  const feeds = useContext(PriceFeedsContext);
  const feed = useMemo(() => (known ? feeds.feedOf(url) : null), [feeds, known, url]);

  useEffect(() => {
    if (!feed || !active) return;
    return feeds.retain(feed);
  }, [feeds, feed, active]);

  const snapshot = useSyncExternalStore(
    feed ? feed.subscribe : noop,
    feed ? feed.getSnapshot : () => WAITING_FOR_CONFIG,
    () => WAITING_FOR_CONFIG,
  );
  const retry = useCallback(() => feed?.retry(), [feed]);
  return { ...snapshot, retry };
}
