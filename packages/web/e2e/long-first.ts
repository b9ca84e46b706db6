import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files that take minutes, longest first (clean-clone CI, 2026-12-02: the arena about 340 s, most of
 * it waiting out the shortest arena the rules allow; the Swiss about 160 s; the Tribes rounds about 110 s).
 * Vitest orders files it has no timings for by size, so on a fresh clone these small files started last and
 * the suite waited for them alone at its end; started first, they overlap the rest.
 */
const LONG = ['events-arena', 'events', 'events-tribes', 'app', 'analysis-board', 'lessons', 'a11y'];

const rank = (file: TestSpecification) => {
  const name = /([^/]+)\.e2e\.ts$/.exec(file.moduleId)?.[1] ?? '';
  const i = LONG.indexOf(name);
  return i < 0 ? LONG.length : i;
};

export class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order (failed first, then by earlier timings or size) among the rest; Array.sort is stable.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
