/**
 * Group publishing on PostgreSQL (domain/live/pgBus.ts): news published while a write is under way
 * goes out with the rest that came meanwhile, as one statement and one notification, in the order
 * it was published, and each publish resolves only once its news is stored. Under an order load
 * this is what keeps each order's news from costing a statement and a commit of its own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveNews } from '../../src/server/domain/live/bus';
import { PG_LIVE_CHANNEL } from '../../src/server/repositories/liveEvents';
import { TEST_DIALECT } from './support/database';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let listener: pg.Client;
const notifications: string[] = [];

const news = (index: number): LiveNews =>
  ({ channel: 'room:test-publish', event: { type: 'test', index } }) as unknown as LiveNews;

describe.skipIf(TEST_DIALECT !== 'postgres')('live news published together on PostgreSQL', () => {
  beforeAll(async () => {
    server = await startServer();
    listener = new pg.Client({ connectionString: server.database.env.DATABASE_URL });
    await listener.connect();
    listener.on('notification', (message) => notifications.push(message.payload ?? ''));
    await listener.query(`LISTEN ${PG_LIVE_CHANNEL}`);
  });

  afterAll(async () => {
    await listener?.end();
    await server?.close();
  });

  it('writes thirty publishes made at once in a few statements, in their order, each stored when it resolves', async () => {
    const bus = server.app.liveBus;
    notifications.length = 0;
    const stored: number[][] = [];
    await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        await bus.publish([news(index)]);
        // Resolved: its event is in the table already.
        const rows = await server.database.db
          .selectFrom('live_events')
          .select('payload')
          .where('channel', '=', 'room:test-publish')
          .execute();
        stored.push(rows.map((row) => (JSON.parse(row.payload) as { index: number }).index));
      }),
    );
    for (const [position, seen] of stored.entries()) expect(seen.length, `publish ${position}`).toBeGreaterThan(0);
    const rows = await server.database.db
      .selectFrom('live_events')
      .select(['id', 'payload'])
      .where('channel', '=', 'room:test-publish')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => (JSON.parse(row.payload) as { index: number }).index)).toEqual(
      Array.from({ length: 30 }, (_, index) => index),
    );
    await expect.poll(() => notifications.length).toBeGreaterThan(0);
    // The first goes out alone; the other 29 wait for it and go out together.
    expect(notifications.length).toBeLessThanOrEqual(3);
  });
});
