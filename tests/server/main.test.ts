/**
 * `npm run server` as a real process: a production start (no member, no money), the demo start,
 * the environment checked before anything is opened, health probes, a clean SIGTERM with requests
 * in flight, and the round drawer's recovery after kill -9.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { builtServer, serverArgs } from '../../scripts/build-server.mjs';
import { ApiPath } from '../../src/shared/api/paths';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startProvider } from './support/smsProvider';

interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: ServerProcess[] = [];
const databases: TestDatabase[] = [];

/** The server from its sources through tsx (`npm run server`), or another entry (the compiled one). */
function startProcess(
  env: Record<string, string>,
  args: string[] = [],
  entry: string[] = ['--import', 'tsx', 'src/server/main.ts'],
): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [...entry, ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          const match = pattern.exec(output);
          if (match) {
            clearInterval(timer);
            resolve(match);
          } else if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > timeoutMs) {
            clearInterval(timer);
            reject(new Error(`no ${pattern} in server output:\n${output}`));
          }
        }, 25);
      }),
  };
  running.push(server);
  return server;
}

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

const envOf = (database: TestDatabase) => ({ ...database.env, DIST_DIR: database.dir });

async function baseOf(server: ServerProcess): Promise<string> {
  const port = (await server.waitFor(/^App: http:\/\/localhost:(\d+)\/$/m))[1];
  return `http://127.0.0.1:${port}`;
}

async function post<T = unknown>(
  base: string,
  path: string,
  body: object,
): Promise<{ code: number; data: T; info: string }> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: T; info: string };
}

async function stopProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

afterEach(async () => {
  for (const server of running.splice(0)) await stopProcess(server);
});

afterAll(async () => {
  for (const database of databases.splice(0)) await database.close();
});

async function rowCount(
  database: TestDatabase,
  table: 'members' | 'fund_log' | 'invitations' | 'sms_codes',
): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a production start', () => {
  it('says at start whose address X-Forwarded-For may name (TRUST_PROXY)', async () => {
    const server = startProcess({ ...envOf(await freshDatabase()), TRUST_PROXY: '1,203.0.113.7' });
    const line = await server.waitFor(/^Client address: .*$/m);
    expect(line[0]).toBe(
      'Client address: from X-Forwarded-For (1 proxy hop) when the connection comes from loopback, ' +
        "a private network, 203.0.113.7; otherwise the connection's",
    );
  });

  it('seeds the catalogue but no member, no money and no invitation code; says how to make one', async () => {
    const database = await freshDatabase();
    const server = startProcess(envOf(database));
    await server.waitFor(/^Database: .*$/m);
    expect(server.output()).toMatch(/^App: http:\/\/localhost:\d+\/$/m);
    expect(server.output()).toMatch(/^Invitation code: \(none active: npm run admin -- invite:create\)$/m);
    expect(server.output()).not.toMatch(/Demo login/);
    // No provider configured: no code is made or printed, and the banner says so.
    expect(server.output()).toMatch(
      /^SMS: no provider configured \(SMS_API_URL, SMS_API_KEY\): registration and password resets by SMS are refused\.$/m,
    );
    expect(server.output()).toMatch(
      database.dialect === 'postgres'
        ? /^Database: PostgreSQL 127\.0\.0\.1:\d+\/test_/m
        : /^Database: SQLite .*app\.sqlite$/m,
    );
    expect(server.output()).toMatch(
      /^Client address: the connection's \(TRUST_PROXY off: X-Forwarded-For is ignored\)$/m,
    );
    expect(await rowCount(database, 'members')).toBe(0);
    expect(await rowCount(database, 'fund_log')).toBe(0);
    expect(await rowCount(database, 'invitations')).toBe(0);
    const games = await database.db.selectFrom('games').select('id').execute();
    expect(games.length).toBeGreaterThan(0);
    const base = await baseOf(server);
    expect((await post(base, ApiPath.getConfig, {})).code).toBe(1);
    expect((await post(base, ApiPath.login, { username: 'demo01', password: 'demo1234' })).code).toBe(1002);
    const sms = await post<{ errCode: number }>(base, ApiPath.smsSend, { lang: 'en', mobile: '912300071' });
    expect(sms).toMatchObject({ code: 3009, data: { errCode: 3009 } });
    expect(sms.info).toMatch(/cannot be sent by SMS/);
    expect(server.output()).not.toMatch(/SMS code for/);
    expect(await rowCount(database, 'sms_codes')).toBe(0);
  });

  it('prints codes on the console only when asked for by name (SMS_SENDER=console)', async () => {
    const database = await freshDatabase();
    const server = startProcess({ ...envOf(database), SMS_SENDER: 'console' });
    const base = await baseOf(server);
    expect(server.output()).toMatch(/^SMS codes are printed on this console \(ConsoleSmsSender\)\.$/m);
    expect((await post(base, ApiPath.smsSend, { mobile: '912300072' })).code).toBe(1);
    await server.waitFor(/^SMS code for \+84912300072: \d{6}$/m);
  });

  it('sends codes through the configured provider, and names it (not its key) at start', async () => {
    const provider = await startProvider();
    try {
      const database = await freshDatabase();
      const server = startProcess({ ...envOf(database), SMS_API_URL: provider.url, SMS_API_KEY: 'provider-key-1' });
      const base = await baseOf(server);
      expect(server.output()).toMatch(
        new RegExp(`^SMS codes are sent by the provider at ${new URL(provider.url).host}\\.$`, 'm'),
      );
      expect(server.output()).not.toContain('provider-key-1');
      expect((await post(base, ApiPath.smsSend, { lang: 'en', mobile: '912300073' })).code).toBe(1);
      expect(provider.received).toHaveLength(1);
      expect(provider.received[0].authorization).toBe('Bearer provider-key-1');
      expect(provider.received[0].body.to).toBe('+84912300073');
      const code = /(\d{6}) is your verification code/.exec(provider.received[0].body.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(server.output()).not.toContain(code);
    } finally {
      await provider.close();
    }
  });
});

describe('the compiled server (what npm start runs, scripts/build-server.mjs)', () => {
  it('finds its error catalogues and its password threads from build/server/', async () => {
    const entry = await builtServer();
    const server = startProcess(envOf(await freshDatabase()), ['--demo'], serverArgs(entry));
    const base = await baseOf(server);
    // A password checked on the scrypt threads (./scryptWorker.mjs beside the bundle).
    const login = await post<{ token: string }>(base, ApiPath.login, { username: 'demo01', password: 'demo1234' });
    expect(login.code).toBe(1);
    expect(login.data.token).toEqual(expect.any(String));
    // A refusal worded from locales/errors/vi.po (../../locales/errors/ from the bundle).
    const refused = await post(base, ApiPath.login, { username: 'nobody01', password: 'demo1234', lang: 'vi' });
    expect(refused).toMatchObject({ code: 1002, info: 'Tài khoản không tồn tại' });
  });
});

describe('a demo start (npm run demo)', () => {
  it('adds the demo member and an invitation code; registration works with the printed code', async () => {
    const database = await freshDatabase();
    const server = startProcess(envOf(database), ['--demo']);
    expect((await server.waitFor(/^Demo login: (\S+) \/ (\S+) \(demo data: for trying the app only\)$/m))[1]).toBe(
      'demo01',
    );
    const code = (await server.waitFor(/^Invitation code: ([A-Z0-9]{8})$/m))[1];
    const rows = await database.db.selectFrom('invitations').select('code').execute();
    expect(rows.map((r) => r.code)).toEqual([code]);
    const base = await baseOf(server);
    expect((await post(base, ApiPath.login, { username: 'demo01', password: 'demo1234' })).code).toBe(1);
    expect((await post(base, ApiPath.smsSend, { quhao: '+84', mobile: '912300077' })).code).toBe(1);
    const captcha = (await server.waitFor(/^SMS code for \+84912300077: (\d{6})$/m))[1];
    const registered = await post<{ token?: string }>(base, ApiPath.register, {
      username: 'proc01',
      phone: '912300077',
      captcha,
      password: 'abc12345',
      spassword: 'abc12345',
      invitation: code,
    });
    expect(registered.code).toBe(1);
    expect(registered.data.token).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the environment is checked before anything is opened', () => {
  it.each([
    ['LOG_LEVEL', 'verbose', /^Configuration error: LOG_LEVEL must be one of fatal, error, warn, info/],
    ['PORT', '99999', /^Configuration error: PORT must be 0-65535, got "99999"$/],
    ['TRUST_PROXY', 'true', /^Configuration error: TRUST_PROXY must be off, a hop count/],
    ['HTTPS', 'maybe', /^Configuration error: HTTPS must be on or off/],
    ['SQLITE_SYNCHRONOUS', 'OFF', /^Configuration error: SQLITE_SYNCHRONOUS must be one of FULL, NORMAL/],
    ['ROUND_SECONDS', '5', /^Configuration error: ROUND_SECONDS must be a whole number/],
    ['SMS_API_KEY', 'key-without-url', /^Configuration error: SMS_API_KEY is set without SMS_API_URL$/],
  ])('%s=%s: one line, exit code 1, no database made', async (name, value, message) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-check-'));
    try {
      const server = startProcess({ DATA_DIR: dataDir, DATABASE_URL: '', DIST_DIR: dataDir, [name]: value });
      const { code } = await server.exited;
      expect(code).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(existsSync(join(dataDir, 'app.sqlite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('an unknown flag is refused the same way', async () => {
    const database = await freshDatabase();
    const server = startProcess(envOf(database), ['--demo-data']);
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/^Configuration error: Unknown option '--demo-data'/);
  });
});

describe('running it', () => {
  it('answers the health probes: alive, and ready with every check', async () => {
    const database = await freshDatabase();
    const server = startProcess(envOf(database));
    const base = await baseOf(server);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', roundDrawer: 'ok', liveFanOut: 'ok', passwordPool: 'ok' },
      problems: [],
    });
  });

  it('SIGTERM: requests in flight are answered, the lease is handed over, exit code 0', async () => {
    const database = await freshDatabase();
    // At info level the server logs each request it has received ("incoming request"). The grace is
    // longer than the test may run: a loaded machine's slow checks are waited for, never cut.
    const server = startProcess({ ...envOf(database), LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '600' });
    const base = await baseOf(server);
    // Logins hash with scrypt at the production cost (most of a second): still running at the signal.
    const inFlight = Array.from({ length: 2 }, (_, i) =>
      post(base, ApiPath.login, { username: `nobody${i}x`, password: 'wrong123' }),
    );
    await server.waitFor(
      /"url":"\/api\/Index\/login"[^\n]*"incoming request"[^]*"url":"\/api\/Index\/login"[^\n]*"incoming request"/,
    );
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.code)).toEqual([1002, 1002]);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // Inside the grace: past it, the server says so and closes the connections by force.
    expect(server.output()).not.toMatch(/requests still running/);
    const lease = await database.db.selectFrom('scheduler_lease').select(['expires_at']).executeTakeFirstOrThrow();
    expect(lease.expires_at).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('SIGTERM with live streams open: they end at once, and the process exits without waiting out the grace', async () => {
    const database = await freshDatabase();
    const server = startProcess(envOf(database), ['--demo']);
    const base = await baseOf(server);
    const login = await post<{ token: string }>(base, ApiPath.login, { username: 'demo01', password: 'demo1234' });
    const streams = await Promise.all(
      [0, 1].map(async () => {
        const { data } = await post<{ ticket: string }>(base, ApiPath.liveTicket, { token: login.data.token });
        const response = await fetch(`${base}/api/live/member?ticket=${data.ticket}`);
        expect(response.headers.get('content-type')).toContain('text/event-stream');
        return response.body!.getReader();
      }),
    );
    // Each stream has said its first word (the snapshot), so it is open and idle.
    await Promise.all(streams.map((reader) => reader.read()));
    server.child.kill('SIGTERM');
    // Each stream is ended by the server (the reader sees its end, not a connection torn down).
    await Promise.all(
      streams.map(async (reader) => {
        for (;;) if ((await reader.read()).done) return;
      }),
    );
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // Open streams would keep the server waiting out its grace, then have it say so and close them by force.
    expect(server.output()).not.toMatch(/requests still running/);
  });

  it('after kill -9, the next due round is drawn by the new server, not skipped', async () => {
    const database = await freshDatabase();
    const timing = { ROUND_SECONDS: '10', CLOSE_SECONDS: '2' };
    const first = startProcess({ ...envOf(database), ...timing });
    await baseOf(first);
    const open = await database.db
      .selectFrom('rounds')
      .select(['id', 'draw_at'])
      .where('status', '=', 'open')
      .orderBy('draw_at')
      .executeTakeFirstOrThrow();
    first.child.kill('SIGKILL');
    await first.exited;
    // The dead process still holds the lease; wait until its round is due.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, open.draw_at - Date.now() + 200)));

    const second = startProcess({ ...envOf(database), ...timing });
    const base = await baseOf(second);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // How soon is the scheduler's own test (a gone holder's lease is taken at once): here, that it
    // is drawn at all. The wait is a guard against a hang.
    const answeredAt = Date.now();
    let drawnAt: number | null = null;
    while (drawnAt === null && Date.now() - answeredAt < 60_000) {
      const round = await database.db
        .selectFrom('rounds')
        .select(['drawn_at'])
        .where('id', '=', open.id)
        .executeTakeFirstOrThrow();
      drawnAt = round.drawn_at;
      if (drawnAt === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(drawnAt, 'the overdue round was drawn').not.toBeNull();
    // Drawn when it was due, by the scheduler of the new process (the old one was dead by then).
    expect(drawnAt!).toBeGreaterThanOrEqual(open.draw_at);
  });
});

describe('the draw secret', () => {
  it('is made on the first start (0600, named in the banner and the log); missing later, the start is refused', async () => {
    const database = await freshDatabase();
    const first = startProcess(envOf(database));
    await first.waitFor(/^Draw secret: .*$/m);
    const file = database.secretFile;
    expect(first.output()).toContain(`Draw secret: ${file} (back it up apart from the database)`);
    expect(first.output()).toMatch(/"level":40,.*"file":".*draw-secret".*made a new draw secret file \(mode 0600\)/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/m);
    if (database.dialect === 'sqlite') {
      for (const suffix of ['', '-wal', '-shm']) {
        expect(statSync(join(database.dir, `app.sqlite${suffix}`)).mode & 0o777, suffix).toBe(0o600);
      }
    }
    await baseOf(first);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    // The rounds of the first start came from that secret: without it the server does not start.
    rmSync(file);
    const second = startProcess(envOf(database));
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toMatch(
      /^The server could not start: the draw secret file .*draw-secret is missing, but the hash chains of games 1, 4, 15 were made from a secret/m,
    );
    expect(second.output()).toMatch(/draw-secret:rotate --lost/);
    expect(existsSync(file)).toBe(false);
  });
});
