/**
 * Lists that animate arrivals draw their first list without motion (useFirstKeys): framer-motion
 * writes an animated element's starting style inline, so a row set up for motion carries a style
 * attribute and a plain row none.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ResultsList } from '../../src/client/features/game/ResultsList';
import { LiveOrdersTable } from '../../src/client/features/game/LiveOrdersTable';
import { Providers } from './helpers';
import { drawnRound, liveOrder } from './game-fixtures';

const animated = (rows: HTMLElement[]) => rows.map((row) => row.hasAttribute('style'));

describe('a list drawn first without motion', () => {
  it('the latest results: the first list is plain, a round drawn after it is revealed with motion', () => {
    const first = [drawnRound(2), drawnRound(1)];
    const view = render(
      <Providers>
        <ResultsList roomid={5} history={first} />
      </Providers>,
    );
    expect(animated(screen.getAllByTestId('result'))).toEqual([false, false]);
    // No ball of the first list is set up for motion either.
    expect(
      screen.getAllByText((_, node) => node?.classList.contains('ball') ?? false).some((b) => b.hasAttribute('style')),
    ).toBe(false);

    view.rerender(
      <Providers>
        <ResultsList roomid={5} history={[drawnRound(3), ...first]} />
      </Providers>,
    );
    expect(animated(screen.getAllByTestId('result'))).toEqual([true, false, false]);
  });

  it('the live orders: an empty table then its first rows are plain; an order that arrives later slides in', () => {
    const seqno = '20261122-0007';
    const draw = (rows: ReturnType<typeof liveOrder>[]) => (
      <Providers>
        <LiveOrdersTable rows={rows} stale={false} goodAt={null} />
      </Providers>
    );
    const view = render(draw([]));
    view.rerender(draw([liveOrder(1, seqno), liveOrder(2, seqno)]));
    expect(animated(screen.getAllByTestId('live-order'))).toEqual([false, false]);
    view.rerender(draw([liveOrder(1, seqno), liveOrder(2, seqno), liveOrder(3, seqno)]));
    expect(animated(screen.getAllByTestId('live-order'))).toEqual([false, false, true]);
  });
});
