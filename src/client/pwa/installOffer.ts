import { observable, useObservable } from '../lib/observable';
import { clockNow } from '../data/clock';

/**
 * When the app offers to be installed (DESIGN.md section 5, the installed app): never on first
 * paint, only once the member has had a reason to come back (a first played round or a look at
 * the fund log), never while it already runs installed. It is offered once: from the moment it is
 * shown (and again from a "Not now"), it stays away for a week. Chromium hands over its install
 * prompt (beforeinstallprompt); iOS Safari has none, so there the offer is a hint to use Share,
 * then Add to Home Screen. Where it is shown is app/InstallPrompt.tsx's part.
 */
export type InstallOffer = { kind: 'prompt' } | { kind: 'ios-hint' } | null;

export const INSTALL_QUIET_DAYS = 7;
const EARNED_KEY = 'installOfferEarned';
/** When the offer was last shown or refused (the key's name is older than the first of the two). */
const QUIET_SINCE_KEY = 'installOfferDismissedAt';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * What the browser said: its install prompt caught for later (Chromium), whether the app was
 * installed in this visit, and a change count the offer is redrawn by (the rest is in storage).
 */
const browserSaid = observable<{ deferred: BeforeInstallPromptEvent | null; installed: boolean; version: number }>({
  deferred: null,
  installed: false,
  version: 0,
});

function changed(change: Partial<{ deferred: BeforeInstallPromptEvent | null; installed: boolean }> = {}): void {
  const current = browserSaid.get();
  browserSaid.set({ ...current, ...change, version: current.version + 1 });
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the offer follows this visit only.
  }
}

function runsInstalled(): boolean {
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Safari on an iPhone or iPad (which also says Macintosh, with touch), not another browser's shell. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const apple = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return apple && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/**
 * Catches Chromium's install prompt for later; called once at start-up, when nothing is caught
 * yet (as after a reload). The returned function stops listening.
 */
export function listenForInstallPrompt(): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    changed({ deferred: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => changed({ installed: true, deferred: null });
  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', onInstalled);
  changed({ deferred: null, installed: false });
  return () => {
    window.removeEventListener('beforeinstallprompt', onPrompt);
    window.removeEventListener('appinstalled', onInstalled);
  };
}

/** The member did something worth coming back for: the offer may show from now on. */
export function earnInstallOffer(): void {
  if (stored(EARNED_KEY) === '1') return;
  store(EARNED_KEY, '1');
  changed();
}

function recentlyOffered(): boolean {
  const at = Number(stored(QUIET_SINCE_KEY));
  return Number.isFinite(at) && at > 0 && clockNow() - at < INSTALL_QUIET_DAYS * 24 * 3600_000;
}

/** What may be offered now, if anything. */
export function currentInstallOffer(): InstallOffer {
  const { deferred, installed } = browserSaid.get();
  if (installed || stored(EARNED_KEY) !== '1' || recentlyOffered() || runsInstalled()) return null;
  if (deferred) return { kind: 'prompt' };
  return isIosSafari() ? { kind: 'ios-hint' } : null;
}

/**
 * The offer is on screen now: that is its one showing. It stays on the page it opened with; it is
 * not offered again for INSTALL_QUIET_DAYS, whether or not the member answers.
 */
export function markInstallOfferShown(): void {
  store(QUIET_SINCE_KEY, String(clockNow()));
  changed();
}

/** "Not now": quiet for INSTALL_QUIET_DAYS from now. */
export function dismissInstallOffer(): void {
  store(QUIET_SINCE_KEY, String(clockNow()));
  changed();
}

/** Shows the browser's own install dialog; a refusal there counts as "Not now". */
export async function acceptInstallOffer(): Promise<void> {
  const event = browserSaid.get().deferred;
  if (!event) return;
  changed({ deferred: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'dismissed') dismissInstallOffer();
  else changed();
}

export function useInstallOffer(): InstallOffer {
  useObservable(browserSaid);
  return currentInstallOffer();
}
