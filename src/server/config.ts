/**
 * Server settings from the environment (README documents each). Every variable is parsed and
 * checked here, once, before the server or the admin command opens or writes anything: a bad
 * value stops the start with one line naming the variable (ConfigError, exit code 1).
 */
import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';

/** pino's own levels; anything else would make the logger throw after the database was opened. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** SQLite's durability of a commit (README, "Durability"). */
export const SQLITE_SYNCHRONOUS = ['FULL', 'NORMAL'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

/**
 * Which proxies may tell the client's address in X-Forwarded-For: false (none: the socket's
 * address), a hop count (the last N proxies, the nearest of which must connect from loopback, a
 * private network or one of `peers`), or a list of proxy addresses and CIDR ranges.
 */
export type TrustProxy = false | { hops: number; peers: string[] } | string[];

/**
 * How verification codes leave (sms.ts): an HTTP provider, the console (demo and tests, asked for
 * by name), or null when nothing is configured (`npm run demo` then prints them; a plain start
 * refuses to send codes).
 */
export type SmsConfig = { kind: 'http'; url: string; key: string } | { kind: 'console' };

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the embedded SQLite database (used when no DATABASE_URL is set). */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl: string | null;
  /**
   * DATABASE_POOL_SIZE: connections this instance keeps to PostgreSQL (default 10). Each order is
   * one round trip, so a few connections carry an instance; instances times this must stay below
   * the database's max_connections.
   */
  databasePoolSize: number;
  /** What GET /manifest.json tells the app to use as API base; '' means the same origin. */
  publicApiUrl: string;
  /** Folder of the built app (vite build output). */
  distDir: string;
  /** The server's renderer of the app's first screens (RENDERER_FILE, built beside the app). */
  rendererFile: string;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** The operator serves the site over HTTPS (behind a TLS proxy): send HSTS. */
  https: boolean;
  /** SQLite's `synchronous` setting: FULL (default) makes every acknowledged commit survive a power cut. */
  sqliteSynchronous: SqliteSynchronous;
  /**
   * ROUND_SECONDS / CLOSE_SECONDS: every game's round length and close window for rounds made by
   * this process, over the operator's values (for test and e2e runs with short rounds).
   */
  roundTiming: { roundSeconds?: number; closeSeconds?: number };
  drawSecret: DrawSecretSource;
  /**
   * LEDGER_KEY / LEDGER_KEY_FILE: the Ed25519 keys that sign the fund log's heads (domain/signedLedger),
   * kept as the draw secret is: newest first, outside DATA_DIR, never in the database or a backup.
   */
  ledgerKey: DrawSecretSource;
  /**
   * Notifications (Web Push, domain/push): VAPID_KEY / VAPID_KEY_FILE, the P-256 key that signs the
   * server's pushes (RFC 8292), kept as the draw secret is; VAPID_SUBJECT, the operator's contact
   * the push services are given (mailto: or https:), without which notifications are off; and
   * PUSH_SERVICE_HOSTS, the push services the server sends to (a member's device names its own
   * service: any other host is refused, so a subscription never makes the server call elsewhere).
   */
  push: PushConfig;
  /** SMS_SENDER, SMS_API_URL, SMS_API_KEY. */
  sms: SmsConfig | null;
  /**
   * LOGIN_LIMIT_PER_MINUTE: logins a minute from one address (default 10). Members behind one
   * shared address (an office, a carrier's NAT) may need more; guessing stays limited per member.
   */
  loginLimitPerMinute: number | undefined;
  /**
   * SHUTDOWN_GRACE_SECONDS: how long a stopping server lets requests in flight finish before it
   * closes their connections (default 10; match the supervisor's own grace, as a container's).
   */
  shutdownGraceMs: number;
}

/**
 * Where the draw secret (the seed every hash chain is made from) comes from: a file of mode 0600
 * outside DATA_DIR (DRAW_SECRET_FILE), or DRAW_SECRET itself. Either holds one or more secrets,
 * newest first: new chains come from the first, and the others draw the rounds committed before a
 * rotation.
 */
export type DrawSecretSource = { kind: 'file'; path: string } | { kind: 'env'; secrets: readonly string[] };

/** DRAW_SECRET_FILE's default: beside the default data folder, never in it. */
export const DEFAULT_DRAW_SECRET_FILE = './secrets/draw-secret';

/** LEDGER_KEY_FILE's default: beside the draw secret. */
export const DEFAULT_LEDGER_KEY_FILE = './secrets/ledger-key';

/** VAPID_KEY_FILE's default: beside the draw secret. */
export const DEFAULT_VAPID_KEY_FILE = './secrets/vapid-key';

/**
 * The browsers' push services (Chrome and Edge's FCM, Firefox's autopush, Safari's, Windows'): a
 * host, or `*.` and a domain for its subdomains.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export interface PushConfig {
  key: DrawSecretSource;
  /** null: notifications are off (no VAPID_SUBJECT). */
  subject: string | null;
  serviceHosts: readonly string[];
}

/** One draw secret as written in DRAW_SECRET or the file: 32 bytes in hex. */
export const DRAW_SECRET_PATTERN = /^[0-9a-f]{64}$/i;

/** DATABASE_POOL_SIZE's default. */
export const DEFAULT_POOL_SIZE = 10;

export class ConfigError extends Error {}

/** The variable's value, or undefined when it is unset or blank. */
function valueOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new ConfigError(`PORT must be 0-65535, got "${raw}"`);
  return port;
}

function parseSeconds(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > 86_400) {
    throw new ConfigError(`${name} must be a whole number of seconds from ${min} to 86400, got "${raw}"`);
  }
  return value;
}

function parseRoundTiming(env: NodeJS.ProcessEnv): ServerConfig['roundTiming'] {
  const roundSeconds = parseSeconds('ROUND_SECONDS', valueOf(env, 'ROUND_SECONDS'), 10);
  const closeSeconds = parseSeconds('CLOSE_SECONDS', valueOf(env, 'CLOSE_SECONDS'), 0);
  if (roundSeconds !== undefined && closeSeconds !== undefined && closeSeconds >= roundSeconds) {
    throw new ConfigError('CLOSE_SECONDS must be less than ROUND_SECONDS');
  }
  return {
    ...(roundSeconds !== undefined ? { roundSeconds } : {}),
    ...(closeSeconds !== undefined ? { closeSeconds } : {}),
  };
}

function parseLimit(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 100_000) {
    throw new ConfigError(`${name} must be a whole number from 1 to 100000, got "${raw}"`);
  }
  return value;
}

function parseOneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback;
  const found = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
  if (!found) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return found;
}

function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined) return false;
  const value = raw.toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be on or off (1/0, true/false), got "${raw}"`);
}

function isCidrOrAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: unset or "off" trusts no proxy; a whole number trusts that many proxy hops when the
 * connection comes from loopback or a private network, and addresses or CIDR ranges after it
 * (`1,203.0.113.7`) are further proxies it may come from; a comma-separated list of addresses or
 * CIDR ranges trusts those proxies. "true" (trust any left-most X-Forwarded-For, which any client
 * can forge) is refused.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || ['off', 'false', '0', 'no'].includes(raw.toLowerCase())) return false;
  const entries = raw.split(',').map((entry) => entry.trim());
  const hopCount = /^\d+$/.test(entries[0]) ? Number(entries[0]) : null;
  const addresses = hopCount === null ? entries : entries.slice(1);
  const bad = addresses.filter((entry) => !isCidrOrAddress(entry));
  if (bad.length > 0 || (hopCount === null && addresses.length === 0)) {
    throw new ConfigError(
      `TRUST_PROXY must be off, a hop count (e.g. 1, or 1,203.0.113.7 to also accept that proxy) or a list ` +
        `of proxy addresses or CIDR ranges (e.g. 10.0.0.1,192.168.0.0/16), got "${raw}"`,
    );
  }
  if (hopCount === null) return addresses;
  if (hopCount < 1 || hopCount > 10) throw new ConfigError(`TRUST_PROXY as a hop count must be 1-10, got "${raw}"`);
  return { hops: hopCount, peers: addresses };
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL like postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//"`);
  }
  return raw;
}

function parsePublicApiUrl(raw: string | undefined): string {
  if (raw === undefined) return '';
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(`PUBLIC_API_URL must be an http:// or https:// URL, got "${raw}"`);
  }
  return raw;
}

/** Whether `path` is `folder` or lies anywhere under it. */
function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** How a secret of the draw secret's kind is configured: its two variables, its default file, its name. */
interface SecretVariables {
  inline: string;
  file: string;
  defaultFile: string;
  label: string;
}

const DRAW_SECRET_VARIABLES: SecretVariables = {
  inline: 'DRAW_SECRET',
  file: 'DRAW_SECRET_FILE',
  defaultFile: DEFAULT_DRAW_SECRET_FILE,
  label: 'the draw secret',
};

const VAPID_KEY_VARIABLES: SecretVariables = {
  inline: 'VAPID_KEY',
  file: 'VAPID_KEY_FILE',
  defaultFile: DEFAULT_VAPID_KEY_FILE,
  label: 'the VAPID key',
};

const LEDGER_KEY_VARIABLES: SecretVariables = {
  inline: 'LEDGER_KEY',
  file: 'LEDGER_KEY_FILE',
  defaultFile: DEFAULT_LEDGER_KEY_FILE,
  label: 'the ledger key',
};

/**
 * DRAW_SECRET (secrets, newest first, comma-separated) or DRAW_SECRET_FILE (a path outside DATA_DIR,
 * so that a copy of the data folder never holds it); LEDGER_KEY and LEDGER_KEY_FILE alike. Both at
 * once would leave the operator unsure which one is used, so that is refused. The secrets
 * themselves are never part of a message.
 */
function parseSecretSource(env: NodeJS.ProcessEnv, dataDir: string, names: SecretVariables): DrawSecretSource {
  const inline = valueOf(env, names.inline);
  const file = valueOf(env, names.file);
  if (inline !== undefined) {
    if (file !== undefined) throw new ConfigError(`set ${names.inline} or ${names.file}, not both`);
    const secrets = inline.split(',').map((part) => part.trim().toLowerCase());
    if (!secrets.every((secret) => DRAW_SECRET_PATTERN.test(secret))) {
      throw new ConfigError(
        `${names.inline} must be one or more secrets of 64 hex digits (32 bytes, e.g. from openssl rand -hex 32), ` +
          'newest first, separated by commas',
      );
    }
    return { kind: 'env', secrets };
  }
  const path = resolve(file ?? names.defaultFile);
  if (isInside(path, dataDir)) {
    throw new ConfigError(
      `${names.file} must be outside DATA_DIR (${dataDir}): a copy of the data folder must never hold ${names.label}, got "${path}"`,
    );
  }
  return { kind: 'file', path };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** VAPID_SUBJECT (mailto: or https:, RFC 8292) and PUSH_SERVICE_HOSTS (comma-separated hosts or `*.domain`). */
function parsePush(env: NodeJS.ProcessEnv, dataDir: string): PushConfig {
  const subject = valueOf(env, 'VAPID_SUBJECT') ?? null;
  if (subject !== null && !/^mailto:[^@\s]+@[^@\s]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https:// URL, got "${subject}"`);
  }
  const hosts = valueOf(env, 'PUSH_SERVICE_HOSTS');
  const serviceHosts = hosts === undefined ? DEFAULT_PUSH_SERVICE_HOSTS : hosts.split(',').map((host) => host.trim());
  if (!serviceHosts.every((host) => /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host))) {
    throw new ConfigError('PUSH_SERVICE_HOSTS must be host names (or *.domain), separated by commas');
  }
  return { key: parseSecretSource(env, dataDir, VAPID_KEY_VARIABLES), subject, serviceHosts };
}

/** The provider's URL: HTTPS, since the key and the codes travel in it (plain HTTP only on this machine). */
function parseSmsUrl(raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  const local = url !== null && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (!url || (url.protocol !== 'https:' && !local)) {
    throw new ConfigError(`SMS_API_URL must be an https:// URL (http:// only to this machine), got "${raw}"`);
  }
  return raw;
}

/**
 * SMS_SENDER picks the sender: `http` (the default when SMS_API_URL is set) needs SMS_API_URL and
 * SMS_API_KEY; `console` prints codes, and is refused beside a provider's settings so that a
 * forgotten value never prints codes a provider should have sent.
 */
function parseSms(env: NodeJS.ProcessEnv): SmsConfig | null {
  const kind = valueOf(env, 'SMS_SENDER')?.toLowerCase();
  const url = valueOf(env, 'SMS_API_URL');
  const key = valueOf(env, 'SMS_API_KEY');
  if (kind !== undefined && kind !== 'http' && kind !== 'console') {
    throw new ConfigError(`SMS_SENDER must be http or console, got "${valueOf(env, 'SMS_SENDER')}"`);
  }
  if (kind === 'console') {
    if (url !== undefined || key !== undefined) {
      throw new ConfigError(
        'SMS_SENDER=console prints codes instead of sending them: unset SMS_API_URL and SMS_API_KEY',
      );
    }
    return { kind: 'console' };
  }
  if (url === undefined) {
    if (kind === 'http') throw new ConfigError('SMS_SENDER=http needs SMS_API_URL, the address of the provider');
    if (key !== undefined) throw new ConfigError('SMS_API_KEY is set without SMS_API_URL');
    return null;
  }
  if (key === undefined) throw new ConfigError('SMS_API_URL needs SMS_API_KEY, the key of the provider');
  // It goes into a header: printable ASCII without spaces, so it cannot break the request.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ConfigError('SMS_API_KEY must be printable ASCII without spaces');
  }
  return { kind: 'http', url: parseSmsUrl(url), key };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(valueOf(env, 'DATA_DIR') ?? './data');
  return {
    port: parsePort(valueOf(env, 'PORT')),
    host: valueOf(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: parseDatabaseUrl(valueOf(env, 'DATABASE_URL')),
    databasePoolSize: parseLimit('DATABASE_POOL_SIZE', valueOf(env, 'DATABASE_POOL_SIZE')) ?? DEFAULT_POOL_SIZE,
    publicApiUrl: parsePublicApiUrl(valueOf(env, 'PUBLIC_API_URL')),
    distDir: resolve(valueOf(env, 'DIST_DIR') ?? './dist'),
    rendererFile: resolve(valueOf(env, 'RENDERER_FILE') ?? './build/ssr/renderPage.js'),
    logLevel: parseOneOf('LOG_LEVEL', valueOf(env, 'LOG_LEVEL'), LOG_LEVELS, 'warn'),
    trustProxy: parseTrustProxy(valueOf(env, 'TRUST_PROXY')),
    https: parseSwitch('HTTPS', valueOf(env, 'HTTPS')),
    sqliteSynchronous: parseOneOf('SQLITE_SYNCHRONOUS', valueOf(env, 'SQLITE_SYNCHRONOUS'), SQLITE_SYNCHRONOUS, 'FULL'),
    roundTiming: parseRoundTiming(env),
    drawSecret: parseSecretSource(env, dataDir, DRAW_SECRET_VARIABLES),
    ledgerKey: parseSecretSource(env, dataDir, LEDGER_KEY_VARIABLES),
    push: parsePush(env, dataDir),
    sms: parseSms(env),
    loginLimitPerMinute: parseLimit('LOGIN_LIMIT_PER_MINUTE', valueOf(env, 'LOGIN_LIMIT_PER_MINUTE')),
    shutdownGraceMs: (parseLimit('SHUTDOWN_GRACE_SECONDS', valueOf(env, 'SHUTDOWN_GRACE_SECONDS')) ?? 10) * 1000,
  };
}
