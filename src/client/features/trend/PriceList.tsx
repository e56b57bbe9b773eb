import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PRICE_COINS, type PriceCoin } from '../../../shared/constants';
import { Spinner } from '../../ui';
import { useBrowserOnline } from '../../data';
import { formatDateTime, useLocale } from '../../i18n';
import { ageSeconds, formatChange, formatPrice } from './format';
import type { PriceSnapshot } from './priceFeed';
import { usePrices } from './usePrices';

/** Proper names, the same in every language. */
const COIN_NAMES: Record<PriceCoin, string> = {
  BTC: 'Bitcoin',
  USDT: 'Tether',
  ETH: 'Ethereum',
  BNB: 'BNB',
  SOL: 'Solana',
  USDC: 'USD Coin',
  DOGE: 'Dogecoin',
  TRX: 'TRON',
};

/** USDT is read from USDC-USDT inverted, so it is quoted in USDC; every other coin in USDT. */
const QUOTE_OF = (coin: PriceCoin) => (coin === 'USDT' ? 'USDC' : 'USDT');

/** The current time, ticking every second while `enabled`. */
function useNow(enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const tick = () => setNow(Date.now());
    // At once (the last reading may be old), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [enabled]);
  return now;
}

/** "42 s", "3 min", "2 h" in the member's language (Intl unit formatting). */
function age(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 7_200
        ? [Math.floor(seconds / 60), 'minute']
        : [Math.floor(seconds / 3_600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

function FeedState({ snapshot }: { snapshot: PriceSnapshot }) {
  const { t } = useLingui();
  const locale = useLocale();
  const stale = snapshot.state === 'stale';
  const now = useNow(stale && snapshot.lastTickAt !== null);
  if (snapshot.state === 'live') {
    return (
      <span className="feed-state feed-live" data-testid="price-feed-state" role="status">
        <span className="feed-dot" aria-hidden="true" />
        {t`Live`}
      </span>
    );
  }
  if (snapshot.state === 'connecting') {
    return (
      <span className="feed-state feed-connecting" data-testid="price-feed-state" role="status">
        <Spinner />
        {t`Connecting…`}
      </span>
    );
  }
  const since = snapshot.lastTickAt === null ? null : age(ageSeconds(snapshot.lastTickAt, now), locale);
  return (
    <span
      className="stale-badge feed-state"
      data-testid="price-feed-state"
      role="status"
      title={t`The price feed is not sending; the prices shown are the last ones received.`}
    >
      <span className="stale-dot" aria-hidden="true" />
      {since === null ? t`Stale · no price received yet` : t`Stale · last tick ${since} ago`}
    </span>
  );
}

function PriceRow({ coin, snapshot }: { coin: PriceCoin; snapshot: PriceSnapshot }) {
  const { t } = useLingui();
  const locale = useLocale();
  const price = snapshot.prices[coin];
  const change = price && price.changePercent !== null ? formatChange(price.changePercent, locale) : null;
  const waiting = !price && snapshot.state === 'connecting';
  return (
    <li className="price-row" data-testid="price-row" data-coin={coin}>
      <div className="price-coin">
        <span className="price-symbol">
          {coin}
          <span className="price-quote">/{QUOTE_OF(coin)}</span>
        </span>
        <span className="price-name" data-testid="price-name">
          {COIN_NAMES[coin]}
        </span>
      </div>
      {waiting ? (
        <>
          <span className="price-skeleton skeleton" aria-hidden="true" />
          <span className="price-change-skeleton skeleton" aria-hidden="true" />
          <span className="visually-hidden">{t`Waiting for the first price`}</span>
        </>
      ) : (
        <>
          <span className="price-last" data-testid="price-last">
            {price ? formatPrice(price.last, locale) : '—'}
          </span>
          <span className={`price-change price-${change?.direction ?? 'none'}`} data-testid="price-change">
            {change?.text ?? '—'}
          </span>
        </>
      )}
    </li>
  );
}

/** The feed is not sending: say it is unreachable and since when, and let the member try now. */
function FeedDown({ since, onRetry }: { since: number; onRetry: () => void }) {
  const { t } = useLingui();
  const online = useBrowserOnline();
  const time = formatDateTime(since);
  return (
    <p className="feed-down" data-testid="price-feed-down" role="status">
      {online ? t`The price feed cannot be reached since ${time}.` : t`You are offline since ${time}.`}
      {online && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          {t`Try again`}
        </button>
      )}
    </p>
  );
}

/** The live price list (SPEC.md section 2, Trend page): last price and day change of the eight coins. */
export function PriceList() {
  const { t } = useLingui();
  const snapshot = usePrices();
  return (
    <section className="price-panel" aria-labelledby="price-panel-title" data-testid="price-panel">
      <div className="price-panel-head">
        <h2 id="price-panel-title" className="section-title">
          {t`Prices`}
        </h2>
        <FeedState snapshot={snapshot} />
      </div>
      {snapshot.state === 'stale' && snapshot.downSince !== null && (
        <FeedDown since={snapshot.downSince} onRetry={snapshot.retry} />
      )}
      <div className={`card price-card${snapshot.state === 'stale' ? ' is-stale' : ''}`}>
        <div className="price-row price-head" aria-hidden="true">
          <span>{t`Coin`}</span>
          <span>{t`Last price`}</span>
          <span>{t`Day change`}</span>
        </div>
        <ul className="price-list" aria-label={t`Prices`}>
          {PRICE_COINS.map((coin) => (
            <PriceRow key={coin} coin={coin} snapshot={snapshot} />
          ))}
        </ul>
      </div>
      <p className="trend-note">{t`Day change is measured from the price at 00:00 UTC+8.`}</p>
    </section>
  );
}
