import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { pathTo } from './routing/paths';
import './styles/global.css';
import { activateLocale, i18n, storedLocale } from './i18n';
import type { Locale } from '../shared/locale';
import { deviceTimeZone } from '../shared/instant';
import { onSessionEnd } from './api';
// Straight from their files, not data/'s index: the first screen loads only what it runs.
import { prefetch } from './data/query';
import { configQuery } from './data/resources';
import { endSession } from './data/session';
import { online, pageAnswers } from './api/stores';
import { getMember } from './api/session';
import { appQueries, cacheGate } from './data/stores';
import { pageClock } from './lib/pageClock';
import { onThisDevice } from './features/game/gameApi';
import { navigate } from './ui/navigation';
import { App } from './app/App';
import { findRoute } from './app/routes';
import { parse } from 'regexparam';
import { startFirstScreen } from './app/firstScreen';
import { connectFailureToasts } from './app/connect';
import { connectPushMessages } from './app/pushMessages';
import { afterLoad, startPwa } from './app/pwa';
import { listenForInstallPrompt } from './pwa/installOffer';

// SPEC.md section 4: code 409 or 403 clears token and login flag and goes to login.
onSessionEnd(() => {
  void endSession();
  navigate(pathTo('login'), { replace: true });
});
online.setProbe(() => void prefetch(configQuery));
connectFailureToasts();
// From the start: a push that arrives while the member looks at the app is said by the page.
connectPushMessages();
// Chromium offers its install prompt early; it is kept for the app's own offer (InstallPrompt).
listenForInstallPrompt();

/** The longest the first render waits for the first screen's code and the page's answers. */
const FIRST_SCREEN_WAIT_MS = 2_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Server clock minus this device's: the server dates a page (`madeAt`) as it starts making it, just
 * after the request arrives, so it is set against when the request left, not against when the page
 * began to arrive (a busy server's rendering time would count as clock difference, and a countdown
 * would show seconds that have already gone).
 */
function deviceOffsetOf(madeAt: number): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const sent = navigation?.requestStart || navigation?.responseStart || performance.now();
  return Math.round(madeAt - (performance.timeOrigin + sent));
}

/**
 * The page as the server rendered it, when the app would render the same: same language and member,
 * online. The zone is compared once the app's code is in (`sameZone`).
 */
function hydratable() {
  const page = pageAnswers.rendered();
  const same = page && page.locale === storedLocale() && page.member === (getMember() !== null) && online.isOnline();
  return same ? page : undefined;
}

/**
 * Whether the page's times were written in this device's zone. Asking the zone is Intl's first use,
 * which loads its data (tens of milliseconds on a slow phone): it has a task of its own, not one
 * with the entry's evaluation or the screen's code.
 */
async function sameZone(page: { timeZone: string }): Promise<boolean> {
  await delay(0);
  return page.timeZone === deviceTimeZone();
}

async function start(): Promise<void> {
  const rendered = hydratable();
  if (rendered) {
    // The screen is painted already: the app takes it over (hydrates it) with the answers it was made
    // from, asking for none of them again, once the language and the screen's code are in.
    const screen = findRoute(window.location.pathname, parse)
      ?.screen.preload()
      .catch(() => undefined);
    await Promise.all([
      // The whole language, shared catalogue too: the page was rendered with it.
      activateLocale(rendered.locale as Locale, { persist: false }),
      Promise.race([screen, delay(FIRST_SCREEN_WAIT_MS)]),
    ]);
    if (await sameZone(rendered)) {
      appQueries.hydrate(onThisDevice(rendered.state as DehydratedState, deviceOffsetOf(rendered.madeAt)));
      pageClock.renderedAt = rendered.madeAt;
      // A transition, as the first render below: React yields to the browser between the page's parts.
      startTransition(() => {
        hydrateRoot(document.getElementById('root')!, app());
      });
      cacheGate.firstScreenDrawn();
      afterLoad(startPwa);
      return;
    }
  }
  try {
    await activateLocale(storedLocale(), { persist: false, sharedLater: true });
  } catch (error) {
    // The language chunk could not load (first visit cut off): run with source texts rather than a blank page.
    console.error('[i18n] could not load the language catalogue', error);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  }

  // A task of its own for the first screen's calls: run on from the modules' evaluation, the two
  // made one long task on a slow phone.
  await delay(0);
  // The language is known (its reads carry it): ask for what the first screen needs before rendering,
  // and render once what the page answered is in (the boot mark shows meanwhile), never much later.
  const firstScreen = startFirstScreen(window.location.pathname);
  await Promise.race([firstScreen, delay(FIRST_SCREEN_WAIT_MS)]);

  // The first render is a transition, so React yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for the whole tree (the boot mark stays until it commits).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(app()));

  afterLoad(startPwa);
}

/** The app's tree, the same whether it takes over a rendered page or renders its own. */
function app() {
  return (
    <StrictMode>
      <Started>
        <App />
      </Started>
    </StrictMode>
  );
}

/**
 * The page says the app has taken it over (`<html data-started>`) once its first render is in:
 * from then on a tap reaches it, replayed by React if it lands on a part still being hydrated.
 * Before, a server-rendered page is painted but does nothing; the browser tests act once this is
 * set, as a member waits for the app.
 */
function Started({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return children;
}

// A function, not a top-level await: with one in the entry, Rollup cuts everything the entry imports
// that a lazy screen also imports into shared chunks of their own (nine files, a request each, before
// the first paint), because a lazy chunk might otherwise run while the entry is still suspended.
void start();
