import { Rng } from '@attila/core';
import type { TribesState } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { search, type SearchStats } from './ismcts.js';
import { cheatingBot, peekingBot, peekingSampler, trueStateSampler } from './search-bots.js';
import { conflictWithHiddenCards, randomGame } from './testkit.js';

function statsOf(sample: () => TribesState, seed: string): SearchStats {
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

/** `s` with its draw pile in another order and another generator for reshuffles: the same to a peeking bot. */
function deckTwin(s: TribesState, seed: string): TribesState {
  const twin = s.clone();
  const rng = Rng.fromSeed(seed);
  rng.shuffle(twin.draw.subarray(twin.drawPos, twin.drawEnd));
  twin.rng.reseed(rng.nextU32());
  return twin;
}

describe('the peeking bot sees the hands but not the deck', () => {
  const positions = [2, 3].flatMap((players) => [
    ...[10, 30, 60].map((moves) => randomGame(players, `peek-${players}-${moves}`, moves)),
    ...[0, 1, 2].map((k) => conflictWithHiddenCards(players, `peek-commit-${players}-${k}`)),
  ]);
  const live = positions.filter((s): s is TribesState => s !== null && !s.over && s.drawEnd - s.drawPos > 1);

  it('a sample keeps every hand and face-down card, and holds the same draw pile in some order', () => {
    expect(live.length).toBeGreaterThan(8);
    for (const [i, s] of live.entries()) {
      const sample = peekingSampler(s, Rng.fromSeed(`sample-${i}`))();
      expect(sample.hands).toEqual(s.hands);
      expect(sample.committed).toEqual(s.committed);
      expect(sample.discard).toEqual(s.discard);
      const pile = (t: TribesState) => Array.from(t.draw.subarray(t.drawPos, t.drawEnd));
      expect(pile(sample).sort()).toEqual(pile(s).sort());
    }
  });

  it('the same decision with the same seed whatever the deck order; the cheating bot changes its mind', () => {
    const peek = peekingBot('peeking', { iterations: 80 });
    const cheat = cheatingBot('cheating', { iterations: 80 });
    let cheatChanged = 0;
    for (const [i, s] of live.entries()) {
      const twin = deckTwin(s, `deck-${i}`);
      expect(peek.choose(twin, Rng.fromSeed(`p-${i}`))).toBe(peek.choose(s, Rng.fromSeed(`p-${i}`)));
      if (cheat.choose(twin, Rng.fromSeed(`p-${i}`)) !== cheat.choose(s, Rng.fromSeed(`p-${i}`)))
        cheatChanged++;
    }
    expect(cheatChanged).toBeGreaterThan(0);
  });
});
