import { describe, expect, it, vi } from 'vitest';
import { chunkLoader } from '../../src/client/lib/chunkLoader';

describe('a chunk loaded on demand', () => {
  it('is asked for once while it loads and kept once it arrived', async () => {
    const load = vi.fn(() => Promise.resolve('code'));
    const loader = chunkLoader(load);
    const [first, second] = [loader(), loader()];
    expect(first).toBe(second);
    await expect(first).resolves.toBe('code');
    await expect(loader()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('that did not arrive is asked for again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('code');
    const loader = chunkLoader(load);
    await expect(loader()).rejects.toThrow('Failed to fetch');
    await expect(loader()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
