import { useEffect, useState, type ReactNode } from 'react';
import { act, fireEvent } from '@testing-library/react';
import { LazyMotion, MotionConfig, domAnimation } from 'framer-motion';
import { db } from '../../src/client/data/db';
import { LiveStreams, LiveStreamsContext } from '../../src/client/data/live/liveStreams';
import { apiBase, online, session } from '../../src/client/api/stores';
import { appQueries } from '../../src/client/data/stores';
import { toast } from '../../src/client/ui/toast';
import { AppProviders } from '../../src/client/app/providers';
import { closeAllDialogs } from '../../src/client/ui/dialog';
import type { AppConfig } from '../../src/shared/api/types';

export const API_BASE = 'http://api.test';

/**
 * The app's providers, with a stream transport and motion as the app's shell gives them. No test reaches the network, streams included: without `live` the screens
 * have no stream transport and poll, as in a browser that cannot read a stream.
 */
export function Providers({ children, live }: { children: ReactNode; live?: LiveStreams }) {
  const [streams] = useState(() => live ?? new LiveStreams(null));
  useEffect(() => () => streams.stop(), [streams]);
  return (
    <AppProviders>
      <LiveStreamsContext.Provider value={streams}>
        <MotionConfig reducedMotion="user">
          <LazyMotion features={domAnimation}>{children}</LazyMotion>
        </MotionConfig>
      </LiveStreamsContext.Provider>
    </AppProviders>
  );
}

/** A clean slate: empty cache, nothing confirmed, online, logged out, no toasts. */
export async function resetClientState(): Promise<void> {
  await appQueries.forgetVisit();
  await Promise.all(db.tables.map((table) => table.clear()));
  online.browserChanged(true);
  session.clear();
  toast.clear();
  closeAllDialogs();
  apiBase.pin(API_BASE);
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}

export interface FakeCall {
  url: string;
  path: string;
  body: Record<string, unknown>;
}

/** An answer, or a promise of one. */
type Responder = (call: FakeCall) => unknown;

/**
 * Submits a form by its button and lets the form library's check finish (it settles in a promise,
 * even when the rules are synchronous), so what it refused is on screen when this returns.
 */
export async function submitForm(button: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(button);
  });
}

/** A fetch that answers the contract's envelope from a table of path -> responder. */
export function fakeFetch(routes: Record<string, Responder>) {
  const calls: FakeCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const url = request.url;
    const path = new URL(url).pathname;
    const call = { url, path, body };
    calls.push(call);
    const responder = routes[path];
    if (!responder) return new Response('not found', { status: 404 });
    const answer = await responder(call);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const to = (path: string) => calls.filter((call) => call.path === path);
  return { fetch: fetchImpl, calls, to };
}

/** An app config as the server answers it, with what a test needs changed. */
export function appConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    siteName: 'RoundPlay',
    serviceUrl: 'https://support.example/chat',
    depositInstructions: '',
    agreement: 1,
    defaultQuhao: '+84',
    priceFeedUrl: 'ws://127.0.0.1:1',
    versions: { android: { version: '1.0.0', url: '' }, ios: { version: '1.0.0', url: '' } },
    serverTime: 0,
    ...overrides,
  };
}

export const ok = <T,>(data: T) => ({ code: 1, data, info: 'ok' });
export const refused = (code: number, info = '', data: unknown = null) => ({ code, data, info });
