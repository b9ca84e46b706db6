import { Rng } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { search, type SearchStats } from './ismcts.js';
import { trueStateSampler } from './search-bots.js';
import { randomGame } from './testkit.js';

function statsOf(sample: () => ReturnType<typeof randomGame>, seed: string): SearchStats {
  let stats: SearchStats | null = null;
  search(sample, Rng.fromSeed(seed), {
    budget: { iterations: 300 },
    earlyStop: false,
    onStats: (s) => (stats = s),
  });
  return stats!;
}

describe('the cheating bot samples the true state', () => {
  it('one reused copy searches exactly as a fresh clone per iteration (same visits and rewards)', () => {
    let searched = 0;
    for (const players of [2, 3, 5]) {
      for (let g = 0; g < 6; g++) {
        const state = randomGame(players, `cheat-${players}-${g}`, 15 + 11 * g);
        if (state.over) continue;
        const before = state.clone();
        const reused = statsOf(trueStateSampler(state), `s-${players}-${g}`);
        const fresh = statsOf(() => state.clone(), `s-${players}-${g}`);
        expect(reused.root).toEqual(fresh.root);
        expect(reused.iterations).toBe(fresh.iterations);
        // The true state is only read.
        expect(state.hands).toEqual(before.hands);
        expect(state.draw).toEqual(before.draw);
        expect(state.rng.state()).toBe(before.rng.state());
        if (reused.iterations > 0) searched++;
      }
    }
    expect(searched).toBeGreaterThan(10);
  });

  it('each sample restores the generator, so reshuffles in the playout repeat the true ones', () => {
    const state = randomGame(2, 'cheat-rng', 40);
    const sample = trueStateSampler(state);
    const first = sample();
    const words = first.rng.state();
    first.rng.nextU32();
    first.hands.fill(0);
    const second = sample();
    expect(second).toBe(first);
    expect(second.rng.state()).toBe(words);
    expect(second.hands).toEqual(state.hands);
  });
});
