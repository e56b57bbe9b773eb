// What the test suites need from the machine, checked before any suite starts (`npm test` runs this
// first, and so does CI): Chromium for the browser suite, the PostgreSQL server binaries for the
// PostgreSQL suite, and Chinese fonts for the browser suite's screenshots. On a machine that can
// install them (root with apt-get), missing pieces are installed with one line said; otherwise the
// run stops at once with one line naming what is missing and the command that installs it, so no
// suite starts half-equipped. A path set explicitly (CHROMIUM_PATH, POSTGRES_BIN_DIR) is never
// replaced by an install: when it is wrong, the run stops.
//
// Plain Node with no dependencies: CI runs it before `npm ci`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeVersionWarning } from './node-version.mjs';

export const PG_BINARIES = ['initdb', 'pg_ctl', 'postgres'];

/** Which suites (vitest projects) a run selects: every one unless `--project` names some. */
export function selectedProjects(argv) {
  const named = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--project' && argv[i + 1]) named.push(argv[++i]);
    else if (arg.startsWith('--project=')) named.push(arg.slice('--project='.length));
  }
  return named.length > 0 ? named : ['unit', 'server', 'server-pg', 'client', 'e2e'];
}

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium the browser suite drives. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * A PostgreSQL server binary: in POSTGRES_BIN_DIR when set, else on PATH, else where Debian keeps
 * them (/usr/lib/postgresql/<version>/bin, outside PATH), the newest version first.
 */
export function findPgBinary(name, env = process.env) {
  if (env.POSTGRES_BIN_DIR) {
    const path = join(env.POSTGRES_BIN_DIR, name);
    return executable(path) ? path : null;
  }
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8', env });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  const debian = spawnSync('sh', ['-c', `ls -d /usr/lib/postgresql/*/bin/${name} 2>/dev/null | sort -V | tail -n1`], {
    encoding: 'utf8',
  });
  return debian.stdout.trim() || null;
}

function hasChineseFont() {
  const listed = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  if (listed.status === 0) return listed.stdout.trim().length > 0;
  return spawnSync('dpkg', ['-s', 'fonts-noto-cjk'], { stdio: 'ignore' }).status === 0;
}

/**
 * What the selected suites lack: each with the words for the message, the Debian package that
 * provides it, and whether an install may provide it (not when an explicit path is wrong).
 */
export function missingPieces(projects, env = process.env) {
  const missing = [];
  if (projects.includes('e2e')) {
    const chromium = chromiumPath(env);
    if (!executable(chromium)) {
      missing.push({
        what: env.CHROMIUM_PATH ? `Chromium at CHROMIUM_PATH=${chromium}` : `Chromium (${chromium})`,
        apt: 'chromium',
        installable: !env.CHROMIUM_PATH,
      });
    }
    if (!hasChineseFont()) missing.push({ what: 'Chinese fonts', apt: 'fonts-noto-cjk', installable: true });
  }
  if (projects.includes('server-pg')) {
    const absent = PG_BINARIES.filter((name) => !findPgBinary(name, env));
    if (absent.length > 0) {
      missing.push({
        what: env.POSTGRES_BIN_DIR
          ? `the PostgreSQL server binaries in POSTGRES_BIN_DIR=${env.POSTGRES_BIN_DIR} (${absent.join(', ')})`
          : `the PostgreSQL server binaries (${absent.join(', ')})`,
        apt: 'postgresql',
        installable: !env.POSTGRES_BIN_DIR,
      });
    }
  }
  return missing;
}

function canInstall() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function install(packages) {
  console.log(`Installing from Debian for the test suites: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8', env });
  const result =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { encoding: 'utf8', env })
      : update;
  if (result.status !== 0) {
    process.stderr.write(result.stderr || result.stdout || '');
    return false;
  }
  return true;
}

function stop(pieces) {
  const packages = [...new Set(pieces.map((piece) => piece.apt))].join(' ');
  console.error(
    `npm test needs ${pieces.map((piece) => piece.what).join(' and ')}: install with ` +
      `\`sudo apt-get install -y ${packages}\`` +
      (pieces.some((piece) => !piece.installable) ? ' or correct the path set in the environment' : '') +
      '; no suite was started.',
  );
  process.exit(1);
}

/** Checks (and where it can, installs) what the selected suites need; exits 1 when it cannot. */
export function preflight(argv = process.argv.slice(2), env = process.env) {
  // On standard output: standard error holds only the one line that stops the run.
  const warning = nodeVersionWarning();
  if (warning) console.log(warning);
  const projects = selectedProjects(argv);
  const missing = missingPieces(projects, env);
  if (missing.length === 0) return;
  if (!missing.every((piece) => piece.installable) || !canInstall()) stop(missing);
  if (!install([...new Set(missing.map((piece) => piece.apt))])) stop(missing);
  const still = missingPieces(projects, env);
  if (still.length > 0) stop(still);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) preflight();
