/* global process */
/**
 * StrykerJS for one target of scripts/mutation.sh: MUTATION_TARGET names it, TARGETS below say which source
 * files are mutated and which tests must kill the mutants. Reports land in reports/mutation/<target>/.
 */
const TARGETS = {
  // The server's pure decisions: a command's change, the rules of a move and of seats.
  server: {
    mutate: [
      'packages/server/src/commands.ts',
      'packages/server/src/moves.ts',
      'packages/server/src/seating.ts',
    ],
    tests: [
      'packages/server/src/commands.test.ts',
      'packages/server/src/moves.test.ts',
      'packages/server/src/seating.test.ts',
    ],
  },
  ratings: {
    mutate: ['packages/ratings/src/**/*.ts', '!packages/ratings/src/**/*.test.ts'],
    tests: ['packages/ratings/src/**/*.test.ts'],
  },
  knights: {
    mutate: ['packages/knights/src/**/*.ts', '!packages/knights/src/**/*.test.ts'],
    tests: ['packages/knights/src/**/*.test.ts'],
  },
  tribes: {
    mutate: [
      'packages/tribes/src/**/*.ts',
      '!packages/tribes/src/**/*.test.ts',
      '!packages/tribes/src/**/*.test-support.ts',
      '!packages/tribes/src/testkit.ts',
    ],
    tests: ['packages/tribes/src/**/*.test.ts'],
  },
};

const name = process.env.MUTATION_TARGET ?? '';
const target = TARGETS[name];
if (!target)
  throw new Error(`MUTATION_TARGET must be one of ${Object.keys(TARGETS).join(', ')}, not "${name}"`);
process.env.MUTATION_TESTS = target.tests.join(',');
// MUTATION_FILES (comma-separated paths) narrows a run to some of the target's files, when time is short.
const only = (process.env.MUTATION_FILES ?? '').split(',').filter(Boolean);
// MUTATION_LABEL keeps such a partial run's reports apart: reports/mutation/<target>-<label>/.
const label = process.env.MUTATION_LABEL ? `${name}-${process.env.MUTATION_LABEL}` : name;

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: true },
  mutate: only.length ? only : target.mutate,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${label}/mutation.json` },
  htmlReporter: { fileName: `reports/mutation/${label}/index.html` },
  tempDirName: `.stryker-tmp/${label}`,
  // A run after new tests re-tests only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: `reports/mutation/${label}/stryker-incremental.json`,
  // Another target's sandbox and the reports are not part of the project to copy.
  ignorePatterns: ['.stryker-tmp', 'reports', 'packages/web/dist', 'screenshots', 'test-results'],
  // One worker: the machine is shared (two cores); run it at a low priority (scripts/mutation.sh does).
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // Added to a mutant's expected time before it counts as timed out (an endless loop): the machine is
  // shared, so generous, but not so long that a run of looping mutants takes hours.
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 10_000),
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
