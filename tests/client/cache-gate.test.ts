/**
 * When the cache database opens (data/cacheGate.ts): at once in a browser that has stored rows;
 * on a first visit, once the first screen's answers are in and the main thread is idle, or after
 * a few seconds whatever happens.
 */
import { describe, expect, it } from 'vitest';
import { createCacheGate, FIRST_SCREEN_WAIT_MS, STORED_ROWS_KEY } from '../../src/client/data/cacheGate';

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

/** A gate whose idle moments and timers run only when the test says. */
function gate(storage: Storage | null) {
  const idle: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const made = createCacheGate({
    storage,
    whenIdle: (run) => void idle.push(run),
    setTimeout: (run, ms) => void timers.push({ run, ms }),
  });
  return { gate: made, idle, timers };
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('the cache database gate', () => {
  it('opens at once in a browser that has stored rows, and where storage is refused', async () => {
    const returning = gate(memoryStorage({ [STORED_ROWS_KEY]: '1' })).gate;
    expect(returning.isOpen()).toBe(true);
    expect(await settled(returning.ready())).toBe(true);
    expect(await settled(gate(null).gate.ready())).toBe(true);
  });

  it('on a first visit, opens when the first screen is drawn and the main thread is next idle', async () => {
    const { gate: first, idle } = gate(memoryStorage());
    const ready = first.ready();
    expect(await settled(ready)).toBe(false);
    first.firstScreenDrawn();
    expect(await settled(ready)).toBe(false);
    expect(first.isOpen()).toBe(false);
    idle.forEach((run) => run());
    expect(await settled(ready)).toBe(true);
    expect(first.isOpen()).toBe(true);
  });

  it('on a first visit whose first screen never says so, opens after its wait', async () => {
    const { gate: first, timers } = gate(memoryStorage());
    const ready = first.ready();
    expect(timers.map((timer) => timer.ms)).toEqual([FIRST_SCREEN_WAIT_MS]);
    expect(await settled(ready)).toBe(false);
    timers[0].run();
    expect(await settled(ready)).toBe(true);
  });

  it('a stored row is remembered, so the next visit opens at once', async () => {
    const storage = memoryStorage();
    const { gate: first } = gate(storage);
    first.rowStored();
    expect(storage.getItem(STORED_ROWS_KEY)).toBe('1');
    expect(await settled(gate(storage).gate.ready())).toBe(true);
  });
});
