import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './pwa-manifest.js';

/**
 * The version the app shows and the service worker's files carry: the package's, or `ATTILA_VERSION` when a
 * deployment names its own (a rebuild with another version changes the precached files, so installed apps
 * offer the update).
 */
const version =
  process.env.ATTILA_VERSION ??
  (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

// Preact through the built-in transformer's automatic JSX runtime: no framework plugin needed.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The Knights bots (in the hotseat's bot worker) look for their opening book file through node:fs; the
  // browser has no files, so these stand-ins say "no book" and the solver searches instead.
  resolve: {
    alias: {
      'node:fs': fileURLToPath(new URL('./src/knights/browser/node-fs.ts', import.meta.url)),
      'node:url': fileURLToPath(new URL('./src/knights/browser/node-url.ts', import.meta.url)),
    },
  },
  // The solver reads an optional tuning variable from the environment; browsers have none.
  define: {
    'process.env.IDMAX': 'undefined',
    // zod without its `new Function` probe: the server's Content-Security-Policy allows no eval, and the
    // browser reports the probe as a violation even though zod catches it (its config is read at load).
    'globalThis.__zod_globalConfig': JSON.stringify({ jitless: true }),
    __ATTILA_VERSION__: JSON.stringify(version),
  },
  plugins: [
    VitePWA({
      // A new version waits until the player says "reload" (a hotseat game in progress is never cut short).
      registerType: 'prompt',
      // Registered by ui/update-prompt.tsx through the plugin's Preact hook: no inline script (the CSP).
      injectRegister: false,
      manifest: webAppManifest,
      workbox: {
        // Everything the hotseat games and the in-browser bots need: the engines, the map's coastline chunk,
        // the solver's worker, the icons.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Routes are hashes, so every page is index.html; the API, the socket and health stay network-only.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/health/],
        cleanupOutdatedCaches: true,
        // The opening table's file (a few hundred kilobytes; its name carries its hash, so a rebuilt table is a
        // new file): not precached, fetched when the analysis first needs it, then served from this cache,
        // offline too; a newer file replaces the old one.
        runtimeCaching: [
          {
            urlPattern: /\/assets\/[^/?]+\.table$/,
            handler: 'CacheFirst',
            options: { cacheName: 'knights-opening-table', expiration: { maxEntries: 1 } },
          },
        ],
        // Web Push: showing a notice and opening its game on a click (public/push-sw.js).
        importScripts: ['push-sw.js'],
      },
    }),
  ],
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
});
