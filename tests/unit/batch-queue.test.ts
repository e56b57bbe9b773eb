/**
 * BatchQueue (src/server/db/batchQueue.ts): calls made while batches are under way go together in
 * the next, in the order asked for, each answered with its own result; unloaded, a call goes alone.
 */
import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../../src/server/db/batchQueue';

/** A run whose batches wait until released, recording what each batch held. */
function heldRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<(number | Error)[]>((resolve) =>
      releases.push(() => resolve(inputs.map((n) => (n < 0 ? new Error(`refused ${n}`) : n * 10)))),
    );
  };
  return { batches, releases, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a queue of calls sent in batches', () => {
  it('sends the first calls alone up to the limit under way, then the rest together in order', async () => {
    const { batches, releases, run } = heldRun();
    const queue = new BatchQueue(run, { maxBatch: 3, maxInFlight: 2, order: (a, b) => a - b });
    const answers = [5, 4, 9, 8, 7, 1, 2].map((n) => queue.add(n));
    expect(batches).toEqual([[5], [4]]);
    releases[0]();
    await tick();
    // The five waiting: the first three, sorted, in one batch.
    expect(batches[2]).toEqual([7, 8, 9]);
    releases[1]();
    await tick();
    expect(batches[3]).toEqual([1, 2]);
    releases[2]();
    releases[3]();
    expect(await Promise.all(answers)).toEqual([50, 40, 90, 80, 70, 10, 20]);
  });

  it('rejects a call its run refused alone, and every call of a batch whose run threw', async () => {
    const { releases, run } = heldRun();
    const queue = new BatchQueue(run, { maxBatch: 10, maxInFlight: 1 });
    const first = queue.add(1);
    const refused = queue.add(-2);
    const taken = queue.add(3);
    releases[0]();
    await expect(first).resolves.toBe(10);
    await tick();
    releases[1]();
    await expect(refused).rejects.toThrow('refused -2');
    await expect(taken).resolves.toBe(30);

    const failing = new BatchQueue<number, number>(
      async () => {
        throw new Error('connection lost');
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const all = [failing.add(1), failing.add(2)];
    for (const call of all) await expect(call).rejects.toThrow('connection lost');
  });

  it('refuses a run that answers a different number of results than calls', async () => {
    const queue = new BatchQueue<number, number>(async () => [1], { maxBatch: 10, maxInFlight: 1 });
    const calls = [queue.add(1), queue.add(2), queue.add(3)];
    await expect(calls[0]).resolves.toBe(1);
    await expect(calls[1]).rejects.toThrow('a batch of 2 answered 1');
    await expect(calls[2]).rejects.toThrow('a batch of 2 answered 1');
  });
});
