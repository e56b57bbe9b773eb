import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyNow } from '../../src/client/lib/lazyNow';

function Room() {
  return <p>countdown</p>;
}

const roomModule = (): Promise<{ default: ComponentType }> => Promise.resolve({ default: Room });

/** Renders a lazy component under a boundary whose fallback records that it was committed. */
async function fallbacksShown(Lazy: ComponentType): Promise<number> {
  let shown = 0;
  function Fallback() {
    shown += 1;
    return <p>loading</p>;
  }
  await act(async () => {
    render(
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>,
    );
  });
  expect(await screen.findByText('countdown')).toBeTruthy();
  return shown;
}

describe('a component whose code came before its first render', () => {
  it('renders without its fallback once preloaded', async () => {
    const Lazy = lazyNow(roomModule);
    await Lazy.preload();
    expect(await fallbacksShown(Lazy)).toBe(0);
  });

  it('React.lazy alone shows the fallback first, however early its code came', async () => {
    await roomModule();
    expect(await fallbacksShown(lazy(roomModule))).toBeGreaterThan(0);
  });

  it('not preloaded, it loads on its first render behind its fallback', async () => {
    expect(await fallbacksShown(lazyNow(roomModule))).toBeGreaterThan(0);
  });
});
