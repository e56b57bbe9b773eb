/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** A shared catalogue (locales/errors) compiled at build by scripts/errorCatalogs.ts. */
declare module '*.po?compiled' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The app's version from package.json, written in by vite.config.ts `define` (absent under vitest). */
declare const __APP_VERSION__: string | undefined;
