/** An unexpected fault (here: the database is gone) answers code 2002, never a 500 or a stack trace. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('unexpected faults', () => {
  it('answer HTTP 200 with code 2002 and a plain text', async () => {
    await server.deps.db.schema.dropTable('settings').execute();
    const { status, body } = await server.call(ApiPath.getConfig, { lang: 'en' });
    expect(status).toBe(200);
    expect(body.code).toBe(2002);
    expect(body.data).toBeNull();
    expect(body.info).toMatch(/unknown/i);
    expect(body.info).not.toMatch(/settings|sql|at |Error/);
  });
});
