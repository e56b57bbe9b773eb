/** The app's own version, written in at build time from package.json (vite.config.ts `define`). */
export function appVersion(): string {
  return typeof __APP_VERSION__ === 'string' && __APP_VERSION__ !== '' ? __APP_VERSION__ : 'dev';
}
