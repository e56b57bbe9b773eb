/**
 * The one write hook (src/client/data/useWrite.ts): nothing sent offline, one call at a time, the
 * idempotency key kept for a retry after no answer and renewed after an answer, the failure in
 * the member's language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { useWrite } from '../../src/client/data/useWrite';
import { startSession } from '../../src/client/api/session';
import { online } from '../../src/client/api/stores';
import { textOfCode } from '../../src/client/i18n';
import { Providers, fakeFetch, ok, refused, resetClientState } from './helpers';

const BODY = { bank_id: 3, money: 12.5, pwd: '123456' };

beforeEach(async () => {
  await resetClientState();
  startSession('token-1');
});
afterEach(() => vi.unstubAllGlobals());

function withAnswers(answers: (() => unknown)[]) {
  let n = 0;
  const fake = fakeFetch({ [ApiPath.withdraw]: () => answers[n++]() });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const noAnswer = () => new Response('bad gateway', { status: 502 });

describe('useWrite', () => {
  it('a retry after no answer carries the same key; after an answer the next attempt gets a new one', async () => {
    const fake = withAnswers([noAnswer, () => ok(1), () => ok(1)]);
    const { result } = renderHook(() => useWrite(ApiPath.withdraw, { noAnswerText: 'retry' }), { wrapper: Providers });

    let first: Awaited<ReturnType<typeof result.current.send>> | undefined;
    await act(async () => {
      first = await result.current.send(BODY);
    });
    expect(first).toMatchObject({ ok: false, refused: false });
    expect(result.current.error).toBe('retry');

    await act(async () => {
      expect(await result.current.send(BODY)).toMatchObject({ ok: true, data: 1 });
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      await result.current.send(BODY);
    });

    const keys = fake.to(ApiPath.withdraw).map((call) => call.body.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(typeof keys[0]).toBe('string');
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a refusal is not said inline (the API client toasts it) and the next attempt gets a new key', async () => {
    const fake = withAnswers([() => refused(1033, 'Wrong withdrawal password'), () => ok(1)]);
    const { result } = renderHook(() => useWrite(ApiPath.withdraw), { wrapper: Providers });
    await act(async () => {
      expect(await result.current.send(BODY)).toMatchObject({ ok: false, refused: true });
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      await result.current.send(BODY);
    });
    const [a, b] = fake.to(ApiPath.withdraw).map((call) => call.body.idempotencyKey);
    expect(b).not.toBe(a);
  });

  it('a write the route table does not call money-moving carries no key', async () => {
    const fake = fakeFetch({ [ApiPath.deleteBankCard]: () => ok(null) });
    vi.stubGlobal('fetch', fake.fetch);
    const { result } = renderHook(() => useWrite(ApiPath.deleteBankCard), { wrapper: Providers });
    await act(async () => {
      expect(await result.current.send({ id: 7 })).toMatchObject({ ok: true });
    });
    expect(fake.to(ApiPath.deleteBankCard)[0].body).not.toHaveProperty('idempotencyKey');
  });

  it('offline: refused with the offline message, nothing sent', async () => {
    const fake = withAnswers([() => ok(1)]);
    online.browserChanged(false);
    const { result } = renderHook(() => useWrite(ApiPath.withdraw), { wrapper: Providers });
    await act(async () => {
      expect(await result.current.send(BODY)).toMatchObject({ ok: false, refused: false });
    });
    expect(result.current.error).toBe(textOfCode('offline'));
    expect(fake.calls).toHaveLength(0);
  });

  it('one call at a time: a second send while the first is in flight is not made', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeFetch({
      [ApiPath.withdraw]: async () => {
        await gate;
        return ok(1);
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const { result } = renderHook(() => useWrite(ApiPath.withdraw), { wrapper: Providers });
    let firstCall!: Promise<unknown>;
    act(() => {
      firstCall = result.current.send(BODY);
    });
    // TanStack tells the mutation's state at its next notification, not in the same moment.
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      expect(await result.current.send(BODY)).toMatchObject({ ok: false, refused: false });
    });
    release();
    await act(async () => {
      await firstCall;
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(fake.calls).toHaveLength(1);
  });
});
