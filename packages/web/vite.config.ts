import { defineConfig } from 'vite';

// Preact through the built-in transformer's automatic JSX runtime: no framework plugin needed.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The solver reads an optional tuning variable from the environment; browsers have none.
  define: {
    'process.env.IDMAX': 'undefined',
    // zod without its `new Function` probe: the server's Content-Security-Policy allows no eval, and the
    // browser reports the probe as a violation even though zod catches it (its config is read at load).
    'globalThis.__zod_globalConfig': JSON.stringify({ jitless: true }),
  },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
});
