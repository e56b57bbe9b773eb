import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCatalogs } from './scripts/errorCatalogs';
import { precompress } from './scripts/precompress';
import { inlineCss } from './scripts/inlineCss';
import { appManifest, localizedManifests } from './scripts/manifests';
import { workboxOptions } from './scripts/serviceWorker';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
/** The app's own version, shown on the version page (src/client/pwa/version.ts). */
const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: '../../public',
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
    // The renderer carries its libraries (ssr.noExternal) in their production builds, whatever the
    // server's environment says.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  ssr: { noExternal: true },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/client/vendor/useSyncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: isSsrBuild ? '../../build/ssr' : '../../dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    // One stylesheet, written into index.html (scripts/inlineCss.ts): no screen waits for styles of its own.
    cssCodeSplit: false,
    // Which chunk holds each language's catalogues: the server links the page's own language for
    // preloading (server routes/appPage.ts), as Vite's backend integration reads it.
    manifest: !isSsrBuild,
    // Shared pieces of a few hundred bytes join a chunk that always loads with them: on HTTP/1.1 a
    // phone's first screen otherwise waits on a dozen extra requests. (What the entry imports is one
    // file as long as main.tsx has no top-level await.)
    rollupOptions: { output: { experimentalMinChunkSize: 8_000 } },
  },
  server: { proxy: { '/api': apiTarget } },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    errorCatalogs(),
    // The server's renderer (src/client/ssr/, `vite build --ssr`) is the same components and nothing
    // of the browser's build: no service worker, manifests, inlined styles or compressed copies.
    ...(isSsrBuild ? [] : browserBuildPlugins()),
  ],
}));

function browserBuildPlugins() {
  return [
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'app.webmanifest',
      includeAssets: ['icons/*.png', 'icons/*.svg', 'robots.txt'],
      manifest: appManifest('vi'),
      workbox: workboxOptions,
    }),
    localizedManifests(),
    inlineCss(),
    precompress(),
  ];
}
