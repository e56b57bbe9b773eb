/**
 * Server settings from the environment (README documents each). Parsed once at start so a typo
 * in PORT fails loudly instead of listening somewhere unexpected.
 */
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the embedded SQLite database (used when no DATABASE_URL is set). */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl: string | null;
  /** What GET /manifest.json tells the app to use as API base; '' means the same origin. */
  publicApiUrl: string;
  /** Folder of the built app (vite build output). */
  distDir: string;
  logLevel: string;
  /** Trust X-Forwarded-For for the client address (rate limits): only behind a reverse proxy. */
  trustProxy: boolean;
  /**
   * ROUND_SECONDS / CLOSE_SECONDS: every game's round length and close window for rounds made by
   * this process, over the operator's values (for test and e2e runs with short rounds).
   */
  roundTiming: { roundSeconds?: number; closeSeconds?: number };
}

export class ConfigError extends Error {}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be 0-65535, got "${raw}"`);
  return port;
}

function parseSeconds(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > 86_400) {
    throw new ConfigError(`${name} must be a whole number of seconds from ${min} to 86400, got "${raw}"`);
  }
  return value;
}

function parseRoundTiming(env: NodeJS.ProcessEnv): ServerConfig['roundTiming'] {
  const roundSeconds = parseSeconds('ROUND_SECONDS', env.ROUND_SECONDS, 10);
  const closeSeconds = parseSeconds('CLOSE_SECONDS', env.CLOSE_SECONDS, 0);
  if (roundSeconds !== undefined && closeSeconds !== undefined && closeSeconds >= roundSeconds) {
    throw new ConfigError('CLOSE_SECONDS must be less than ROUND_SECONDS');
  }
  return {
    ...(roundSeconds !== undefined ? { roundSeconds } : {}),
    ...(closeSeconds !== undefined ? { closeSeconds } : {}),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    publicApiUrl: env.PUBLIC_API_URL?.trim() ?? '',
    distDir: resolve(env.DIST_DIR?.trim() || './dist'),
    logLevel: env.LOG_LEVEL?.trim() || 'warn',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    roundTiming: parseRoundTiming(env),
  };
}
