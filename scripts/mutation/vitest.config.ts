/**
 * The Vitest configuration StrykerJS runs for one mutation target (scripts/mutation.sh): only the target's
 * own test files (MUTATION_TESTS, comma-separated globs), in one project, so the dry run and every mutant
 * run those and not the whole suite. Tests tagged `slow` (exhaustive or random sweeps of seconds, which
 * `npm test` runs) are left out: each mutant would run them, hours on two cores. The scores measured are
 * those of the example tests, a lower bound.
 */
import { defineConfig } from 'vitest/config';

const tests = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (tests.length === 0)
  throw new Error('MUTATION_TESTS: the test files of the target (comma-separated globs)');

export default defineConfig({
  test: {
    include: tests,
    testTimeout: 60_000,
    tags: [{ name: 'slow', description: 'an exhaustive or random sweep of seconds' }],
    tagsFilter: ['!slow'],
  },
});
