// Whether dist/ holds a build of the current sources: `npm start` rebuilds when it does not, so an
// upgrade (git pull, a new release unpacked over the old one) never keeps serving the old app.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: a change to any of these makes dist/ out of date. */
export const BUILD_SOURCES = [
  'src/client',
  'src/shared',
  'public',
  'locales',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** The newest modification time under a path (a file or a folder), 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the app must be built before serving, or null when dist/ is current. */
export function staleBuildReason(root = '.', env = process.env) {
  if (env.REBUILD === '1') return 'REBUILD=1';
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return 'dist/ is missing';
  const built = statSync(index).mtimeMs;
  const changed = BUILD_SOURCES.filter((path) => newestMtime(join(root, path)) > built);
  return changed.length > 0 ? `sources changed since the last build: ${changed.join(', ')}` : null;
}
