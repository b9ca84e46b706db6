import { Rng } from '@attila/core';
import { determinize, viewOf } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { search, type SearchStats } from './ismcts.js';
import { randomGame } from './testkit.js';

describe('search early termination (the most visited move is chosen)', () => {
  it('stopping once the leader cannot be overtaken gives the full budget’s move, with fewer iterations', () => {
    let savedSome = false;
    for (const players of [2, 3]) {
      for (const moves of [6, 30, 60]) {
        const s = randomGame(players, `early-${players}-${moves}`, moves);
        if (s.over) continue;
        const view = viewOf(s, { seat: s.toAct });
        const run = (earlyStop: boolean) => {
          const rng = Rng.fromSeed(`early/${players}/${moves}`);
          let stats: SearchStats | null = null;
          const move = search(() => determinize(view, s.map, rng), rng, {
            budget: { iterations: 3000 },
            earlyStop,
            onStats: (st) => (stats = st),
          });
          return { move, stats: stats! as SearchStats };
        };
        const full = run(false);
        const early = run(true);
        expect(early.move).toBe(full.move);
        if (full.stats.iterations > 0) expect(full.stats.iterations).toBe(3000);
        if (early.stats.stoppedEarly && early.stats.iterations > 0) {
          expect(early.stats.iterations).toBeLessThan(3000);
          savedSome = true;
        }
      }
    }
    expect(savedSome).toBe(true);
  });
});
