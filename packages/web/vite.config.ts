import { defineConfig } from 'vite';

// Preact through the built-in transformer's automatic JSX runtime: no framework plugin needed.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The solver reads an optional tuning variable from the environment; browsers have none.
  define: { 'process.env.IDMAX': 'undefined' },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
});
