/**
 * The server's auth is the call table's (src/shared/api/calls.ts), over real HTTP: every member
 * path refuses a guest (no token, or a token that names no session) with 409 and the text of 1062,
 * changing nothing, and no guest path asks for a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_FORBIDDEN, SESSION_INVALID } from '../../src/shared/api/envelope';
import { pathsWhere } from '../../src/shared/api/calls';
import { ErrorCode } from '../../src/shared/errors';
import { loadTranslator, type Translator } from '../../src/server/i18n';
import { startServer, type TestServer } from './support/server';
import { databaseState } from './support/snapshot';

let server: TestServer;
let translator: Translator;

beforeAll(async () => {
  server = await startServer({}, { http: true });
  translator = await loadTranslator();
});
afterAll(() => server.close());

const MEMBER_PATHS = pathsWhere((call) => call.access === 'member');
const GUEST_PATHS = pathsWhere((call) => call.access === 'guest');

describe('a member path called by a guest', () => {
  it('there are member paths to check', () => {
    expect(MEMBER_PATHS.length).toBeGreaterThan(20);
  });

  it.each(MEMBER_PATHS)(
    '%s answers 409 without a token, in the request’s language, and changes nothing',
    async (path) => {
      const before = await databaseState(server);
      const answer = await server.call(path, { lang: 'cht' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        code: SESSION_INVALID,
        data: null,
        info: translator.text('zh-TW', ErrorCode.LoginInvalid),
      });
      expect(await databaseState(server)).toEqual(before);
    },
  );

  it.each(MEMBER_PATHS)('%s answers 409 to a token that names no session', async (path) => {
    const answer = await server.call(path, { lang: 'en', token: 'a'.repeat(64) });
    expect(answer.body.code).toBe(SESSION_INVALID);
  });
});

describe('a guest path', () => {
  // A path the table names a guest's that the route still treats as private fails here (2002).
  it.each(GUEST_PATHS)('%s asks for no session and is served', async (path) => {
    const answer = await server.call(path, { lang: 'en' });
    expect(answer.status).not.toBe(404);
    expect([SESSION_INVALID, SESSION_FORBIDDEN, ErrorCode.UnknownError]).not.toContain(answer.body.code);
  });
});
