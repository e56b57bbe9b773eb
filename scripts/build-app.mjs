// The app as `npm run build` makes it: Vite's production build into dist/. NODE_ENV is set, never
// inherited: under vitest it is `test`, with which Vite would bundle React's development build.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** The server's renderer of first screens, built from the same components (vite.config.ts). */
export const SSR_ENTRY = 'build/ssr/renderPage.js';

function vite(...args) {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return built.status ?? 1;
}

/**
 * Builds the server's renderer (build/ssr/) and then dist/, printing only warnings and errors;
 * answers the exit code. dist/index.html is written last: its time tells the build current.
 */
export function buildApp() {
  return vite('--ssr', 'ssr/renderPage.tsx') || vite();
}

// `npm run build` runs this file.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = buildApp();
