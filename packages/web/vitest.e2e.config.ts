import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongFirst } from './e2e/long-first.js';

// Browser tests: the real server and Debian's Chromium. Three files at a time: a file spends most of its time
// waiting (for a bot, a socket, a page, an event's start), so three overlap well on the machine's 2 cores
// (with two, the whole run used about 0.4 of a core: 612 CPU s in 1650 s; with three, 628 s in 1212 s,
// the same 49 files, 2026-12-03, nice'd beside other work at load 10-11); every file starts its own server
// on a free port and its own browser, so they share nothing.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    // A server started without --db keeps its database in the user's data folder: in tests, a throwaway one.
    env: { XDG_DATA_HOME: join(tmpdir(), 'attila-tests-data') },
    hookTimeout: 60_000,
    fileParallelism: true,
    sequence: { sequencer: LongFirst },
    maxWorkers: 3,
    // One more try for a browser test that failed: on this 2-core machine a test beside another file's browser
    // and server has missed a bound by milliseconds (1008 ms of a 1000 ms one) or a page has taken 30 s to
    // render. A real bug fails both tries; the report names every test that needed its second ("retry x1").
    retry: 1,
    // A browser waits on a server, a socket, a password's hash: on a busy machine that takes seconds, not the
    // default second of expect.poll (an account's name not yet shown 1 s after its claim failed a run). A poll returns
    // as soon as it holds, so only a failure waits the longer.
    expect: { poll: { timeout: 10_000 } },
  },
});
