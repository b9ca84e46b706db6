import { Rng } from '@attila/core';
import { isLegal, viewOf, type TribesState } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { LEVEL_BUDGETS, tribesSearchers } from './levels.js';
import { ismctsBot } from './search-bots.js';
import { randomGame } from './testkit.js';

function positions(): TribesState[] {
  const out: TribesState[] = [];
  for (const players of [2, 4])
    for (let k = 0; k < 12; k++) out.push(randomGame(players, `levels-${players}-${k}`, 5 + 9 * k));
  return out.filter((s) => !s.over);
}

// Easy searched 200 iterations until medium was not shown above it in 4-player games (ratings README,
// "Tribes levels climb"); at 50 it still beats greedy, by less.
describe('easy: a short search, well below medium', { timeout: 120_000 }, () => {
  const all = positions();

  it('searches 50 iterations a decision', () => {
    expect(LEVEL_BUDGETS.easy).toEqual({ iterations: 50 });
  });

  it('plays the moves of a 50-iteration search over greedy’s best six, not those of the old 200', () => {
    const at = (iterations: number) => ismctsBot('x', { iterations });
    let unlikeOld = 0;
    for (const [i, s] of all.entries()) {
      const view = viewOf(s, { seat: s.toAct });
      const easy = tribesSearchers.easy.choose(view, s.map, Rng.fromSeed(`e-${i}`));
      expect(isLegal(s, easy)).toBe(true);
      expect(easy).toBe(at(50).choose(view, s.map, Rng.fromSeed(`e-${i}`)));
      if (easy !== at(200).choose(view, s.map, Rng.fromSeed(`e-${i}`))) unlikeOld++;
    }
    expect(all.length).toBeGreaterThan(15);
    expect(unlikeOld).toBeGreaterThan(0);
  });
});
