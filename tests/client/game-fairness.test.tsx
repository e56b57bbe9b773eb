import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Route } from 'wouter';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameRound } from '../../src/shared/api/types';
import { commitmentOf, drawFromSeed, hashForward, toHex } from '../../src/shared/game';
import { startSession } from '../../src/client/api/session';
import FairnessPage from '../../src/client/features/game/FairnessPage';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';
import { drawnRoundOf, gameInfo } from './game-fixtures';

/** A fresh hash chain from a random top seed: seeds[k] is round k's seed, seeds[0] the published anchor. */
function freshChain(length: number): string[] {
  const top = toHex(crypto.getRandomValues(new Uint8Array(32)));
  return Array.from({ length: length + 1 }, (_, k) => hashForward(top, length - k));
}

function round(seeds: string[], k: number, overrides: Partial<GameRound> = {}): GameRound {
  return drawnRoundOf(seeds, k, 700, overrides);
}

function renderProof(his: GameRound[], seqno: string) {
  const fake = fakeFetch({ [ApiPath.gameInfo]: () => ok(gameInfo({ his })) });
  vi.stubGlobal('fetch', fake.fetch);
  window.history.replaceState(null, '', `/fairness/5/${seqno}`);
  render(
    <Providers>
      <Route path="/fairness/:roomid/:seqno" component={FairnessPage} />
    </Providers>,
  );
  return fake;
}

const check = (id: string) => screen.getByTestId(`check-${id}`).dataset.result;

beforeEach(async () => {
  await resetClientState();
  startSession('token');
});

describe('fairness screen (verifyRound in the browser)', () => {
  it('an honest round passes: commitment, numbers, and the link to the round before, all green', async () => {
    const seeds = freshChain(4);
    const his = [round(seeds, 4), round(seeds, 3), round(seeds, 2)];
    renderProof(his, '20261122-0003');
    const verdict = await screen.findByTestId('fairness-verdict');
    expect(verdict.dataset.ok).toBe('true');
    expect(verdict.className).toContain('is-pass');
    expect(within(verdict).getByRole('status').textContent).toBe('Verified in your browser');
    expect([check('commitment'), check('numbers'), check('chain')]).toEqual(['pass', 'pass', 'pass']);
    expect(screen.getByTestId('proof-commitment').textContent).toBe(commitmentOf(seeds[3]));
    expect(screen.getByTestId('proof-seed').textContent).toBe(seeds[3]);
    expect(screen.getByTestId('proof-anchor').textContent).toBe(seeds[0]);
    expect(screen.getByTestId('proof-round').textContent).toBe('703');
    expect(screen.getByTestId('proof-previous').textContent).toBe(seeds[2]);
    const [a, b, c] = drawFromSeed(seeds[3], 703);
    expect(screen.getByRole('img', { name: `${a} + ${b} + ${c} = ${a + b + c}` })).toBeTruthy();
  });

  it('the first round of a chain links to the anchor; the oldest listed round is checked without a link', async () => {
    const seeds = freshChain(3);
    const his = [round(seeds, 3), round(seeds, 2), round(seeds, 1)];
    renderProof(his, '20261122-0001');
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('true');
    expect(check('chain')).toBe('pass');
  });

  it('changed numbers fail (red) and say which check failed and what the seed gives', async () => {
    const seeds = freshChain(3);
    const honest = round(seeds, 3);
    const tampered = { ...honest, num1: ((honest.num1 ?? 0) + 1) % 10 };
    renderProof([tampered, round(seeds, 2)], honest.seqno);
    const verdict = await screen.findByTestId('fairness-verdict');
    expect(verdict.dataset.ok).toBe('false');
    expect(verdict.className).toContain('is-fail');
    expect(within(verdict).getByRole('status').textContent).toBe('Verification failed');
    expect(check('numbers')).toBe('fail');
    expect(check('commitment')).toBe('pass');
    expect(screen.getByTestId('check-numbers').textContent).toContain(
      `The seed gives ${drawFromSeed(seeds[3], honest.id).join(', ')}.`,
    );
  });

  it('a seed that does not hash to the commitment fails, and so does a broken chain', async () => {
    const seeds = freshChain(3);
    const other = freshChain(1)[1];
    const swapped = round(seeds, 3, { seed: other });
    const [n1, n2, n3] = drawFromSeed(other, swapped.id);
    renderProof([{ ...swapped, num1: n1, num2: n2, num3: n3, sum: n1 + n2 + n3 }, round(seeds, 2)], swapped.seqno);
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('false');
    expect(check('commitment')).toBe('fail');
    expect(check('numbers')).toBe('pass');
  });

  it('a round whose commitment does not link to the round before fails the chain check', async () => {
    const seeds = freshChain(3);
    const stranger = freshChain(3);
    // Round 2 in the list comes from another chain with the same anchor label: round 3 cannot link to it.
    const his = [round(seeds, 3), round(stranger, 2, { anchor: seeds[0] })];
    renderProof(his, '20261122-0003');
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('false');
    expect(check('chain')).toBe('fail');
    expect([check('commitment'), check('numbers')]).toEqual(['pass', 'pass']);
  });

  it('a round not in the recent list says so', async () => {
    const seeds = freshChain(2);
    renderProof([round(seeds, 2)], '20261101-0009');
    expect(
      await screen.findByRole('heading', { name: 'Round 20261101-0009 is not among the recent rounds' }),
    ).toBeTruthy();
  });
});
