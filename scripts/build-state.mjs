// Whether a build holds the current sources: `npm start` rebuilds the app (dist/) and the server
// (build/server/) when they do not, so an upgrade (git pull, a new release unpacked over the old
// one) never keeps serving the old code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The app: dist/index.html is written last, and a change to any source makes dist/ out of date. */
export const APP_BUILD = {
  output: 'dist/index.html',
  sources: [
    'src/client',
    'src/shared',
    'public',
    'locales',
    'vite.config.ts',
    'lingui.config.ts',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ],
};

/** The compiled server (scripts/build-server.mjs; the locales it reads at run time, not built in). */
export const SERVER_BUILD = {
  output: 'build/server/main.mjs',
  sources: [
    'src/server',
    'src/shared',
    'scripts/build-server.mjs',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ],
};

/** The newest modification time under a path (a file or a folder), 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why `target` must be built before serving, or null when its build is current. */
export function staleBuildReason(root = '.', env = process.env, target = APP_BUILD) {
  if (env.REBUILD === '1') return 'REBUILD=1';
  const output = join(root, target.output);
  if (!existsSync(output)) return `${target.output} is missing`;
  const built = statSync(output).mtimeMs;
  const changed = target.sources.filter((path) => newestMtime(join(root, path)) > built);
  return changed.length > 0 ? `sources changed since the last build: ${changed.join(', ')}` : null;
}
