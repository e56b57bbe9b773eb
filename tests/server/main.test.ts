/** `npm run server` as a real process: migrate, seed, listen, the start banner, codes on the console. */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { createTestDatabase, type TestDatabase } from './support/database';

let database: TestDatabase;
let child: ChildProcess;
let output = '';

function waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const match = pattern.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match);
      } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`no ${pattern} in server output:\n${output}`));
      }
    }, 50);
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...database.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: database.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(/^Database: .*$/m);
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database.close();
});

describe('the server process', () => {
  it('prints the start banner with the exact prefixes', async () => {
    expect(output).toMatch(/^App: http:\/\/localhost:\d+\/$/m);
    expect(output).toMatch(/^Invitation code: [A-Z0-9]{8}$/m);
    expect(output).toMatch(/^Demo login: demo01 \/ demo1234$/m);
    expect(output).toMatch(/^SMS codes are printed on this console \(ConsoleSmsSender\)\.$/m);
    expect(output).toMatch(
      database.dialect === 'postgres'
        ? /^Database: PostgreSQL 127\.0\.0\.1:\d+\/test_/m
        : /^Database: SQLite .*app\.sqlite$/m,
    );
  });

  it('printed the invitation code that is in the database, and registration works with the printed code', async () => {
    const code = (await waitFor(/^Invitation code: (\S+)$/m))[1];
    const port = (await waitFor(/^App: http:\/\/localhost:(\d+)\/$/m))[1];
    const rows = await database.db.selectFrom('invitations').select('code').execute();
    expect(rows.map((r) => r.code)).toEqual([code]);

    const base = `http://127.0.0.1:${port}`;
    const post = async (path: string, body: object) =>
      (await (
        await fetch(base + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as {
        code: number;
        data: { token?: string } | null;
      };
    expect((await post(ApiPath.getConfig, {})).code).toBe(1);
    expect((await post(ApiPath.smsSend, { quhao: '+84', mobile: '912300077' })).code).toBe(1);
    const captcha = (await waitFor(/^SMS code for \+84912300077: (\d{6})$/m))[1];
    const registered = await post(ApiPath.register, {
      username: 'proc01',
      phone: '912300077',
      captcha,
      password: 'abc12345',
      spassword: 'abc12345',
      invitation: code,
    });
    expect(registered.code).toBe(1);
    expect(registered.data?.token).toMatch(/^[0-9a-f]{64}$/);
  });
});
