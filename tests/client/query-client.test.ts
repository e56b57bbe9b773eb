/**
 * The app's query client (data/queryClient.ts) on a database the test holds: what a read restores,
 * when it asks the network, what it stores and whose answers it keeps.
 */
import { describe, expect, it, vi } from 'vitest';
import { dehydrate } from '@tanstack/react-query';
import { createAppQueryClient, type CacheDatabase } from '../../src/client/data/queryClient';
import { hashKey, queryKey, type QueryKey } from '../../src/client/data/key';
import type { CacheRow } from '../../src/client/data/db';
import { createCachePersister } from '../../src/client/data/cachePersister';
import { OfflineError } from '../../src/client/api/errors';
import { ApiPath } from '../../src/shared/api/paths';

function clientOn(options: { online?: boolean; owner?: string } = {}) {
  const rows = new Map<string, CacheRow>();
  let openNow: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (openNow = resolve));
  const state = { online: options.online ?? true, owner: options.owner ?? '' };
  const database: CacheDatabase = {
    get: (key) => Promise.resolve(rows.get(key)),
    put: (row) => {
      rows.set(row.key, row);
      return Promise.resolve();
    },
    delete: (key) => Promise.resolve(void rows.delete(key)),
    deleteMemberRows: () => Promise.resolve([...rows.values()].forEach((row) => row.owner && rows.delete(row.key))),
    touch: () => Promise.resolve(),
    createPersister: createCachePersister,
  };
  const app = createAppQueryClient({
    now: () => Date.now(),
    isOnline: () => state.online,
    subscribeOnline: () => () => undefined,
    owner: () => state.owner,
    mayRead: () => true,
    openDatabase: () => opened.then(() => database),
  });
  const store = (key: QueryKey, data: unknown, owner = '') =>
    rows.set(hashKey(key), { key: hashKey(key), data, updatedAt: 1_000, readAt: 1_000, owner });
  return { app, rows, state, store, open: openNow };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const CONFIG = queryKey(ApiPath.getConfig, {});
const PROFILE = queryKey(ApiPath.userInfo, {});
const keyOf = (key: QueryKey) => key as unknown as readonly unknown[];

describe('the query client', () => {
  it('an answer from the network is there before the database opens, and stored once it does', async () => {
    const { app, rows, open } = clientOn();
    const data = await app.client.fetchQuery({
      queryKey: keyOf(CONFIG),
      queryFn: () => 'config',
      persister: app.fromNetwork,
    });
    expect(data).toBe('config');
    expect(app.isConfirmed(CONFIG)).toBe(true);
    const persisted = app.persist(CONFIG);
    expect(rows.size).toBe(0);
    open();
    await persisted;
    expect(rows.get(hashKey(CONFIG))?.data).toBe('config');
  });

  it('a read restores the stored answer first, unconfirmed, then asks the network behind it', async () => {
    const { app, store, open } = clientOn();
    store(CONFIG, 'stored');
    open();
    let answer: (value: string) => void = () => undefined;
    const queryFn = () => new Promise<string>((resolve) => (answer = resolve));
    const restored = await app.client.fetchQuery({ queryKey: keyOf(CONFIG), queryFn });
    expect(restored).toBe('stored');
    expect(app.isConfirmed(CONFIG)).toBe(false);
    // Restored with the time it was answered, while the network is asked behind it.
    await vi.waitFor(() => expect(app.client.getQueryState(keyOf(CONFIG))?.fetchStatus).toBe('fetching'));
    expect(app.client.getQueryState(keyOf(CONFIG))?.dataUpdatedAt).toBe(1_000);
    answer('network');
    await vi.waitFor(() => expect(app.client.getQueryData(keyOf(CONFIG))).toBe('network'));
    expect(app.isConfirmed(CONFIG)).toBe(true);
  });

  it('offline: the stored answer shows, nothing is asked, the read fails as offline', async () => {
    const { app, store, open } = clientOn({ online: false });
    store(CONFIG, 'stored');
    open();
    let asked = 0;
    const queryFn = () => `network ${++asked}`;
    expect(await app.client.fetchQuery({ queryKey: keyOf(CONFIG), queryFn })).toBe('stored');
    await vi.waitFor(() => expect(app.client.getQueryState(keyOf(CONFIG))?.error).toBeInstanceOf(OfflineError));
    expect(app.client.getQueryData(keyOf(CONFIG))).toBe('stored');
    expect(asked).toBe(0);
  });

  it("another session's member row is not restored", async () => {
    const { app, store, open } = clientOn({ owner: 'mB' });
    store(PROFILE, { nickname: 'A' }, 'mA');
    open();
    expect(await app.client.fetchQuery({ queryKey: keyOf(PROFILE), queryFn: () => ({ nickname: 'B' }) })).toEqual({
      nickname: 'B',
    });
  });

  it('a member answer that comes back after the session changed is neither shown nor stored', async () => {
    const { app, rows, state, open } = clientOn({ owner: 'mA' });
    open();
    let answer: (value: unknown) => void = () => undefined;
    const asked = app.client
      .fetchQuery({ queryKey: keyOf(PROFILE), queryFn: () => new Promise((resolve) => (answer = resolve)) })
      .catch((error: unknown) => error);
    await tick();
    state.owner = '';
    app.sessionChanged();
    answer({ nickname: 'A' });
    await asked;
    await tick();
    expect(app.client.getQueryData(keyOf(PROFILE))).toBeUndefined();
    expect(rows.has(hashKey(PROFILE))).toBe(false);
  });

  it('logout drops the member answers from memory and the database, and keeps public ones', async () => {
    const { app, rows, store, open } = clientOn({ owner: 'mA' });
    store(PROFILE, { nickname: 'A' }, 'mA');
    store(CONFIG, 'config');
    open();
    app.client.setQueryData(keyOf(PROFILE), { nickname: 'A' });
    await app.clearMemberRows();
    expect(app.client.getQueryData(keyOf(PROFILE))).toBeUndefined();
    expect([...rows.keys()]).toEqual([hashKey(CONFIG)]);
  });
  it("a server-rendered page's answers are confirmed, asked for again by nothing, and kept for offline", async () => {
    const { app, rows, open } = clientOn({ owner: 'mA' });
    // The renderer's client is the app's own, as the server runs it.
    const server = clientOn({ owner: 'mA' }).app.client;
    server.setQueryData(keyOf(CONFIG), 'config');
    server.setQueryData(keyOf(PROFILE), { nickname: 'A' });
    app.hydrate(dehydrate(server));
    expect(app.isConfirmed(CONFIG)).toBe(true);
    expect(app.client.getQueryData(keyOf(PROFILE))).toEqual({ nickname: 'A' });
    const queryFn = vi.fn(() => 'network');
    expect(await app.client.fetchQuery({ queryKey: keyOf(CONFIG), queryFn, staleTime: 60_000 })).toBe('config');
    expect(queryFn).not.toHaveBeenCalled();
    // Stored once the database opens, the member's answer as theirs.
    expect(rows.size).toBe(0);
    open();
    await vi.waitFor(() => expect(rows.size).toBe(2));
    expect(rows.get(hashKey(CONFIG))?.data).toBe('config');
    expect(rows.get(hashKey(PROFILE))).toMatchObject({ data: { nickname: 'A' }, owner: 'mA' });
  });
});
