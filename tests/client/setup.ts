import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { activateLocale } from '../../src/client/i18n';
import { loadAllAnswerSchemas } from '../../src/client/api/answers';
import { loadHttp } from '../../src/client/api/client';
import { cacheGate } from '../../src/client/data/stores';
import { connectFailureToasts } from '../../src/client/app/connect';
import { STORED_ROWS_KEY } from '../../src/client/data/cacheGate';
// DOMPurify (article HTML) needs two standard DOM behaviours happy-dom lacks.
import './happy-dom-dompurify';

// fake-indexeddb needs structuredClone; happy-dom has it, older DOM shims did not.
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
}

// happy-dom's Web Animations reject `finished` when framer-motion cancels an animation; without
// Element.animate framer-motion animates in JS, which is all a test needs.
Reflect.deleteProperty(Element.prototype, 'animate');

// waitFor and findBy wait for a state, however long a loaded machine takes to reach it: their
// timeout is a hang guard, not the 1 s bound on speed Testing Library defaults to (a home page
// rendered beside two busy suites took 1.3 s to say it was offline).
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  // As the app's start does: a call's failure is toasted in the member's words.
  connectFailureToasts();
  // Tests read English texts: the UI catalogue and the error catalogue (err.<code>).
  await activateLocale('en', { persist: false });
  // The app loads a part of the answer schemas with its first call; the tests load them all at
  // once, before a fake clock runs.
  await loadAllAnswerSchemas();
  // The HTTP client too loads with the first call; its first import is a real-time transform,
  // which a fake clock's settling does not wait for.
  await loadHttp();
  // The tests read the cache database from their first step, as a browser that has stored rows
  // does; a first visit's wait for its first screen is tested on its own (cache-gate.test.ts).
  localStorage.setItem(STORED_ROWS_KEY, '1');
  await cacheGate.ready();
});

// No test reaches the real network: each one stubs fetch with the answers it needs.
beforeEach(() => {
  // The API client logs network failures; expected here, so kept out of the test output.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((first?: unknown, ...rest: unknown[]) => {
    if (typeof first === 'string' && first.startsWith('[api]')) return;
    warn(first, ...rest);
  });
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('No network in client tests')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
