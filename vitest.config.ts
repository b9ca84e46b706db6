import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const SERVER = 'packages/server/src/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    // A server started without --db keeps its database in the user's data folder: in tests, a throwaway one.
    env: { XDG_DATA_HOME: join(tmpdir(), 'attila-tests-data') },
    // At least two files at a time (Vitest's default is one fewer than the cores: one on a 2-core machine):
    // many files spend much of their time waiting (for a child process, a socket, a database, a timer), so
    // two overlap well even on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `slow`: an exhaustive or random sweep of seconds. `npm test` runs it; the mutation runs
    // (scripts/mutation/) leave it out, since it would run once per mutant.
    tags: [{ name: 'slow', description: 'an exhaustive or random sweep of seconds' }],
    projects: [
      {
        extends: true,
        // The server's files start servers, child processes and database schemas, and some count what a
        // whole process did (metrics, health): each keeps its own process.
        // One more try for a server test that failed, as in the browser suite: these start processes, kill them
        // and wait for leases to lapse on a shared 2-core machine, where a wait has run past its bound under
        // load (an events test at load 12, once in five runs, not again in eight). A real bug fails both tries,
        // and the report names every test that needed its second.
        test: { name: 'server', include: [SERVER], retry: 1 },
      },
      {
        extends: true,
        // Pure code and command-line tests: no state outlives a file, so the files share a worker process
        // and the modules it loaded, instead of each starting a fresh process and importing the packages
        // again (about half of these files' time was that).
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          exclude: [SERVER],
          isolate: false,
          // Node's own `import` with tsx's loader instead of Vite's module runner: the same sources, compiled by
          // esbuild either way (no file here uses vi.mock or a Vite-only import). The solver's sweep in
          // bots/src/knights/table/standard.test.ts ran 2.6 times slower under the runner (41.5 s, here 18.3 s);
          // this project as a whole: 80.5 s -> 70.7 s, 129 -> 110 CPU s (2026-12-03, nice'd, load 1-4).
          execArgv: ['--import', 'tsx'],
          experimental: { viteModuleRunner: false },
        },
      },
    ],
  },
});
