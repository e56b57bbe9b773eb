/** The environment, parsed and checked at start (config.ts): every variable, good and bad values. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('configuration from the environment', () => {
  it('has production defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      databasePoolSize: 10,
      publicApiUrl: '',
      logLevel: 'warn',
      trustProxy: false,
      https: false,
      sqliteSynchronous: 'FULL',
      sms: null,
      loginLimitPerMinute: undefined,
      shutdownGraceMs: 10_000,
    });
  });

  it('SHUTDOWN_GRACE_SECONDS sets how long a stopping server lets requests finish', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceMs).toBe(30_000);
    for (const bad of ['0', '-5', '1.5', 'long']) {
      expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('DATABASE_POOL_SIZE sets the connections an instance keeps to PostgreSQL', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
    for (const bad of ['0', '-5', '1.5', 'many', '100001']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(ConfigError);
    }
  });

  it('LOGIN_LIMIT_PER_MINUTE raises or lowers the logins allowed from one address', () => {
    expect(loadConfig({ LOGIN_LIMIT_PER_MINUTE: '120' }).loginLimitPerMinute).toBe(120);
    for (const bad of ['0', '-5', '1.5', 'many', '100001']) {
      expect(() => loadConfig({ LOGIN_LIMIT_PER_MINUTE: bad }), bad).toThrow(ConfigError);
    }
  });

  it.each([
    ['off', false],
    ['0', false],
    ['1', { hops: 1, peers: [] }],
    ['2', { hops: 2, peers: [] }],
    ['1,203.0.113.7, 198.51.100.0/24', { hops: 1, peers: ['203.0.113.7', '198.51.100.0/24'] }],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 192.168.0.0/16,::1', ['10.0.0.5', '192.168.0.0/16', '::1']],
    ['fd00::/8', ['fd00::/8']],
  ])('TRUST_PROXY=%s trusts %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    'true',
    'yes',
    '11',
    'proxy.local',
    '10.0.0.0/33',
    '10.0.0.5,',
    '1.2.3.4/8/9',
    '0,10.0.0.5',
    '1,proxy.local',
    '1,2',
  ])('TRUST_PROXY=%s is refused', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  });

  it('reads switches, levels and URLs, and refuses anything else with the variable named', () => {
    expect(loadConfig({ HTTPS: 'on' }).https).toBe(true);
    expect(loadConfig({ HTTPS: 'false' }).https).toBe(false);
    expect(loadConfig({ LOG_LEVEL: 'INFO' }).logLevel).toBe('info');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('NORMAL');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/app' }).databaseUrl).toBe(
      'postgresql://u:p@db:5432/app',
    );
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.example.com' }).publicApiUrl).toBe('https://api.example.com');
    expect(loadConfig({ PORT: ' ' }).port).toBe(8080);

    const refused: [string, string, RegExp][] = [
      ['HTTPS', 'sometimes', /^HTTPS must be on or off/],
      ['LOG_LEVEL', 'verbose', /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
      ['SQLITE_SYNCHRONOUS', 'OFF', /^SQLITE_SYNCHRONOUS must be one of FULL, NORMAL/],
      ['DATABASE_URL', 'mysql://db/app', /^DATABASE_URL must start with postgres:\/\//],
      ['DATABASE_URL', 'not a url', /^DATABASE_URL must be a URL/],
      ['PUBLIC_API_URL', 'javascript:alert(1)', /^PUBLIC_API_URL must be an http/],
      ['PORT', '80.5', /^PORT must be 0-65535/],
      ['PORT', '-1', /^PORT must be 0-65535/],
    ];
    for (const [name, value, message] of refused) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(message);
    }
  });

  it('keeps the ledger key as it keeps the draw secret: outside DATA_DIR, a file beside it by default, or LEDGER_KEY', () => {
    expect(loadConfig({}).ledgerKey).toEqual({ kind: 'file', path: resolve('./secrets/ledger-key') });
    const a = 'ab'.repeat(32);
    expect(loadConfig({ LEDGER_KEY: a }).ledgerKey).toEqual({ kind: 'env', secrets: [a] });
    expect(() =>
      loadConfig({ DATA_DIR: '/srv/rp/data', DRAW_SECRET_FILE: '/srv/d', LEDGER_KEY_FILE: '/srv/rp/data/k' }),
    ).toThrow(
      /^LEDGER_KEY_FILE must be outside DATA_DIR \(\/srv\/rp\/data\): a copy of the data folder must never hold the ledger key/,
    );
    expect(() => loadConfig({ LEDGER_KEY: a, LEDGER_KEY_FILE: '/srv/k' })).toThrow(
      /^set LEDGER_KEY or LEDGER_KEY_FILE, not both$/,
    );
    expect(() => loadConfig({ LEDGER_KEY: 'abc' })).toThrow(/^LEDGER_KEY must be one or more secrets of 64 hex digits/);
  });

  it('keeps the draw secret outside DATA_DIR: a file beside the data folder by default, or DRAW_SECRET', () => {
    expect(loadConfig({}).drawSecret).toEqual({ kind: 'file', path: resolve('./secrets/draw-secret') });
    expect(loadConfig({ DATA_DIR: '/srv/rp/data', DRAW_SECRET_FILE: '/srv/rp/secret/draw' }).drawSecret).toEqual({
      kind: 'file',
      path: '/srv/rp/secret/draw',
    });
    const a = 'ab'.repeat(32);
    const b = 'CD'.repeat(32);
    expect(loadConfig({ DRAW_SECRET: `${a}, ${b}` }).drawSecret).toEqual({
      kind: 'env',
      secrets: [a, b.toLowerCase()],
    });

    for (const file of ['/srv/rp/data/draw-secret', '/srv/rp/data', '/srv/rp/data/keys/../draw']) {
      expect(() => loadConfig({ DATA_DIR: '/srv/rp/data', DRAW_SECRET_FILE: file }), file).toThrow(
        /^DRAW_SECRET_FILE must be outside DATA_DIR \(\/srv\/rp\/data\)/,
      );
    }
    // The default file is refused too when the data folder holds it.
    expect(() => loadConfig({ DATA_DIR: '.' })).toThrow(/^DRAW_SECRET_FILE must be outside DATA_DIR/);
    expect(() => loadConfig({ DRAW_SECRET: a, DRAW_SECRET_FILE: '/srv/secret' })).toThrow(
      /^set DRAW_SECRET or DRAW_SECRET_FILE, not both$/,
    );
    for (const bad of ['abc', `${a},`, `${a}0`, 'zz'.repeat(32)]) {
      let message = '';
      try {
        loadConfig({ DRAW_SECRET: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, bad).toMatch(/^DRAW_SECRET must be one or more secrets of 64 hex digits/);
      // A message never repeats what was given: it may be most of a secret.
      expect(message).not.toContain(bad);
    }
  });

  it('reads the SMS sender: a provider by URL and key, or the console only by name', () => {
    expect(loadConfig({ SMS_API_URL: 'https://sms.example.com/v1/send', SMS_API_KEY: 'k-1' }).sms).toEqual({
      kind: 'http',
      url: 'https://sms.example.com/v1/send',
      key: 'k-1',
    });
    expect(
      loadConfig({ SMS_SENDER: 'HTTP', SMS_API_URL: 'http://127.0.0.1:9000/send', SMS_API_KEY: 'k' }).sms,
    ).toMatchObject({ kind: 'http', url: 'http://127.0.0.1:9000/send' });
    expect(loadConfig({ SMS_SENDER: 'console' }).sms).toEqual({ kind: 'console' });

    const refused: [Record<string, string>, RegExp][] = [
      [{ SMS_SENDER: 'email' }, /^SMS_SENDER must be http or console, got "email"$/],
      [{ SMS_SENDER: 'http' }, /^SMS_SENDER=http needs SMS_API_URL/],
      [{ SMS_API_URL: 'https://sms.example.com/send' }, /^SMS_API_URL needs SMS_API_KEY/],
      [{ SMS_API_KEY: 'k' }, /^SMS_API_KEY is set without SMS_API_URL/],
      [{ SMS_API_URL: 'http://sms.example.com/send', SMS_API_KEY: 'k' }, /^SMS_API_URL must be an https:\/\/ URL/],
      [{ SMS_API_URL: 'not a url', SMS_API_KEY: 'k' }, /^SMS_API_URL must be an https:\/\/ URL/],
      [{ SMS_API_URL: 'https://sms.example.com/send', SMS_API_KEY: 'two words' }, /^SMS_API_KEY must be printable/],
      [{ SMS_SENDER: 'console', SMS_API_URL: 'https://sms.example.com/send' }, /^SMS_SENDER=console prints codes/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
