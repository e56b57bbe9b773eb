/** /healthz and /readyz in-process: each readiness check fails on its own and says why. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  // The round drawer on its timers, as a real server runs it.
  server = await startServer({ game: { scheduler: { timers: true } } }, { http: true });
});
afterAll(() => server.close());

const get = async (path: string) => {
  const response = await fetch(server.url + path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('health probes', () => {
  it('alive and ready', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/readyz')).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', roundDrawer: 'ok', liveFanOut: 'ok', passwordPool: 'ok' },
        problems: [],
      },
    });
  });

  it('not ready while a migration this code knows has not run', async () => {
    const { db } = server.deps;
    const row = await db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where('name' as never, '=', '0005_guards' as never)
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0005_guards' as never)
      .execute();
    try {
      const answer = await get('/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'failing', roundDrawer: 'ok', liveFanOut: 'ok', passwordPool: 'ok' },
        problems: ['migrations not run: 0005_guards'],
      });
    } finally {
      await db
        .insertInto('kysely_migration' as never)
        .values(row)
        .execute();
    }
    expect((await get('/readyz')).status).toBe(200);
  });

  it('not ready when the round drawer does not run', async () => {
    await server.restart({ game: { scheduler: { timers: false } } });
    const answer = await get('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ checks: { roundDrawer: 'failing' }, problems: ['round drawer stopped'] });
    expect((await get('/healthz')).status).toBe(200);
  });
});
