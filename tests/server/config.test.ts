/** The environment, parsed and checked at start (config.ts): every variable, good and bad values. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('configuration from the environment', () => {
  it('has production defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      publicApiUrl: '',
      logLevel: 'warn',
      trustProxy: false,
      https: false,
      sqliteSynchronous: 'FULL',
    });
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
});
