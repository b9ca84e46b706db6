import { defineConfig } from 'vitest/config';

// Browser tests: the real server and Debian's Chromium, one file at a time (the machine has 2 cores).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
