import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pathTo } from './routing/paths';
import './styles/global.css';
import { activateLocale, i18n, storedLocale } from './i18n';
import { onSessionEnd } from './api';
// Straight from their files, not data/'s index: the first screen loads only what it runs.
import { prefetch } from './data/query';
import { configQuery } from './data/resources';
import { endSession } from './data/session';
import { online } from './api/stores';
import { navigate } from './ui/navigation';
import { App } from './app/App';
import { startFirstScreen } from './app/firstScreen';
import { connectFailureToasts } from './app/connect';
import { afterLoad, startPwa } from './app/pwa';
import { listenForInstallPrompt } from './pwa/installOffer';

// SPEC.md section 4: code 409 or 403 clears token and login flag and goes to login.
onSessionEnd(() => {
  void endSession();
  navigate(pathTo('login'), { replace: true });
});
online.setProbe(() => void prefetch(configQuery));
connectFailureToasts();
// Chromium offers its install prompt early; it is kept for the app's own offer (InstallPrompt).
listenForInstallPrompt();

// A function, not a top-level await: with one in the entry, Rollup cuts everything the entry imports
// that a lazy screen also imports into shared chunks of their own (nine files, a request each, before
// the first paint), because a lazy chunk might otherwise run while the entry is still suspended.
void start();

/** The longest the first render waits for the first screen's code and the page's answers. */
const FIRST_SCREEN_WAIT_MS = 2_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function start(): Promise<void> {
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
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

  afterLoad(startPwa);
}
