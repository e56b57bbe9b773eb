import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { ApiPath } from '../../src/shared/api/paths';
import type { GameRound } from '../../src/shared/api/types';
import { commitmentOf, drawFromSeed, hashForward, toHex } from '../../src/shared/game';
import { startSession } from '../../src/client/api/session';
import FairnessPage from '../../src/client/features/game/FairnessPage';
import { appQueries } from '../../src/client/data/stores';
import { activateLocale } from '../../src/client/i18n';
import { fakeFetch, ok, Providers, refused, resetClientState } from './helpers';
import { drawnRoundOf } from './game-fixtures';

/** A fresh hash chain from a random top seed: seeds[k] is round k's seed, seeds[0] the published anchor. */
function freshChain(length: number): string[] {
  const top = toHex(crypto.getRandomValues(new Uint8Array(32)));
  return Array.from({ length: length + 1 }, (_, k) => hashForward(top, length - k));
}

function round(seeds: string[], k: number, overrides: Partial<GameRound> = {}): GameRound {
  return drawnRoundOf(seeds, k, 700, overrides);
}

/** The fairness page of a round whose getRound answer is `answer` (or a refusal). */
function renderProof(
  seqno: string,
  answer: { round: GameRound; previousSeed: string | null } | ReturnType<typeof refused>,
) {
  const fake = fakeFetch({ [ApiPath.getRound]: () => ('round' in answer ? ok(answer) : answer) });
  vi.stubGlobal('fetch', fake.fetch);
  window.history.replaceState(null, '', `/fairness/5/${seqno}`);
  const view = render(
    <Providers>
      <Route path="/fairness/:roomid/:seqno" component={FairnessPage} />
    </Providers>,
  );
  return { fake, view };
}

const check = (id: string) => screen.getByTestId(`check-${id}`).dataset.result;

beforeEach(async () => {
  await resetClientState();
  startSession('token');
});

describe('fairness screen (verifyRound in the browser)', () => {
  it('an honest round passes: commitment, numbers, and the link to the round before, all green', async () => {
    const seeds = freshChain(4);
    const { fake } = renderProof('20261122-0003', { round: round(seeds, 3), previousSeed: seeds[2] });
    const verdict = await screen.findByTestId('fairness-verdict');
    expect(fake.to(ApiPath.getRound).at(-1)!.body).toMatchObject({ roomid: 5, seqno: '20261122-0003' });
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

  it('the first round of a chain links to the anchor', async () => {
    const seeds = freshChain(3);
    renderProof('20261122-0001', { round: round(seeds, 1), previousSeed: seeds[0] });
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('true');
    expect(check('chain')).toBe('pass');
  });

  it('without a seed to link to, the chain check is skipped and said so', async () => {
    const seeds = freshChain(3);
    renderProof('20261122-0003', { round: round(seeds, 3), previousSeed: null });
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('true');
    expect(check('chain')).toBe('skip');
    expect(screen.getByTestId('check-chain').textContent).toBe(
      'Chain link not checked: the round before has no revealed seed.',
    );
  });

  it('changed numbers fail (red) and say which check failed and what the seed gives', async () => {
    const seeds = freshChain(3);
    const honest = round(seeds, 3);
    const tampered = { ...honest, num1: ((honest.num1 ?? 0) + 1) % 10 };
    renderProof(honest.seqno, { round: tampered, previousSeed: seeds[2] });
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

  it('a seed that does not hash to the commitment fails', async () => {
    const seeds = freshChain(3);
    const other = freshChain(1)[1];
    const swapped = round(seeds, 3, { seed: other });
    const [n1, n2, n3] = drawFromSeed(other, swapped.id);
    renderProof(swapped.seqno, {
      round: { ...swapped, num1: n1, num2: n2, num3: n3, sum: n1 + n2 + n3 },
      previousSeed: seeds[2],
    });
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('false');
    expect(check('commitment')).toBe('fail');
    expect(check('numbers')).toBe('pass');
  });

  it('a round whose commitment does not link to the seed before fails the chain check', async () => {
    const seeds = freshChain(3);
    const stranger = freshChain(3);
    renderProof('20261122-0003', { round: round(seeds, 3), previousSeed: stranger[2] });
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('false');
    expect(check('chain')).toBe('fail');
    expect([check('commitment'), check('numbers')]).toEqual(['pass', 'pass']);
  });

  it.each([
    ['en', 'No active round', 'No round 20261101-0009 in this room'],
    ['vi', 'Không có kỳ đang mở', 'Phòng này không có kỳ 20261101-0009'],
    ['zh-CN', '没有进行中的活动', '本房间没有第 20261101-0009 期'],
    ['zh-TW', '沒有進行中的活動', '本房間沒有第 20261101-0009 期'],
  ] as const)(
    'in %s: an unknown round number (getRound answers 1028) says there is no such round, not "no active round"',
    async (locale, serverWords, said) => {
      await activateLocale(locale, { persist: false });
      try {
        renderProof('20261101-0009', refused(1028, serverWords));
        expect(await screen.findByRole('heading', { name: said })).toBeTruthy();
        expect(screen.queryByText(serverWords)).toBeNull();
        expect(screen.queryByTestId('fairness-verdict')).toBeNull();
      } finally {
        await activateLocale('en', { persist: false });
      }
    },
  );

  it("a round not drawn yet shows the server's words and how the check works once it is", async () => {
    renderProof(
      '20261122-0009',
      refused(3002, 'This round has not been drawn yet: its seed is revealed after the draw.'),
    );
    expect(
      await screen.findByRole('heading', {
        name: 'This round has not been drawn yet: its seed is revealed after the draw.',
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('proof-how').textContent).toMatch(/^How it works: each round's seed/);
    expect(screen.queryByTestId('fairness-verdict')).toBeNull();
  });

  it('a proof seen once opens offline from the cache, marked stale', async () => {
    const seeds = freshChain(3);
    const first = renderProof('20261122-0003', { round: round(seeds, 3), previousSeed: seeds[2] });
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('true');
    first.view.unmount();
    await appQueries.forgetVisit();
    window.dispatchEvent(new Event('offline'));
    const again = renderProof('20261122-0003', refused(1028, 'should not be asked'));
    expect((await screen.findByTestId('fairness-verdict')).dataset.ok).toBe('true');
    expect(await screen.findByTestId('stale-badge')).toBeTruthy();
    expect(again.fake.to(ApiPath.getRound)).toHaveLength(0);
    window.dispatchEvent(new Event('online'));
  });

  it('"verify round number" opens that round\'s proof, and refuses what is no round number', async () => {
    const seeds = freshChain(3);
    renderProof('20261122-0003', { round: round(seeds, 3), previousSeed: seeds[2] });
    await screen.findByTestId('fairness-verdict');
    const input = screen.getByLabelText('Verify round number');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a round number such as 20261124-0001.');
    expect(window.location.pathname).toBe('/fairness/5/20261122-0003');
    fireEvent.change(input, { target: { value: '20261122-0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(window.location.pathname).toBe('/fairness/5/20261122-0001'));
  });
});
