// The app as `npm run build` makes it: Vite's production build into dist/. NODE_ENV is set, never
// inherited: under vitest it is `test`, with which Vite would bundle React's development build.
import { spawnSync } from 'node:child_process';

/** Builds dist/, printing only warnings and errors; answers the build's exit code. */
export function buildApp() {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return built.status ?? 1;
}
