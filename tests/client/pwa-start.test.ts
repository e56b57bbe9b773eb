/**
 * The service worker is registered PWA_START_DELAY_MS after the page's load event, not at start: its
 * script and its precache would otherwise compete with the first screen's own requests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLoad, PWA_START_DELAY_MS } from '../../src/client/pwa/afterLoad';

function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  return Object.assign(target, {
    document: { readyState },
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  }) as unknown as Window & EventTarget;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('afterLoad', () => {
  it('waits for the load event, then the delay', () => {
    const win = fakeWindow('interactive');
    const start = vi.fn();
    afterLoad(start, win);
    vi.advanceTimersByTime(PWA_START_DELAY_MS * 2);
    expect(start).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(PWA_START_DELAY_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    // A second load event (none comes, but once is once) starts nothing more.
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(PWA_START_DELAY_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, counts the delay from now', () => {
    const start = vi.fn();
    afterLoad(start, fakeWindow('complete'));
    vi.advanceTimersByTime(PWA_START_DELAY_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
