/**
 * Lists that animate arrivals draw their first list without motion, and the motion code loads
 * after the first paint (useMotionKit): what arrives before it came is drawn as it is and stays so;
 * what arrives after it slides in. framer-motion writes an animated element's starting style
 * inline, so a row set up for motion carries a style attribute and a plain row none.
 *
 * The tests run in order: the first draws before the kit has loaded (nothing can load it between
 * two synchronous renders), then loads it.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ResultsList } from '../../src/client/features/game/ResultsList';
import { LiveOrdersTable } from '../../src/client/features/game/LiveOrdersTable';
import { DrawNumbers } from '../../src/client/features/game/DrawNumbers';
import { loadMotionKit } from '../../src/client/ui/useMotionKit';
import { Providers } from './helpers';
import { drawnRound, liveOrder } from './game-fixtures';

const animated = (rows: HTMLElement[]) => rows.map((row) => row.hasAttribute('style'));
const balls = () => screen.getAllByText((_, node) => node?.classList.contains('ball') ?? false);
const seqno = '20261122-0007';

function results(history: ReturnType<typeof drawnRound>[]) {
  return (
    <Providers>
      <ResultsList roomid={5} history={history} />
    </Providers>
  );
}

function liveOrders(rows: ReturnType<typeof liveOrder>[]) {
  return (
    <Providers>
      <LiveOrdersTable rows={rows} stale={false} goodAt={null} known />
    </Providers>
  );
}

describe('a list drawn first without motion', () => {
  it('before the motion code has loaded, arrivals are drawn as they are, and stay so once it has', async () => {
    const first = [drawnRound(2), drawnRound(1)];
    const resultsView = render(results(first));
    resultsView.rerender(results([drawnRound(3), ...first]));
    expect(animated(screen.getAllByTestId('result'))).toEqual([false, false, false]);
    resultsView.unmount();

    const ordersView = render(liveOrders([]));
    ordersView.rerender(liveOrders([liveOrder(1, seqno)]));
    ordersView.rerender(liveOrders([liveOrder(1, seqno), liveOrder(2, seqno)]));
    expect(animated(screen.getAllByTestId('live-order'))).toEqual([false, false]);

    // A revealed draw found no kit when drawn: plain balls.
    const drawView = render(<DrawNumbers numbers={[1, 2, 3]} sum={6} reveal />, { wrapper: Providers });
    expect(balls().some((ball) => ball.hasAttribute('style'))).toBe(false);

    await act(() => loadMotionKit());
    // The order that arrived before the kit keeps how it was drawn; the next one slides in.
    ordersView.rerender(liveOrders([liveOrder(1, seqno), liveOrder(2, seqno), liveOrder(3, seqno)]));
    expect(animated(screen.getAllByTestId('live-order'))).toEqual([false, false, true]);
    // The draw does not start its reveal seconds after it appeared.
    expect(balls().some((ball) => ball.hasAttribute('style'))).toBe(false);
    ordersView.unmount();
    drawView.unmount();
  });

  it('the latest results: the first list is plain, a round drawn after it is revealed with motion', async () => {
    await loadMotionKit();
    const first = [drawnRound(2), drawnRound(1)];
    const view = render(results(first));
    expect(animated(screen.getAllByTestId('result'))).toEqual([false, false]);
    // No ball of the first list is set up for motion either.
    expect(balls().some((ball) => ball.hasAttribute('style'))).toBe(false);

    view.rerender(results([drawnRound(3), ...first]));
    expect(animated(screen.getAllByTestId('result'))).toEqual([true, false, false]);
  });

  it('the live orders: an empty table then its first rows are plain; an order that arrives later slides in', async () => {
    await loadMotionKit();
    const view = render(liveOrders([]));
    view.rerender(liveOrders([liveOrder(1, seqno), liveOrder(2, seqno)]));
    expect(animated(screen.getAllByTestId('live-order'))).toEqual([false, false]);
    view.rerender(liveOrders([liveOrder(1, seqno), liveOrder(2, seqno), liveOrder(3, seqno)]));
    expect(animated(screen.getAllByTestId('live-order'))).toEqual([false, false, true]);
  });

  it('a draw revealed once the kit has loaded plays its reveal; a draw shown as it is never does', async () => {
    await loadMotionKit();
    const view = render(<DrawNumbers numbers={[4, 5, 6]} sum={15} reveal />, { wrapper: Providers });
    expect(balls().every((ball) => ball.hasAttribute('style'))).toBe(true);
    view.unmount();
    render(<DrawNumbers numbers={[4, 5, 6]} sum={15} />, { wrapper: Providers });
    expect(balls().some((ball) => ball.hasAttribute('style'))).toBe(false);
  });
});
