/** Password hashes: OWASP's scrypt cost for new hashes; an older, cheaper hash upgraded at the next good login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import {
  hashSecret,
  needsRehash,
  OWASP_SCRYPT_COST,
  useScryptCost,
  verifySecret,
} from '../../src/server/domain/secrets';
import { registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';

/** What tests/server/setup.ts sets for the suites. */
const TEST_COST = { N: 2 ** 12, r: 8, p: 1 };

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  useScryptCost(TEST_COST);
  await server.close();
});

describe('password hashes', () => {
  it('are made at OWASP’s cost: N=2^17, r=8, p=1', async () => {
    expect(OWASP_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    useScryptCost(OWASP_SCRYPT_COST);
    try {
      const stored = await hashSecret('correct horse 1');
      expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(await verifySecret('correct horse 1', stored)).toBe(true);
      expect(await verifySecret('correct horse 2', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(false);
    } finally {
      useScryptCost(TEST_COST);
    }
  });

  it('a hash of an older cost is replaced at the next successful login, not at a failed one', async () => {
    const m = await registerMember(server);
    useScryptCost({ N: 2 ** 10, r: 8, p: 1 });
    const old = await hashSecret(m.password);
    useScryptCost(TEST_COST);
    expect(needsRehash(old)).toBe(true);
    const stored = () =>
      server.deps.db
        .selectFrom('members')
        .select('password_hash')
        .where('username', '=', m.username)
        .executeTakeFirstOrThrow()
        .then((row) => row.password_hash);
    await server.deps.db
      .updateTable('members')
      .set({ password_hash: old })
      .where('username', '=', m.username)
      .execute();

    expect((await server.call(ApiPath.login, { username: m.username, password: 'notmine123' })).body.code).toBe(1003);
    expect(await stored()).toBe(old);

    expect((await server.call(ApiPath.login, { username: m.username, password: m.password })).body.code).toBe(1);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifySecret(m.password, upgraded)).toBe(true);
    expect((await server.call(ApiPath.login, { username: m.username, password: m.password })).body.code).toBe(1);
  });
});
